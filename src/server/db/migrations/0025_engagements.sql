CREATE TABLE "audit_engagements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"framework_id" text NOT NULL,
	"audit_type" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"fieldwork_start" date NOT NULL,
	"fieldwork_end" date NOT NULL,
	"access_ends_on" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_request_evidence" (
	"organization_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"evidence_id" uuid NOT NULL,
	"linked_by" uuid,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_request_evidence_request_id_evidence_id_pk" PRIMARY KEY("request_id","evidence_id")
);
--> statement-breakpoint
CREATE TABLE "audit_request_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"author_id" uuid,
	"author_kind" text NOT NULL,
	"kind" text NOT NULL,
	"decision" text,
	"body" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"engagement_id" uuid NOT NULL,
	"ref" text NOT NULL,
	"requirement_id" text,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"due_on" date,
	"last_decision" text,
	"task_request_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_samples" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"engagement_id" uuid NOT NULL,
	"request_id" uuid,
	"name" text NOT NULL,
	"header" jsonb NOT NULL,
	"rows" jsonb NOT NULL,
	"population_sha256" text NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sample_size" integer,
	"seed" text,
	"selected" jsonb,
	"drawn_by" uuid,
	"drawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "engagement_auditors" (
	"engagement_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_visit_at" timestamp with time zone,
	CONSTRAINT "engagement_auditors_engagement_id_user_id_pk" PRIMARY KEY("engagement_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "audit_engagements" ADD CONSTRAINT "audit_engagements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_request_evidence" ADD CONSTRAINT "audit_request_evidence_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_request_evidence" ADD CONSTRAINT "audit_request_evidence_request_id_audit_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."audit_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_request_evidence" ADD CONSTRAINT "audit_request_evidence_evidence_id_evidence_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidence"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_request_messages" ADD CONSTRAINT "audit_request_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_request_messages" ADD CONSTRAINT "audit_request_messages_request_id_audit_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."audit_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_requests" ADD CONSTRAINT "audit_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_requests" ADD CONSTRAINT "audit_requests_engagement_id_audit_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."audit_engagements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_samples" ADD CONSTRAINT "audit_samples_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_samples" ADD CONSTRAINT "audit_samples_engagement_id_audit_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."audit_engagements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_samples" ADD CONSTRAINT "audit_samples_request_id_audit_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."audit_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_auditors" ADD CONSTRAINT "engagement_auditors_engagement_id_audit_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."audit_engagements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_auditors" ADD CONSTRAINT "engagement_auditors_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_engagements_org_idx" ON "audit_engagements" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_request_messages_request_idx" ON "audit_request_messages" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_requests_engagement_ref" ON "audit_requests" USING btree ("engagement_id","ref");--> statement-breakpoint
CREATE INDEX "audit_requests_engagement_status_idx" ON "audit_requests" USING btree ("engagement_id","status");--> statement-breakpoint
CREATE INDEX "audit_samples_engagement_idx" ON "audit_samples" USING btree ("engagement_id");--> statement-breakpoint
CREATE INDEX "engagement_auditors_user_idx" ON "engagement_auditors" USING btree ("user_id");

--> statement-breakpoint
-- Audit engagements (docs/audit.md): tenant tables with row-level security. An engagement's auditors
-- are not in the organization's tenant; they see the engagement and its auditor rows through their own
-- user id, and everything else inside a transaction scoped to the engagement's organization.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['audit_requests', 'audit_request_evidence', 'audit_request_messages', 'audit_samples']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (app_tenant_visible(organization_id)) WITH CHECK (app_tenant_visible(organization_id))',
                   t || '_tenant', t);
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE engagement_auditors ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE engagement_auditors FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY engagement_auditors_tenant ON engagement_auditors
  USING (app_tenant_visible(organization_id) OR user_id = app_current_user_id())
  WITH CHECK (app_tenant_visible(organization_id) OR user_id = app_current_user_id());
--> statement-breakpoint
ALTER TABLE audit_engagements ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE audit_engagements FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY audit_engagements_tenant ON audit_engagements
  USING (app_tenant_visible(organization_id)
         OR id IN (SELECT engagement_id FROM engagement_auditors WHERE user_id = app_current_user_id()))
  WITH CHECK (app_tenant_visible(organization_id));

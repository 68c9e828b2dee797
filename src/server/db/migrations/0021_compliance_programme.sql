CREATE TABLE "control_mappings" (
	"control_id" text NOT NULL,
	"requirement_id" text NOT NULL,
	"relation" text NOT NULL,
	CONSTRAINT "control_mappings_control_id_requirement_id_pk" PRIMARY KEY("control_id","requirement_id")
);
--> statement-breakpoint
CREATE TABLE "controls" (
	"id" text PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"freshness_days" integer NOT NULL,
	"evidence_hint" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_controls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"control_id" text NOT NULL,
	"owner_id" uuid,
	"status" text DEFAULT 'not_started' NOT NULL,
	"applicable" boolean DEFAULT true NOT NULL,
	"justification" text DEFAULT '' NOT NULL,
	"business_unit" text DEFAULT '' NOT NULL,
	"environment" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evidence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"url" text,
	"sha256" text,
	"file_name" text,
	"media_type" text,
	"size_bytes" bigint,
	"collected_at" timestamp with time zone NOT NULL,
	"period_start" date,
	"period_end" date,
	"expires_at" timestamp with time zone NOT NULL,
	"stale_at" timestamp with time zone,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"region" text DEFAULT '' NOT NULL,
	"business_unit" text DEFAULT '' NOT NULL,
	"environment" text DEFAULT '' NOT NULL,
	"data_classification" text DEFAULT '' NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evidence_controls" (
	"organization_id" uuid NOT NULL,
	"evidence_id" uuid NOT NULL,
	"control_id" text NOT NULL,
	CONSTRAINT "evidence_controls_evidence_id_control_id_pk" PRIMARY KEY("evidence_id","control_id")
);
--> statement-breakpoint
CREATE TABLE "evidence_notices" (
	"organization_id" uuid NOT NULL,
	"evidence_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"task_request_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evidence_notices_evidence_id_kind_pk" PRIMARY KEY("evidence_id","kind")
);
--> statement-breakpoint
CREATE TABLE "framework_requirements" (
	"id" text PRIMARY KEY NOT NULL,
	"framework_id" text NOT NULL,
	"ref" text NOT NULL,
	"parent_ref" text,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"position" integer NOT NULL,
	"depth" integer NOT NULL,
	"assessable" boolean NOT NULL,
	"not_addressable" text
);
--> statement-breakpoint
CREATE TABLE "frameworks" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"full_name" text NOT NULL,
	"version" text NOT NULL,
	"publisher" text NOT NULL,
	"region" text NOT NULL,
	"audit_types" text[] DEFAULT '{}' NOT NULL,
	"text_source" text NOT NULL,
	"licence" text NOT NULL,
	"position" integer NOT NULL,
	"source_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_frameworks" (
	"organization_id" uuid NOT NULL,
	"framework_id" text NOT NULL,
	"target_date" date,
	"audit_type" text,
	"activated_by" uuid,
	"activated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_frameworks_organization_id_framework_id_pk" PRIMARY KEY("organization_id","framework_id")
);
--> statement-breakpoint
CREATE TABLE "readiness_snapshots" (
	"organization_id" uuid NOT NULL,
	"framework_id" text NOT NULL,
	"day" date NOT NULL,
	"score" integer NOT NULL,
	"counts" jsonb NOT NULL,
	"programme" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "readiness_snapshots_organization_id_framework_id_day_pk" PRIMARY KEY("organization_id","framework_id","day")
);
--> statement-breakpoint
CREATE TABLE "risk_controls" (
	"organization_id" uuid NOT NULL,
	"risk_id" uuid NOT NULL,
	"control_id" text NOT NULL,
	CONSTRAINT "risk_controls_risk_id_control_id_pk" PRIMARY KEY("risk_id","control_id")
);
--> statement-breakpoint
CREATE TABLE "risks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"ref" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"likelihood" integer NOT NULL,
	"impact" integer NOT NULL,
	"residual_likelihood" integer NOT NULL,
	"residual_impact" integer NOT NULL,
	"treatment" text NOT NULL,
	"treatment_plan" text DEFAULT '' NOT NULL,
	"owner_id" uuid,
	"review_date" date,
	"status" text DEFAULT 'open' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"business_unit" text DEFAULT '' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "control_mappings" ADD CONSTRAINT "control_mappings_control_id_controls_id_fk" FOREIGN KEY ("control_id") REFERENCES "public"."controls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_mappings" ADD CONSTRAINT "control_mappings_requirement_id_framework_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."framework_requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_controls" ADD CONSTRAINT "organization_controls_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_controls" ADD CONSTRAINT "organization_controls_control_id_controls_id_fk" FOREIGN KEY ("control_id") REFERENCES "public"."controls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence" ADD CONSTRAINT "evidence_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_controls" ADD CONSTRAINT "evidence_controls_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_controls" ADD CONSTRAINT "evidence_controls_evidence_id_evidence_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidence"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_controls" ADD CONSTRAINT "evidence_controls_control_id_controls_id_fk" FOREIGN KEY ("control_id") REFERENCES "public"."controls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_notices" ADD CONSTRAINT "evidence_notices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_notices" ADD CONSTRAINT "evidence_notices_evidence_id_evidence_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidence"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "framework_requirements" ADD CONSTRAINT "framework_requirements_framework_id_frameworks_id_fk" FOREIGN KEY ("framework_id") REFERENCES "public"."frameworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_frameworks" ADD CONSTRAINT "organization_frameworks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_frameworks" ADD CONSTRAINT "organization_frameworks_framework_id_frameworks_id_fk" FOREIGN KEY ("framework_id") REFERENCES "public"."frameworks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readiness_snapshots" ADD CONSTRAINT "readiness_snapshots_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_controls" ADD CONSTRAINT "risk_controls_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_controls" ADD CONSTRAINT "risk_controls_risk_id_risks_id_fk" FOREIGN KEY ("risk_id") REFERENCES "public"."risks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_controls" ADD CONSTRAINT "risk_controls_control_id_controls_id_fk" FOREIGN KEY ("control_id") REFERENCES "public"."controls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risks" ADD CONSTRAINT "risks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "control_mappings_requirement_idx" ON "control_mappings" USING btree ("requirement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_controls_org_control" ON "organization_controls" USING btree ("organization_id","control_id");--> statement-breakpoint
CREATE INDEX "organization_controls_org_status_idx" ON "organization_controls" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "evidence_org_expires_idx" ON "evidence" USING btree ("organization_id","expires_at");--> statement-breakpoint
CREATE INDEX "evidence_org_created_idx" ON "evidence" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "evidence_controls_org_control_idx" ON "evidence_controls" USING btree ("organization_id","control_id");--> statement-breakpoint
CREATE INDEX "framework_requirements_framework_idx" ON "framework_requirements" USING btree ("framework_id","position");--> statement-breakpoint
CREATE INDEX "risks_org_idx" ON "risks" USING btree ("organization_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "risks_org_ref" ON "risks" USING btree ("organization_id","ref");--> statement-breakpoint
-- Row-level security on every tenant table of the compliance programme (docs/tenancy.md). The catalogue
-- (`frameworks`, `framework_requirements`, `controls`, `control_mappings`) is shared by every client and has none.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['organization_frameworks', 'readiness_snapshots', 'organization_controls', 'evidence',
                           'evidence_controls', 'evidence_notices', 'risks', 'risk_controls']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (app_tenant_visible(organization_id)) WITH CHECK (app_tenant_visible(organization_id))',
                   t || '_tenant', t);
  END LOOP;
END $$;

CREATE TABLE "attestation_acknowledgements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"policy_version" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "attestation_campaign_policies" (
	"organization_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"policy_version" integer NOT NULL,
	"evidence_id" uuid,
	"completed_at" timestamp with time zone,
	CONSTRAINT "attestation_campaign_policies_campaign_id_policy_id_pk" PRIMARY KEY("campaign_id","policy_id")
);
--> statement-breakpoint
CREATE TABLE "attestation_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"departments" text[] DEFAULT '{}' NOT NULL,
	"due_date" date NOT NULL,
	"reminder_every_days" integer NOT NULL,
	"next_reminder_at" timestamp with time zone,
	"links_expire_at" timestamp with time zone NOT NULL,
	"site_origin" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "attestation_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"person_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"department" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text NOT NULL,
	"previous_token_hash" text,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"removed_reason" text
);
--> statement-breakpoint
CREATE TABLE "people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"department" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"manager_id" uuid,
	"start_date" date,
	"end_date" date,
	"status" text DEFAULT 'active' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"ref" text NOT NULL,
	"title" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"current_version" integer NOT NULL,
	"effective_date" date NOT NULL,
	"review_date" date NOT NULL,
	"review_task_opened_for" date,
	"review_task_id" uuid,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_controls" (
	"organization_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"control_id" text NOT NULL,
	CONSTRAINT "policy_controls_policy_id_control_id_pk" PRIMARY KEY("policy_id","control_id")
);
--> statement-breakpoint
CREATE TABLE "policy_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"deliverable_id" uuid NOT NULL,
	"deliverable_version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"effective_date" date NOT NULL,
	"review_date" date NOT NULL,
	"change_summary" text DEFAULT '' NOT NULL,
	"published_by" uuid NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attestation_acknowledgements" ADD CONSTRAINT "attestation_acknowledgements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attestation_acknowledgements" ADD CONSTRAINT "attestation_acknowledgements_campaign_id_attestation_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."attestation_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attestation_acknowledgements" ADD CONSTRAINT "attestation_acknowledgements_recipient_id_attestation_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."attestation_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attestation_acknowledgements" ADD CONSTRAINT "attestation_acknowledgements_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attestation_campaign_policies" ADD CONSTRAINT "attestation_campaign_policies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attestation_campaign_policies" ADD CONSTRAINT "attestation_campaign_policies_campaign_id_attestation_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."attestation_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attestation_campaign_policies" ADD CONSTRAINT "attestation_campaign_policies_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attestation_campaign_policies" ADD CONSTRAINT "attestation_campaign_policies_evidence_id_evidence_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidence"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attestation_campaigns" ADD CONSTRAINT "attestation_campaigns_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attestation_recipients" ADD CONSTRAINT "attestation_recipients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attestation_recipients" ADD CONSTRAINT "attestation_recipients_campaign_id_attestation_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."attestation_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attestation_recipients" ADD CONSTRAINT "attestation_recipients_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_manager_id_people_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_controls" ADD CONSTRAINT "policy_controls_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_controls" ADD CONSTRAINT "policy_controls_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_controls" ADD CONSTRAINT "policy_controls_control_id_controls_id_fk" FOREIGN KEY ("control_id") REFERENCES "public"."controls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_deliverable_id_deliverables_id_fk" FOREIGN KEY ("deliverable_id") REFERENCES "public"."deliverables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attestation_acknowledgements_key" ON "attestation_acknowledgements" USING btree ("recipient_id","policy_id");--> statement-breakpoint
CREATE INDEX "attestation_campaigns_org_idx" ON "attestation_campaigns" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "attestation_campaigns_reminder_idx" ON "attestation_campaigns" USING btree ("next_reminder_at");--> statement-breakpoint
CREATE UNIQUE INDEX "attestation_recipients_person" ON "attestation_recipients" USING btree ("campaign_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "attestation_recipients_token" ON "attestation_recipients" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "attestation_recipients_prev_token" ON "attestation_recipients" USING btree ("previous_token_hash");--> statement-breakpoint
CREATE INDEX "attestation_recipients_person_idx" ON "attestation_recipients" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "people_org_email" ON "people" USING btree ("organization_id","email");--> statement-breakpoint
CREATE INDEX "people_org_department_idx" ON "people" USING btree ("organization_id","department");--> statement-breakpoint
CREATE INDEX "people_org_external_idx" ON "people" USING btree ("organization_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "policies_org_ref" ON "policies" USING btree ("organization_id","ref");--> statement-breakpoint
CREATE INDEX "policies_review_idx" ON "policies" USING btree ("review_date");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_versions_key" ON "policy_versions" USING btree ("policy_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_versions_source_key" ON "policy_versions" USING btree ("policy_id","deliverable_id","deliverable_version");--> statement-breakpoint
-- Row-level security on the roster, the policy center and attestation campaigns (docs/tenancy.md, decision 010).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['people', 'policies', 'policy_versions', 'policy_controls', 'attestation_campaigns',
                           'attestation_campaign_policies', 'attestation_recipients', 'attestation_acknowledgements']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (app_tenant_visible(organization_id)) WITH CHECK (app_tenant_visible(organization_id))',
                   t || '_tenant', t);
  END LOOP;
END $$;

CREATE TABLE "vendor_questionnaire_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"questionnaire_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"media_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_questionnaires" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"template" text NOT NULL,
	"questions" jsonb NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"score" integer,
	"score_band" text,
	"critical_gaps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"task_request_id" uuid,
	"sent_by" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_at" timestamp with time zone,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "vendor_questionnaire_files" ADD CONSTRAINT "vendor_questionnaire_files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_questionnaire_files" ADD CONSTRAINT "vendor_questionnaire_files_questionnaire_id_vendor_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."vendor_questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_questionnaires" ADD CONSTRAINT "vendor_questionnaires_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_questionnaires" ADD CONSTRAINT "vendor_questionnaires_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_questionnaires" ADD CONSTRAINT "vendor_questionnaires_task_request_id_task_requests_id_fk" FOREIGN KEY ("task_request_id") REFERENCES "public"."task_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_questionnaire_files_idx" ON "vendor_questionnaire_files" USING btree ("questionnaire_id","created_at");--> statement-breakpoint
CREATE INDEX "vendor_questionnaires_vendor_idx" ON "vendor_questionnaires" USING btree ("vendor_id","sent_at");--> statement-breakpoint
CREATE INDEX "vendor_questionnaires_org_idx" ON "vendor_questionnaires" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_questionnaires_token_key" ON "vendor_questionnaires" USING btree ("token_hash");--> statement-breakpoint
-- Vendor questionnaires (docs/vendor-questionnaires.md): tenant tables with row-level security, like every
-- workspace table (docs/tenancy.md, decision 010). The vendor's link reads and writes them as the system.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['vendor_questionnaires', 'vendor_questionnaire_files']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (app_tenant_visible(organization_id)) WITH CHECK (app_tenant_visible(organization_id))',
                   t || '_tenant', t);
  END LOOP;
END $$;

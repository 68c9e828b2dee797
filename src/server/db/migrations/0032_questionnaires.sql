CREATE TABLE "questionnaire_library_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"question_key" text NOT NULL,
	"question" text NOT NULL,
	"short_answer" text,
	"answer" text NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"owner_id" uuid NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"questionnaire_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"sheet" text NOT NULL,
	"row" integer NOT NULL,
	"text" text NOT NULL,
	"short_answer" text,
	"answer" text DEFAULT '' NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"confidence" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'unanswered' NOT NULL,
	"duplicate_of_id" uuid,
	"assignee_id" uuid,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"sha256" text NOT NULL,
	"sheets" jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "questionnaire_library_answers" ADD CONSTRAINT "questionnaire_library_answers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_questions" ADD CONSTRAINT "questionnaire_questions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_questions" ADD CONSTRAINT "questionnaire_questions_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_library_answers_key" ON "questionnaire_library_answers" USING btree ("organization_id","question_key");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_questions_position" ON "questionnaire_questions" USING btree ("questionnaire_id","position");--> statement-breakpoint
CREATE INDEX "questionnaires_org_idx" ON "questionnaires" USING btree ("organization_id","created_at");--> statement-breakpoint
-- Questionnaires and the answer library (docs/questionnaires.md): tenant tables with row-level security,
-- like every workspace table (docs/tenancy.md, decision 010).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['questionnaires', 'questionnaire_questions', 'questionnaire_library_answers']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (app_tenant_visible(organization_id)) WITH CHECK (app_tenant_visible(organization_id))',
                   t || '_tenant', t);
  END LOOP;
END $$;

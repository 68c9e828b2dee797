CREATE TABLE "agent_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"task_request_id" uuid NOT NULL,
	"agent_id" text NOT NULL,
	"job_id" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"review_notes" text,
	"provider" text,
	"model" text,
	"input_tokens" integer,
	"output_tokens" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"work_kind" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agents_work_kind_unique" UNIQUE("work_kind")
);
--> statement-breakpoint
CREATE TABLE "deliverable_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"deliverable_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"output_id" uuid NOT NULL,
	"body" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"published_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deliverables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"task_request_id" uuid NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"assigned_to" text DEFAULT '' NOT NULL,
	"current_version" integer DEFAULT 0 NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_outputs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"task_request_id" uuid NOT NULL,
	"run_id" uuid,
	"agent_id" text NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"confidence" integer NOT NULL,
	"summary" text NOT NULL,
	"key_findings" jsonb NOT NULL,
	"risk_score" integer NOT NULL,
	"recommendations" jsonb NOT NULL,
	"body" text NOT NULL,
	"sources" jsonb NOT NULL,
	"status" text DEFAULT 'pending_review' NOT NULL,
	"edited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "output_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"output_id" uuid NOT NULL,
	"task_request_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"scores" jsonb NOT NULL,
	"overall_score" real NOT NULL,
	"issues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"task_request_id" uuid,
	"uploaded_by" uuid NOT NULL,
	"file_name" text NOT NULL,
	"media_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"task_request_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"author_kind" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_request_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"task_request_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"department" text NOT NULL,
	"deadline" date,
	"frameworks" text[] DEFAULT '{}' NOT NULL,
	"source" text DEFAULT 'wizard' NOT NULL,
	"plan_id" uuid,
	"plan_step_id" uuid,
	"priority" text NOT NULL,
	"complexity" text NOT NULL,
	"estimate_min_days" integer NOT NULL,
	"estimate_max_days" integer NOT NULL,
	"work_kind" text NOT NULL,
	"agent_id" text NOT NULL,
	"classification_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"classified_by" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"assignee_id" uuid,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agent_runs" ADD CONSTRAINT "agent_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_runs" ADD CONSTRAINT "agent_runs_task_request_id_task_requests_id_fk" FOREIGN KEY ("task_request_id") REFERENCES "public"."task_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_runs" ADD CONSTRAINT "agent_runs_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverable_versions" ADD CONSTRAINT "deliverable_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverable_versions" ADD CONSTRAINT "deliverable_versions_deliverable_id_deliverables_id_fk" FOREIGN KEY ("deliverable_id") REFERENCES "public"."deliverables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverable_versions" ADD CONSTRAINT "deliverable_versions_output_id_ai_outputs_id_fk" FOREIGN KEY ("output_id") REFERENCES "public"."ai_outputs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverables" ADD CONSTRAINT "deliverables_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverables" ADD CONSTRAINT "deliverables_task_request_id_task_requests_id_fk" FOREIGN KEY ("task_request_id") REFERENCES "public"."task_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_outputs" ADD CONSTRAINT "ai_outputs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_outputs" ADD CONSTRAINT "ai_outputs_task_request_id_task_requests_id_fk" FOREIGN KEY ("task_request_id") REFERENCES "public"."task_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_outputs" ADD CONSTRAINT "ai_outputs_run_id_agent_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."agent_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_outputs" ADD CONSTRAINT "ai_outputs_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "output_reviews" ADD CONSTRAINT "output_reviews_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "output_reviews" ADD CONSTRAINT "output_reviews_output_id_ai_outputs_id_fk" FOREIGN KEY ("output_id") REFERENCES "public"."ai_outputs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "output_reviews" ADD CONSTRAINT "output_reviews_task_request_id_task_requests_id_fk" FOREIGN KEY ("task_request_id") REFERENCES "public"."task_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_attachments" ADD CONSTRAINT "task_attachments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_attachments" ADD CONSTRAINT "task_attachments_task_request_id_task_requests_id_fk" FOREIGN KEY ("task_request_id") REFERENCES "public"."task_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_comments" ADD CONSTRAINT "task_comments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_comments" ADD CONSTRAINT "task_comments_task_request_id_task_requests_id_fk" FOREIGN KEY ("task_request_id") REFERENCES "public"."task_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_request_events" ADD CONSTRAINT "task_request_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_request_events" ADD CONSTRAINT "task_request_events_task_request_id_task_requests_id_fk" FOREIGN KEY ("task_request_id") REFERENCES "public"."task_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_requests" ADD CONSTRAINT "task_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_requests" ADD CONSTRAINT "task_requests_plan_id_assistant_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."assistant_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_requests" ADD CONSTRAINT "task_requests_plan_step_id_assistant_plan_steps_id_fk" FOREIGN KEY ("plan_step_id") REFERENCES "public"."assistant_plan_steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_runs_request_idx" ON "agent_runs" USING btree ("task_request_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_runs_agent_status_idx" ON "agent_runs" USING btree ("agent_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_runs_job_key" ON "agent_runs" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deliverable_versions_key" ON "deliverable_versions" USING btree ("deliverable_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "deliverables_request_key" ON "deliverables" USING btree ("task_request_id");--> statement-breakpoint
CREATE INDEX "deliverables_org_status_idx" ON "deliverables" USING btree ("organization_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_outputs_request_version_key" ON "ai_outputs" USING btree ("task_request_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_outputs_run_key" ON "ai_outputs" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "ai_outputs_org_status_idx" ON "ai_outputs" USING btree ("organization_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "output_reviews_output_key" ON "output_reviews" USING btree ("output_id");--> statement-breakpoint
CREATE INDEX "output_reviews_org_created_idx" ON "output_reviews" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "task_attachments_request_idx" ON "task_attachments" USING btree ("task_request_id");--> statement-breakpoint
CREATE INDEX "task_attachments_org_idx" ON "task_attachments" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "task_comments_request_idx" ON "task_comments" USING btree ("task_request_id","created_at");--> statement-breakpoint
CREATE INDEX "task_request_events_request_idx" ON "task_request_events" USING btree ("task_request_id","created_at");--> statement-breakpoint
CREATE INDEX "task_requests_org_created_idx" ON "task_requests" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "task_requests_org_status_idx" ON "task_requests" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "task_requests_plan_idx" ON "task_requests" USING btree ("plan_id");--> statement-breakpoint
-- Row-level security on every tenant table of the pipeline (docs/tenancy.md): the second line behind
-- the tenant guard. `agents` is shared by all clients and has none.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['task_requests', 'task_request_events', 'task_comments', 'task_attachments', 'agent_runs',
                           'ai_outputs', 'output_reviews', 'deliverables', 'deliverable_versions']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (app_tenant_visible(organization_id)) WITH CHECK (app_tenant_visible(organization_id))',
                   t || '_tenant', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- The workforce (product.md §3 Demo agent): one agent per kind of work.
INSERT INTO "agents" ("id", "name", "type", "work_kind", "status", "description") VALUES
  ('policy-drafter', 'Policy Drafter', 'Policies', 'policy_draft', 'active', 'Drafts policies and procedures written for how the client works, mapped to the frameworks they follow.'),
  ('gap-analyst', 'Gap Analyst', 'Assessment', 'gap_assessment', 'active', 'Assesses the client against a framework requirement by requirement and says what is missing.'),
  ('risk-analyst', 'Risk Analyst', 'Risk', 'risk_register', 'active', 'Writes risk register entries: scenario, likelihood, impact, treatment and owner.'),
  ('evidence-collector', 'Evidence Collector', 'Evidence', 'evidence_checklist', 'active', 'Lists the evidence an auditor expects for a control, with where it comes from and how often.'),
  ('vendor-reviewer', 'Vendor Reviewer', 'Vendor risk', 'vendor_review', 'active', 'Summarises a vendor''s security posture from what the client provides and flags what to ask.'),
  ('questionnaire-responder', 'Questionnaire Responder', 'Questionnaires', 'questionnaire_answers', 'active', 'Drafts answers to customer security questionnaires from the client''s profile and earlier deliverables.')
ON CONFLICT ("id") DO NOTHING;

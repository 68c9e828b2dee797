CREATE TABLE "connection_check_states" (
	"organization_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"check_id" text NOT NULL,
	"outcome" text NOT NULL,
	"failing_since" timestamp with time zone,
	"failing_resources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"task_request_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connection_check_states_connection_id_check_id_pk" PRIMARY KEY("connection_id","check_id")
);
--> statement-breakpoint
CREATE TABLE "connection_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"error" text,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"connector_id" text NOT NULL,
	"name" text NOT NULL,
	"sealed_credentials" text NOT NULL,
	"credential_keys" text[] NOT NULL,
	"schedule" text DEFAULT 'daily' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"status_detail" text,
	"owner_id" uuid NOT NULL,
	"last_run_at" timestamp with time zone,
	"next_run_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connection_check_states" ADD CONSTRAINT "connection_check_states_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_check_states" ADD CONSTRAINT "connection_check_states_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_runs" ADD CONSTRAINT "connection_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_runs" ADD CONSTRAINT "connection_runs_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connection_check_states_org_idx" ON "connection_check_states" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "connection_runs_connection_created_idx" ON "connection_runs" USING btree ("connection_id","created_at");--> statement-breakpoint
CREATE INDEX "connections_org_idx" ON "connections" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "connections_next_run_idx" ON "connections" USING btree ("next_run_at");--> statement-breakpoint
-- Row-level security on the connectors' tenant tables (docs/tenancy.md, decision 010).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['connections', 'connection_runs', 'connection_check_states']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (app_tenant_visible(organization_id)) WITH CHECK (app_tenant_visible(organization_id))',
                   t || '_tenant', t);
  END LOOP;
END $$;

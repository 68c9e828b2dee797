CREATE TABLE "trust_access_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text NOT NULL,
	"nda_text" text NOT NULL,
	"nda_accepted_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"auto_approved" boolean DEFAULT false NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"token_hash" text,
	"expires_at" timestamp with time zone,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trust_center_views" (
	"organization_id" uuid NOT NULL,
	"visitor" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	CONSTRAINT "trust_center_views_organization_id_visitor_hour_pk" PRIMARY KEY("organization_id","visitor","hour")
);
--> statement-breakpoint
CREATE TABLE "trust_centers" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"slug" text NOT NULL,
	"framework_ids" text[] DEFAULT '{}' NOT NULL,
	"control_domains" text[] DEFAULT '{}' NOT NULL,
	"auto_approve_domains" text[] DEFAULT '{}' NOT NULL,
	"nda_text" text NOT NULL,
	"access_days" integer NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trust_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"title" text NOT NULL,
	"visibility" text NOT NULL,
	"source" text NOT NULL,
	"source_id" uuid,
	"file_name" text NOT NULL,
	"media_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trust_access_requests" ADD CONSTRAINT "trust_access_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_access_requests" ADD CONSTRAINT "trust_access_requests_document_id_trust_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."trust_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_center_views" ADD CONSTRAINT "trust_center_views_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_centers" ADD CONSTRAINT "trust_centers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_documents" ADD CONSTRAINT "trust_documents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trust_access_requests_org_idx" ON "trust_access_requests" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trust_access_requests_token_key" ON "trust_access_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "trust_centers_slug_key" ON "trust_centers" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "trust_documents_org_idx" ON "trust_documents" USING btree ("organization_id","created_at");--> statement-breakpoint
-- The trust center (docs/trust-center.md): tenant tables with row-level security, like every workspace
-- table (docs/tenancy.md, decision 010). The public page reads and writes them as the system.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['trust_centers', 'trust_documents', 'trust_access_requests', 'trust_center_views']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (app_tenant_visible(organization_id)) WITH CHECK (app_tenant_visible(organization_id))',
                   t || '_tenant', t);
  END LOOP;
END $$;

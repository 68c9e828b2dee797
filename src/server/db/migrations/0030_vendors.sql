CREATE TABLE "vendor_controls" (
	"organization_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"control_id" text NOT NULL,
	CONSTRAINT "vendor_controls_vendor_id_control_id_pk" PRIMARY KEY("vendor_id","control_id")
);
--> statement-breakpoint
CREATE TABLE "vendor_risks" (
	"organization_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"risk_id" uuid NOT NULL,
	CONSTRAINT "vendor_risks_vendor_id_risk_id_pk" PRIMARY KEY("vendor_id","risk_id")
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"ref" text NOT NULL,
	"name" text NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"owner_id" uuid,
	"tier" integer NOT NULL,
	"services" text DEFAULT '' NOT NULL,
	"data_categories" text[] DEFAULT '{}' NOT NULL,
	"is_sub_processor" boolean DEFAULT false NOT NULL,
	"contract_start" date,
	"contract_end" date,
	"dpa_signed_on" date,
	"baa_signed_on" date,
	"status" text DEFAULT 'proposed' NOT NULL,
	"residual_risk" text,
	"conditions" text DEFAULT '' NOT NULL,
	"next_review_on" date,
	"review_due_sent_for" date,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendor_controls" ADD CONSTRAINT "vendor_controls_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_controls" ADD CONSTRAINT "vendor_controls_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_controls" ADD CONSTRAINT "vendor_controls_control_id_controls_id_fk" FOREIGN KEY ("control_id") REFERENCES "public"."controls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_risks" ADD CONSTRAINT "vendor_risks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_risks" ADD CONSTRAINT "vendor_risks_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_risks" ADD CONSTRAINT "vendor_risks_risk_id_risks_id_fk" FOREIGN KEY ("risk_id") REFERENCES "public"."risks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendors_org_idx" ON "vendors" USING btree ("organization_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_org_ref" ON "vendors" USING btree ("organization_id","ref");--> statement-breakpoint
CREATE INDEX "vendors_review_idx" ON "vendors" USING btree ("next_review_on");--> statement-breakpoint
-- Row-level security on the vendor register's tenant tables (docs/tenancy.md, decision 010).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['vendors', 'vendor_risks', 'vendor_controls']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (app_tenant_visible(organization_id)) WITH CHECK (app_tenant_visible(organization_id))',
                   t || '_tenant', t);
  END LOOP;
END $$;

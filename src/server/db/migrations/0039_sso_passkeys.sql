CREATE TABLE "auth"."saml_assertions" (
	"assertion_id" text NOT NULL,
	"issuer" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth"."saml_relay_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"request_id" text NOT NULL,
	"flow_state_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_domains" (
	"domain" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"metadata_url" text,
	"metadata_xml" text NOT NULL,
	"idp_entity_id" text NOT NULL,
	"idp_sso_url" text NOT NULL,
	"idp_certificates" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth"."mfa_challenges" ADD COLUMN "web_authn_session_data" jsonb;--> statement-breakpoint
ALTER TABLE "auth"."mfa_factors" ADD COLUMN "web_authn_credential" jsonb;--> statement-breakpoint
ALTER TABLE "auth"."saml_relay_states" ADD CONSTRAINT "saml_relay_states_flow_state_id_flow_state_id_fk" FOREIGN KEY ("flow_state_id") REFERENCES "auth"."flow_state"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_organization_id_sso_settings_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."sso_settings"("organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_settings" ADD CONSTRAINT "sso_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saml_assertions_issuer_id_key" ON "auth"."saml_assertions" USING btree ("issuer","assertion_id");--> statement-breakpoint
CREATE INDEX "saml_assertions_expires_idx" ON "auth"."saml_assertions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_domain_key" ON "sso_domains" USING btree (lower("domain"));--> statement-breakpoint
CREATE INDEX "sso_domains_org_idx" ON "sso_domains" USING btree ("organization_id");--> statement-breakpoint
-- Row-level security on SSO's tenant tables (docs/tenancy.md, decision 010). The auth schema's SAML
-- tables (relay states, used assertion ids) follow the auth schema, which has none: the sign-in
-- they serve happens before anyone's tenancy is known.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['sso_settings', 'sso_domains']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (app_tenant_visible(organization_id)) WITH CHECK (app_tenant_visible(organization_id))',
                   t || '_tenant', t);
  END LOOP;
END $$;

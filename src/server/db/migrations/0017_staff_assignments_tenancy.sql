CREATE TABLE "staff_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"staff_user_id" uuid NOT NULL,
	"engagement_role" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_assignments" ADD CONSTRAINT "staff_assignments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_assignments_org_staff_key" ON "staff_assignments" USING btree ("organization_id","staff_user_id");--> statement-breakpoint
CREATE INDEX "staff_assignments_staff_idx" ON "staff_assignments" USING btree ("staff_user_id");--> statement-breakpoint
-- Row-level security, the second line behind the tenant guard (docs/tenancy.md). The guard's
-- transaction (modules/organizations/tenant.ts) sets app.tenant_all, app.organization_ids and
-- app.user_id with set_config(…, true); a query outside it, or one that forgets its filter, sees no
-- tenant rows. Later tenant tables reuse app_tenant_visible() in their own policies.
CREATE OR REPLACE FUNCTION app_tenant_visible(organization uuid) RETURNS boolean
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(current_setting('app.tenant_all', true), '') = 'on'
      OR organization = ANY (string_to_array(nullif(current_setting('app.organization_ids', true), ''), ',')::uuid[])
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_current_user_id() RETURNS uuid
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT nullif(current_setting('app.user_id', true), '')::uuid $$;
--> statement-breakpoint
-- Superusers (PGlite's only user, and postgres in tests) bypass RLS even when it is forced, so the
-- tenant transaction switches to this role, which holds plain data rights and no BYPASSRLS. Roles are
-- cluster-wide: create it once, tolerate a parallel migration creating it first, and carry on without
-- it where the connecting user may not create roles (then FORCE applies to the owning user).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'compliancecore_tenant') THEN
    CREATE ROLE compliancecore_tenant NOLOGIN NOBYPASSRLS;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation OR insufficient_privilege THEN
  RAISE NOTICE 'compliancecore_tenant not created: %', SQLERRM;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'compliancecore_tenant') THEN
    GRANT pg_read_all_data, pg_write_all_data TO compliancecore_tenant;
    EXECUTE format('GRANT compliancecore_tenant TO %I', current_user);
  END IF;
EXCEPTION WHEN insufficient_privilege OR invalid_grant_operation OR duplicate_object THEN
  RAISE NOTICE 'compliancecore_tenant not granted: %', SQLERRM;
END $$;
--> statement-breakpoint
ALTER TABLE "staff_assignments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "staff_assignments" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- A staff member reads their own assignments (the guard needs them to know the staff's tenancy).
CREATE POLICY "staff_assignments_tenant" ON "staff_assignments"
  USING (app_tenant_visible(organization_id) OR staff_user_id = app_current_user_id())
  WITH CHECK (app_tenant_visible(organization_id));

-- Issue 32: workflow notices stored their link as `/dashboard?tab=workflows`, a page that does not exist
-- ("Page not found"). Every workspace link is now built by src/shared/workspace-links.ts; this mends the
-- links already stored. `app.tenant_all` lets the update through row-level security (forced on
-- notifications) when the migrating user is not a superuser; it is reset right after.
SELECT set_config('app.tenant_all', 'on', true);--> statement-breakpoint
UPDATE "notifications" SET "link" = '/dashboard-compliancecore' || substr("link", length('/dashboard') + 1)
WHERE "link" = '/dashboard' OR "link" LIKE '/dashboard?%' OR "link" LIKE '/dashboard#%';--> statement-breakpoint
SELECT set_config('app.tenant_all', '', true);

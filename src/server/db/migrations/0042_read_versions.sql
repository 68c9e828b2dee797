-- The read cache's versions (platform/http/read-cache.ts, docs/dashboard.md "The read cache"). A cached
-- answer is served only while the versions of everything it may have read are the ones it was computed
-- at: its organizations' (scope = the organization's id) and the rows every organization shares (scope
-- 'global': people's names and e-mails, roles and permissions, the catalogue). Every server reads them
-- here, so a change committed through any server, worker or script is seen by all of them at once.
CREATE TABLE "read_versions" (
  "scope" text NOT NULL,
  "slot" bigint NOT NULL,
  "version" bigint DEFAULT 0 NOT NULL,
  PRIMARY KEY ("scope", "slot")
);
--> statement-breakpoint
CREATE SEQUENCE "read_versions_slot";
--> statement-breakpoint
-- Bumps the version of the scope a changed row belongs to. A scope's version is the sum of its slots: a
-- committing transaction adds one to a slot no other transaction holds (SKIP LOCKED), or opens a new slot
-- when all are held, so writers never wait for each other's commits and two transactions that write the
-- same scopes in opposite orders cannot deadlock; the slots a scope has are as many as its writers ever
-- committed at the same moment. It runs as a deferred constraint trigger, at commit: a rolled-back
-- transaction bumps nothing, and the new version becomes visible in the same instant as the rows it
-- describes. A transaction bumps each scope once (a local setting remembers it), however many rows it
-- wrote. TG_ARGV[0] says where a row's scope is: 'organization' (its organization_id; a row without one
-- counts as global), 'organization-id' (the organizations table), or 'global'.
CREATE OR REPLACE FUNCTION read_versions_bump() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    changed text[];
    one text;
  BEGIN
    IF TG_ARGV[0] = 'global' THEN
      changed := ARRAY['global'];
    ELSIF TG_ARGV[0] = 'organization-id' THEN
      IF TG_OP = 'INSERT' THEN changed := ARRAY[NEW.id::text];
      ELSIF TG_OP = 'DELETE' THEN changed := ARRAY[OLD.id::text];
      ELSE changed := ARRAY[NEW.id::text, OLD.id::text];
      END IF;
    ELSE
      IF TG_OP = 'INSERT' THEN changed := ARRAY[coalesce(NEW.organization_id::text, 'global')];
      ELSIF TG_OP = 'DELETE' THEN changed := ARRAY[coalesce(OLD.organization_id::text, 'global')];
      ELSE changed := ARRAY[coalesce(NEW.organization_id::text, 'global'), coalesce(OLD.organization_id::text, 'global')];
      END IF;
    END IF;
    FOREACH one IN ARRAY changed LOOP
      CONTINUE WHEN current_setting('read_versions.s' || replace(one, '-', ''), true) = 'bumped';
      PERFORM set_config('read_versions.s' || replace(one, '-', ''), 'bumped', true);
      UPDATE read_versions SET version = version + 1
        WHERE (scope, slot) = (SELECT r.scope, r.slot FROM read_versions r WHERE r.scope = one LIMIT 1 FOR UPDATE SKIP LOCKED);
      IF NOT FOUND THEN
        INSERT INTO read_versions (scope, slot, version) VALUES (one, nextval('read_versions_slot'), 1);
      END IF;
    END LOOP;
    RETURN NULL;
  END;
  $$;
--> statement-breakpoint
-- Puts a table under the read cache's watch: a later migration that creates a table calls it
-- (`SELECT read_versions_watch('things', 'organization')`); read-cache.test.ts fails for a table that is
-- neither watched nor named there as one no cached read depends on. The bump waits for the commit, and
-- PostgreSQL will not ALTER a table with a pending trigger event: a migration that changes a watched table's
-- rows and then alters it runs `SET CONSTRAINTS ALL IMMEDIATE` first.
CREATE OR REPLACE FUNCTION read_versions_watch(target regclass, kind text) RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER read_versions_bump AFTER INSERT OR UPDATE OR DELETE ON %s '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION read_versions_bump(%L)',
      target, kind);
  END;
  $$;
--> statement-breakpoint
-- Every table in public and auth: by its organization_id where it has one, else as global; except those
-- no cached read depends on that change with sign-ins, page views and deliveries (bumping on them would
-- only empty the cache): sessions and tokens, throttles, security events, the audit chain's heads, the
-- outgoing mail queue, trust-page views, the public site's forms and consent records.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT c.oid::regclass AS target, n.nspname AS schema_name, c.relname AS table_name,
      EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'organization_id' AND NOT a.attisdropped) AS has_organization
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p') AND n.nspname IN ('public', 'auth')
      AND NOT (n.nspname = 'public' AND c.relname IN ('read_versions', 'security_events', 'audit_chain_heads', 'outbound_emails',
        'trust_center_views', 'cookie_consents', 'contact_submissions', 'consultation_requests'))
      AND NOT (n.nspname = 'auth' AND c.relname IN ('sessions', 'refresh_tokens', 'one_time_tokens', 'sign_in_throttle', 'flow_state',
        'mfa_challenges', 'saml_assertions', 'saml_relay_states', 'signing_keys', 'users'))
  LOOP
    PERFORM read_versions_watch(t.target,
      CASE WHEN t.schema_name = 'public' AND t.table_name = 'organizations' THEN 'organization-id'
           WHEN t.has_organization THEN 'organization'
           ELSE 'global' END);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- auth.users changes at every sign-in (last_sign_in_at); a cached read shows only a person's e-mail and
-- name (raw_user_meta_data), so only those, or the person arriving or leaving, bump the global version.
CREATE CONSTRAINT TRIGGER read_versions_bump AFTER INSERT OR DELETE ON auth.users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION read_versions_bump('global');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER read_versions_bump_on_update AFTER UPDATE ON auth.users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.email IS DISTINCT FROM NEW.email OR OLD.raw_user_meta_data IS DISTINCT FROM NEW.raw_user_meta_data
    OR OLD.banned_until IS DISTINCT FROM NEW.banned_until)
  EXECUTE FUNCTION read_versions_bump('global');

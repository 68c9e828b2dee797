ALTER TABLE "audit_events" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "api_key_name" text;--> statement-breakpoint
-- The API key an entry was made through (docs/audit.md): the tenant transaction of a key's request sets
-- app.api_key_id and app.api_key_name (tenant.ts), and this trigger copies them onto every row it appends.
-- Named to fire before audit_events_chain (BEFORE triggers fire in name order), so the hash covers them.
CREATE OR REPLACE FUNCTION audit_events_api_key() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF NEW.api_key_id IS NULL AND coalesce(current_setting('app.api_key_id', true), '') <> '' THEN
      NEW.api_key_id := current_setting('app.api_key_id', true)::uuid;
      NEW.api_key_name := nullif(current_setting('app.api_key_name', true), '');
    END IF;
    RETURN NEW;
  END;
  $$;
--> statement-breakpoint
CREATE TRIGGER audit_events_api_key BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_api_key();
--> statement-breakpoint
-- The digest covers the key only on rows that name one: every older row serialises exactly as before,
-- so the chains already written still verify.
CREATE OR REPLACE FUNCTION audit_event_digest(e audit_events) RETURNS text
  LANGUAGE sql STABLE
  AS $$
    SELECT encode(sha256(convert_to((jsonb_build_object(
      'id', e.id, 'organizationId', e.organization_id, 'chain', e.chain, 'seq', e.seq,
      'occurredAt', to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
      'actorId', e.actor_id, 'action', e.action, 'entityType', e.entity_type, 'entityId', e.entity_id,
      'before', e.before, 'after', e.after, 'ip', e.ip, 'userAgent', e.user_agent, 'prevHash', e.prev_hash
    ) || CASE WHEN e.api_key_id IS NULL THEN '{}'::jsonb
              ELSE jsonb_build_object('apiKeyId', e.api_key_id, 'apiKeyName', e.api_key_name) END)::text, 'UTF8')), 'hex')
  $$;

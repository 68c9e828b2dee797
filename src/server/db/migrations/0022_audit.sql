CREATE TABLE "audit_chain_heads" (
	"chain" text PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"chain" text DEFAULT '' NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"user_agent" text,
	"prev_hash" text DEFAULT '' NOT NULL,
	"hash" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_chain_seq" ON "audit_events" USING btree ("chain","seq");--> statement-breakpoint
CREATE INDEX "audit_events_org_time_idx" ON "audit_events" USING btree ("organization_id","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity_type","entity_id");--> statement-breakpoint
-- The audit trail (docs/audit.md). The canonical serialisation of a row is PostgreSQL's text of this
-- jsonb object (keys in jsonb's fixed order, times in UTC with microseconds); its SHA-256 in hex is the
-- row's hash. The trigger and the verification use this one function, so they cannot disagree.
CREATE OR REPLACE FUNCTION audit_event_digest(e audit_events) RETURNS text
  LANGUAGE sql STABLE
  AS $$
    SELECT encode(sha256(convert_to(jsonb_build_object(
      'id', e.id, 'organizationId', e.organization_id, 'chain', e.chain, 'seq', e.seq,
      'occurredAt', to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
      'actorId', e.actor_id, 'action', e.action, 'entityType', e.entity_type, 'entityId', e.entity_id,
      'before', e.before, 'after', e.after, 'ip', e.ip, 'userAgent', e.user_agent, 'prevHash', e.prev_hash
    )::text, 'UTF8')), 'hex')
  $$;
--> statement-breakpoint
-- Chains every new row, whoever inserts it: the head row of its chain is locked (concurrent appends to
-- one organization queue behind it instead of forking the chain), the row takes the next seq and the
-- head's hash as prev_hash, and its own hash is computed here, never supplied by the caller.
CREATE OR REPLACE FUNCTION audit_events_chain() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    head_seq bigint;
    head_hash text;
  BEGIN
    NEW.chain := coalesce(NEW.organization_id::text, 'global');
    INSERT INTO audit_chain_heads AS h (chain, seq, hash) VALUES (NEW.chain, 0, repeat('0', 64))
      ON CONFLICT (chain) DO UPDATE SET chain = h.chain
      RETURNING h.seq, h.hash INTO head_seq, head_hash;
    NEW.seq := head_seq + 1;
    NEW.prev_hash := head_hash;
    NEW.hash := audit_event_digest(NEW);
    UPDATE audit_chain_heads SET seq = NEW.seq, hash = NEW.hash, updated_at = now() WHERE chain = NEW.chain;
    RETURN NEW;
  END;
  $$;
--> statement-breakpoint
CREATE TRIGGER audit_events_chain BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_chain();
--> statement-breakpoint
-- Append-only, enforced by the database and not only by the code: no UPDATE, DELETE or TRUNCATE.
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    RAISE EXCEPTION 'audit_events is append-only' USING ERRCODE = 'insufficient_privilege';
  END;
  $$;
--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
-- Row-level security: a tenant reads its organizations' rows (the global chain only with every
-- organization in reach); anyone may append, because security events are written outside any tenant
-- transaction. No UPDATE or DELETE policy exists, so RLS refuses those too.
ALTER TABLE audit_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE audit_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY audit_events_read ON audit_events FOR SELECT USING (app_tenant_visible(organization_id));
--> statement-breakpoint
CREATE POLICY audit_events_append ON audit_events FOR INSERT WITH CHECK (true);
--> statement-breakpoint
-- Every security event (log_security_event) is appended to the trail too: to its organization's chain
-- when the details name one, otherwise to the global chain.
CREATE OR REPLACE FUNCTION security_events_to_audit() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    organization uuid;
  BEGIN
    IF NEW.details ->> 'organizationId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
      organization := (NEW.details ->> 'organizationId')::uuid;
    END IF;
    INSERT INTO audit_events (organization_id, occurred_at, actor_id, action, entity_type, entity_id, after, ip, user_agent)
    VALUES (organization, NEW.created_at, NEW.user_id, 'security.' || lower(NEW.event_type), 'security_event', NEW.id::text,
            jsonb_build_object('eventType', NEW.event_type, 'details', NEW.details), NEW.ip_address, NEW.user_agent);
    RETURN NULL;
  END;
  $$;
--> statement-breakpoint
CREATE TRIGGER security_events_to_audit AFTER INSERT ON security_events
  FOR EACH ROW EXECUTE FUNCTION security_events_to_audit();
--> statement-breakpoint
CREATE TABLE "audit_engagements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"framework_id" text NOT NULL,
	"audit_type" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"fieldwork_start" date NOT NULL,
	"fieldwork_end" date NOT NULL,
	"access_ends_on" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_request_evidence" (
	"organization_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"evidence_id" uuid NOT NULL,
	"linked_by" uuid,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_request_evidence_request_id_evidence_id_pk" PRIMARY KEY("request_id","evidence_id")
);
--> statement-breakpoint
CREATE TABLE "audit_request_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"author_id" uuid,
	"author_kind" text NOT NULL,
	"kind" text NOT NULL,
	"decision" text,
	"body" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"engagement_id" uuid NOT NULL,
	"ref" text NOT NULL,
	"requirement_id" text,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"due_on" date,
	"last_decision" text,
	"task_request_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_samples" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"engagement_id" uuid NOT NULL,
	"request_id" uuid,
	"name" text NOT NULL,
	"header" jsonb NOT NULL,
	"rows" jsonb NOT NULL,
	"population_sha256" text NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sample_size" integer,
	"seed" text,
	"selected" jsonb,
	"drawn_by" uuid,
	"drawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "engagement_auditors" (
	"engagement_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_visit_at" timestamp with time zone,
	CONSTRAINT "engagement_auditors_engagement_id_user_id_pk" PRIMARY KEY("engagement_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "audit_engagements" ADD CONSTRAINT "audit_engagements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_request_evidence" ADD CONSTRAINT "audit_request_evidence_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_request_evidence" ADD CONSTRAINT "audit_request_evidence_request_id_audit_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."audit_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_request_evidence" ADD CONSTRAINT "audit_request_evidence_evidence_id_evidence_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidence"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_request_messages" ADD CONSTRAINT "audit_request_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_request_messages" ADD CONSTRAINT "audit_request_messages_request_id_audit_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."audit_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_requests" ADD CONSTRAINT "audit_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_requests" ADD CONSTRAINT "audit_requests_engagement_id_audit_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."audit_engagements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_samples" ADD CONSTRAINT "audit_samples_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_samples" ADD CONSTRAINT "audit_samples_engagement_id_audit_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."audit_engagements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_samples" ADD CONSTRAINT "audit_samples_request_id_audit_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."audit_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_auditors" ADD CONSTRAINT "engagement_auditors_engagement_id_audit_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."audit_engagements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_auditors" ADD CONSTRAINT "engagement_auditors_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_engagements_org_idx" ON "audit_engagements" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_request_messages_request_idx" ON "audit_request_messages" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_requests_engagement_ref" ON "audit_requests" USING btree ("engagement_id","ref");--> statement-breakpoint
CREATE INDEX "audit_requests_engagement_status_idx" ON "audit_requests" USING btree ("engagement_id","status");--> statement-breakpoint
CREATE INDEX "audit_samples_engagement_idx" ON "audit_samples" USING btree ("engagement_id");--> statement-breakpoint
CREATE INDEX "engagement_auditors_user_idx" ON "engagement_auditors" USING btree ("user_id");

--> statement-breakpoint
-- Audit engagements (docs/audit.md): tenant tables with row-level security. An engagement's auditors
-- are not in the organization's tenant; they see the engagement and its auditor rows through their own
-- user id, and everything else inside a transaction scoped to the engagement's organization.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['audit_requests', 'audit_request_evidence', 'audit_request_messages', 'audit_samples']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (app_tenant_visible(organization_id)) WITH CHECK (app_tenant_visible(organization_id))',
                   t || '_tenant', t);
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE engagement_auditors ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE engagement_auditors FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY engagement_auditors_tenant ON engagement_auditors
  USING (app_tenant_visible(organization_id) OR user_id = app_current_user_id())
  WITH CHECK (app_tenant_visible(organization_id) OR user_id = app_current_user_id());
--> statement-breakpoint
ALTER TABLE audit_engagements ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE audit_engagements FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY audit_engagements_tenant ON audit_engagements
  USING (app_tenant_visible(organization_id)
         OR id IN (SELECT engagement_id FROM engagement_auditors WHERE user_id = app_current_user_id()))
  WITH CHECK (app_tenant_visible(organization_id));

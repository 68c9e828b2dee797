-- The one way security events are written (product.md §7: RPC log_security_event with user id, event type,
-- details, ip and user agent). Events are evidence, so the table refuses updates and deletes.
CREATE OR REPLACE FUNCTION log_security_event(
	p_user_id uuid,
	p_event_type text,
	p_details jsonb DEFAULT '{}'::jsonb,
	p_ip_address text DEFAULT NULL,
	p_user_agent text DEFAULT NULL
) RETURNS uuid
LANGUAGE sql
AS $$
	INSERT INTO security_events (user_id, event_type, details, ip_address, user_agent)
	VALUES (p_user_id, p_event_type, coalesce(p_details, '{}'::jsonb), p_ip_address, left(p_user_agent, 512))
	RETURNING id;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION security_events_append_only() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
	RAISE EXCEPTION 'security_events is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER security_events_append_only
	BEFORE UPDATE OR DELETE ON security_events
	FOR EACH ROW EXECUTE FUNCTION security_events_append_only();

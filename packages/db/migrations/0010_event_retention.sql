-- Up Migration
-- Event bus limits (issue 17): the event log's retention, and the indexes of retention and of
-- fair delivery.

-- The event log stays append-only, with one more exception than a tenant purge: the retention
-- job names a cutoff in `platform.event_retention_before` (SET LOCAL) and may then delete events
-- that occurred before it. The cutoff must be at least a day old, so a mistaken setting cannot
-- empty the log; an event with a delivery still pending is skipped (kept), not deleted, so a
-- delivery created while the job runs is never lost. Anything else is refused as before.
CREATE FUNCTION "events_append_only_except_purge_or_retention"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  retention_before timestamptz := nullif(current_setting('platform.event_retention_before', true), '')::timestamptz;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD."tenant_id" = current_setting('platform.purge_tenant', true) THEN
      RETURN OLD;
    END IF;
    IF retention_before IS NOT NULL AND retention_before <= now() - interval '1 day' AND OLD."occurred_at" < retention_before THEN
      IF EXISTS (SELECT 1 FROM "webhook_deliveries" d WHERE d."tenant_id" = OLD."tenant_id" AND d."event_id" = OLD."id" AND d."status" = 'pending') THEN
        RETURN NULL;
      END IF;
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
DROP TRIGGER "events_append_only" ON "events";
CREATE TRIGGER "events_append_only" BEFORE UPDATE OR DELETE ON "events" FOR EACH ROW EXECUTE FUNCTION "events_append_only_except_purge_or_retention"();

-- Retention finds expired events of every tenant, oldest first.
CREATE INDEX "events_occurred_at_idx" ON "events" ("occurred_at");
-- Fair delivery counts each endpoint's pending deliveries when it queues one.
CREATE INDEX "webhook_deliveries_tenant_id_endpoint_id_status_idx" ON "webhook_deliveries" ("tenant_id", "endpoint_id", "status");

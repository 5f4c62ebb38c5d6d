-- Up Migration
-- One read of the event log for a live subscription (gateway/src/subscriptions/event-log.ts) in
-- one round trip: the settled horizon (the start of the oldest transaction still open, less a
-- margin, from pg_stat_activity), then the tenant's events after a position and before that
-- horizon. The order is what makes it exact: a VOLATILE function takes a fresh snapshot for each
-- statement it runs, so the events are read in a snapshot taken after the horizon, and every
-- transaction the horizon no longer counts (it had ended) is visible to it. In one plain
-- statement the snapshot comes first, and a transaction committing between it and the read of
-- pg_stat_activity would lie behind the horizon and be invisible: its events skipped. Returns the
-- events oldest first, each row carrying the horizon; with no event, one row whose id is null.
CREATE FUNCTION "event_log_read"(
  "p_tenant_id" TEXT, "p_after_at" TIMESTAMPTZ, "p_after_id" TEXT, "p_types" TEXT[], "p_limit" INTEGER,
  "p_settle_margin" INTERVAL, "p_read_only_grace" INTERVAL
) RETURNS TABLE (
  "horizon" TIMESTAMPTZ, "tenant_id" TEXT, "id" TEXT, "type" TEXT, "occurred_at" TIMESTAMPTZ, "data" JSONB,
  "resource_type" TEXT, "resource_id" TEXT, "source" JSONB
) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  settled TIMESTAMPTZ;
BEGIN
  -- This function's own transaction is one of the client backends: the horizon is never null.
  SELECT min(activity.xact_start) - p_settle_margin INTO settled FROM pg_stat_activity activity
  WHERE activity.datname = current_database() AND activity.backend_type = 'client backend'
    AND (activity.backend_xid IS NOT NULL OR activity.xact_start > now() - p_read_only_grace);
  RETURN QUERY
    SELECT settled, event.tenant_id, event.id, event.type, event.occurred_at, event.data, event.resource_type, event.resource_id, event.source
    FROM "events" event
    WHERE event.tenant_id = p_tenant_id AND (p_types IS NULL OR event.type = ANY(p_types))
      AND (event.occurred_at > p_after_at OR (event.occurred_at = p_after_at AND event.id > p_after_id))
      AND event.occurred_at < settled
    ORDER BY event.occurred_at, event.id
    LIMIT p_limit;
  IF NOT FOUND THEN
    RETURN QUERY SELECT settled, NULL::TEXT, NULL::TEXT, NULL::TEXT, NULL::TIMESTAMPTZ, NULL::JSONB, NULL::TEXT, NULL::TEXT, NULL::JSONB;
  END IF;
END;
$$;

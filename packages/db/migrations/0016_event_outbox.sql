-- Up Migration
-- The event bus's outbox: an event's row here is written by the same statement as the event (so
-- it exists exactly when the change committed) and deleted by the dispatch that creates the
-- event's webhook deliveries, in that dispatch's transaction (SKIP LOCKED: instances dispatch
-- side by side). It replaces one pg-boss job per event: one statement less in every emitting
-- transaction, and no job to fetch and complete per event. `position` is the order of dispatch.
CREATE TABLE "event_outbox" (
  "position" BIGSERIAL NOT NULL,
  "tenant_id" TEXT NOT NULL,
  "event_id" TEXT NOT NULL,
  CONSTRAINT "event_outbox_pkey" PRIMARY KEY ("position"),
  -- A tenant purge deletes the tenant's events, and with them what was still to dispatch. (No
  -- index on these columns: the table holds only what is not yet dispatched, a handful of rows.)
  CONSTRAINT "event_outbox_event_fkey" FOREIGN KEY ("tenant_id", "event_id") REFERENCES "events" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Dispatch jobs still queued by the previous design (pg-boss's `event-dispatch` queue) become
-- outbox rows, in the order of their events; the jobs themselves are deleted.
DO $$
BEGIN
  IF to_regclass('pgboss.job') IS NOT NULL THEN
    INSERT INTO "event_outbox" ("tenant_id", "event_id")
    SELECT e."tenant_id", e."id"
    FROM pgboss.job j
    JOIN "events" e ON e."tenant_id" = j.data->>'tenant_id' AND e."id" = j.data->>'event_id'
    WHERE j.name = 'event-dispatch' AND j.state::text IN ('created', 'retry', 'active')
    ORDER BY e."occurred_at", e."id";
    DELETE FROM pgboss.job WHERE name = 'event-dispatch';
  END IF;
END $$;

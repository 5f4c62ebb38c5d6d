-- Up Migration
-- Outbound push: a REST connector may push platform events (issued invoices, their payments) to
-- another system. A push is a sync job of direction `outbound` whose records are the tenant's
-- events after the connector's push cursor; the event bus's dispatch asks for one
-- (`push_requested_at`, trigger `event`) when an event the connector pushes is dispatched.
CREATE TYPE "sync_job_direction" AS ENUM ('inbound', 'outbound');
ALTER TYPE "sync_job_trigger" ADD VALUE 'event';

ALTER TABLE "sync_jobs" ADD COLUMN "direction" "sync_job_direction" NOT NULL DEFAULT 'inbound';

ALTER TABLE "connectors"
  -- The occurred_at (ISO 8601) of the last event the last push read; set when push is configured.
  ADD COLUMN "push_cursor" TEXT,
  -- An event the connector pushes was dispatched: a push job starts once none of its jobs is under way.
  ADD COLUMN "push_requested_at" TIMESTAMPTZ(3);
CREATE INDEX "connectors_push_requested_at_idx" ON "connectors" ("push_requested_at") WHERE "push_requested_at" IS NOT NULL;

-- Each event a connector pushed, with the id the other system gave the record it created: an event
-- is pushed once, and a later event about the same record addresses it by that id.
CREATE TABLE "push_records" (
  "tenant_id" TEXT NOT NULL,
  "connector_id" TEXT NOT NULL,
  "event_id" TEXT NOT NULL,
  "event_type" TEXT NOT NULL,
  "resource_id" TEXT NOT NULL,
  "remote_id" TEXT,
  "response_status" INTEGER NOT NULL,
  "sync_job_id" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "push_records_pkey" PRIMARY KEY ("tenant_id", "connector_id", "event_id"),
  CONSTRAINT "push_records_connector_id_fkey" FOREIGN KEY ("tenant_id", "connector_id") REFERENCES "connectors" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "push_records_tenant_id_connector_id_resource_id_idx" ON "push_records" ("tenant_id", "connector_id", "resource_id");

-- A push re-reads a margin of the event log before its cursor: events already failed are found by id.
CREATE INDEX "sync_failures_tenant_id_connector_id_external_id_idx" ON "sync_failures" ("tenant_id", "connector_id", "external_id");


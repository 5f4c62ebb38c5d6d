-- Up Migration
-- Integrations: connectors (credentials sealed), their versioned field mappings, sync jobs with
-- progress counters, the records a sync could not write, and the links from external records to
-- the platform records they produced. A connector writes through the platform's own GraphQL
-- operations, as actor `connector` in the audit trail.
CREATE TYPE "connector_kind" AS ENUM ('shopify', 'rest');

CREATE TABLE "connectors" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "name" TEXT NOT NULL,
  "kind" "connector_kind" NOT NULL,
  "config" JSONB NOT NULL,
  "credentials_ciphertext" TEXT,
  "retry_max_attempts" INTEGER NOT NULL DEFAULT 3,
  "retry_delay_seconds" INTEGER NOT NULL DEFAULT 60,
  "sync_cursor" TEXT,
  "schedule_cron" TEXT,
  "schedule_time_zone" TEXT NOT NULL DEFAULT 'UTC',
  "next_scheduled_sync_at" TIMESTAMPTZ(3),
  "resync_requested_at" TIMESTAMPTZ(3),
  "mapping_version" INTEGER NOT NULL DEFAULT 0,
  "version" INTEGER NOT NULL DEFAULT 1,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "connectors_pkey" PRIMARY KEY ("tenant_id", "id"),
  CONSTRAINT "connectors_retry_check" CHECK ("retry_max_attempts" BETWEEN 1 AND 10 AND "retry_delay_seconds" BETWEEN 0 AND 86400),
  CONSTRAINT "connectors_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE INDEX "connectors_tenant_id_created_at_id_idx" ON "connectors" ("tenant_id", "created_at" DESC, "id" DESC);
-- The scheduler's look for connectors whose next scheduled sync is due, across tenants.
CREATE INDEX "connectors_next_scheduled_sync_at_idx" ON "connectors" ("next_scheduled_sync_at");

CREATE TABLE "connector_mappings" (
  "tenant_id" TEXT NOT NULL,
  "connector_id" TEXT NOT NULL,
  "version" INTEGER NOT NULL,
  "definition" JSONB NOT NULL,
  "created_by" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "connector_mappings_pkey" PRIMARY KEY ("tenant_id", "connector_id", "version"),
  CONSTRAINT "connector_mappings_connector_id_fkey" FOREIGN KEY ("tenant_id", "connector_id") REFERENCES "connectors" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TYPE "sync_job_state" AS ENUM ('queued', 'running', 'succeeded', 'partially_failed', 'failed', 'cancelled');
CREATE TYPE "sync_job_trigger" AS ENUM ('manual', 'schedule', 'webhook', 'replay');

CREATE TABLE "sync_jobs" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "connector_id" TEXT NOT NULL,
  "trigger" "sync_job_trigger" NOT NULL,
  "state" "sync_job_state" NOT NULL DEFAULT 'queued',
  "full" BOOLEAN NOT NULL DEFAULT false,
  "replay_of_job_id" TEXT,
  "replay_failure_id" TEXT,
  "mapping_version" INTEGER NOT NULL,
  "attempts" INTEGER NOT NULL DEFAULT 0,
  "max_attempts" INTEGER NOT NULL,
  "next_attempt_at" TIMESTAMPTZ(3),
  "cursor" TEXT,
  "records_seen" INTEGER NOT NULL DEFAULT 0,
  "records_created" INTEGER NOT NULL DEFAULT 0,
  "records_updated" INTEGER NOT NULL DEFAULT 0,
  "records_unchanged" INTEGER NOT NULL DEFAULT 0,
  "records_failed" INTEGER NOT NULL DEFAULT 0,
  "last_error" TEXT,
  "cancel_requested_at" TIMESTAMPTZ(3),
  "lease_token" TEXT,
  "lease_expires_at" TIMESTAMPTZ(3),
  "version" INTEGER NOT NULL DEFAULT 1,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "started_at" TIMESTAMPTZ(3),
  "finished_at" TIMESTAMPTZ(3),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "sync_jobs_pkey" PRIMARY KEY ("tenant_id", "id"),
  CONSTRAINT "sync_jobs_connector_id_fkey" FOREIGN KEY ("tenant_id", "connector_id") REFERENCES "connectors" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "sync_jobs_tenant_id_created_at_id_idx" ON "sync_jobs" ("tenant_id", "created_at" DESC, "id" DESC);
CREATE INDEX "sync_jobs_tenant_id_connector_id_state_idx" ON "sync_jobs" ("tenant_id", "connector_id", "state");
-- The sync engine's look for running jobs whose lease lapsed (their instance died), across tenants.
CREATE INDEX "sync_jobs_state_lease_expires_at_idx" ON "sync_jobs" ("state", "lease_expires_at");

CREATE TABLE "sync_failures" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "sync_job_id" TEXT NOT NULL,
  "connector_id" TEXT NOT NULL,
  "stream" TEXT NOT NULL,
  "external_id" TEXT NOT NULL,
  "payload" JSONB NOT NULL,
  "errors" JSONB NOT NULL,
  "mapping_version" INTEGER NOT NULL,
  "resolved_at" TIMESTAMPTZ(3),
  "resolved_by_job" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "sync_failures_pkey" PRIMARY KEY ("tenant_id", "id"),
  CONSTRAINT "sync_failures_sync_job_id_fkey" FOREIGN KEY ("tenant_id", "sync_job_id") REFERENCES "sync_jobs" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "sync_failures_connector_id_fkey" FOREIGN KEY ("tenant_id", "connector_id") REFERENCES "connectors" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "sync_failures_tenant_id_sync_job_id_created_at_id_idx" ON "sync_failures" ("tenant_id", "sync_job_id", "created_at", "id");

CREATE TABLE "external_links" (
  "tenant_id" TEXT NOT NULL,
  "connector_id" TEXT NOT NULL,
  "stream" TEXT NOT NULL,
  "external_id" TEXT NOT NULL,
  "resource_type" TEXT NOT NULL,
  "resource_id" TEXT NOT NULL,
  "input_hash" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "external_links_pkey" PRIMARY KEY ("tenant_id", "connector_id", "stream", "external_id"),
  CONSTRAINT "external_links_connector_id_fkey" FOREIGN KEY ("tenant_id", "connector_id") REFERENCES "connectors" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- A connector's writes are audited with the connector as actor.
ALTER TABLE "audit_records" DROP CONSTRAINT "audit_records_actor_type_check";
ALTER TABLE "audit_records" ADD CONSTRAINT "audit_records_actor_type_check" CHECK ("actor_type" IN ('oauth_client', 'api_key', 'user', 'connector', 'anonymous'));

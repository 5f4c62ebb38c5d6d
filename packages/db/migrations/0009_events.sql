-- Up Migration
-- Event bus: the durable event log (written in the transaction of the change that caused each
-- event), webhook endpoints, and the delivery log (one delivery per event and endpoint, one row
-- per attempt). Delivery jobs themselves live in pg-boss's own schema.
CREATE TABLE "events" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "type" TEXT NOT NULL,
  "occurred_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "data" JSONB NOT NULL,
  "resource_type" TEXT,
  "resource_id" TEXT,
  "source" JSONB NOT NULL,
  CONSTRAINT "events_pkey" PRIMARY KEY ("tenant_id", "id")
);
CREATE INDEX "events_tenant_id_occurred_at_id_idx" ON "events" ("tenant_id", "occurred_at" DESC, "id" DESC);
CREATE INDEX "events_tenant_id_type_occurred_at_idx" ON "events" ("tenant_id", "type", "occurred_at" DESC);
ALTER TABLE "events" ADD CONSTRAINT "events_tenant_id_fkey"
  FOREIGN KEY ("tenant_id") REFERENCES "tenants" ("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Append-only except for a purge of the tenant (the trigger function of 0006_inventory_stock.sql).
CREATE TRIGGER "events_append_only" BEFORE UPDATE OR DELETE ON "events" FOR EACH ROW EXECUTE FUNCTION "append_only_except_tenant_purge"();
CREATE TRIGGER "events_no_truncate" BEFORE TRUNCATE ON "events" FOR EACH STATEMENT EXECUTE FUNCTION "append_only_except_tenant_purge"();

CREATE TYPE "webhook_endpoint_status" AS ENUM ('enabled', 'disabled');

CREATE TABLE "webhook_endpoints" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "url" TEXT NOT NULL,
  "description" TEXT,
  "event_types" TEXT[],
  "status" "webhook_endpoint_status" NOT NULL DEFAULT 'enabled',
  "disabled_reason" TEXT,
  "disabled_at" TIMESTAMPTZ(3),
  "secret_ciphertext" TEXT NOT NULL,
  "previous_secret_ciphertext" TEXT,
  "previous_secret_expires_at" TIMESTAMPTZ(3),
  "version" INTEGER NOT NULL DEFAULT 1,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("tenant_id", "id")
);
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_tenant_id_fkey"
  FOREIGN KEY ("tenant_id") REFERENCES "tenants" ("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TYPE "webhook_delivery_status" AS ENUM ('pending', 'succeeded', 'failed');
CREATE TYPE "webhook_delivery_trigger" AS ENUM ('event', 'resend', 'replay');

CREATE TABLE "webhook_deliveries" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "endpoint_id" TEXT NOT NULL,
  "event_id" TEXT NOT NULL,
  "trigger" "webhook_delivery_trigger" NOT NULL DEFAULT 'event',
  "status" "webhook_delivery_status" NOT NULL DEFAULT 'pending',
  "failure_reason" TEXT,
  "attempt_count" INTEGER NOT NULL DEFAULT 0,
  "next_attempt_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "completed_at" TIMESTAMPTZ(3),
  CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("tenant_id", "id")
);
CREATE INDEX "webhook_deliveries_tenant_id_endpoint_id_created_at_idx" ON "webhook_deliveries" ("tenant_id", "endpoint_id", "created_at" DESC);
CREATE INDEX "webhook_deliveries_tenant_id_event_id_idx" ON "webhook_deliveries" ("tenant_id", "event_id");
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_tenant_id_endpoint_id_fkey"
  FOREIGN KEY ("tenant_id", "endpoint_id") REFERENCES "webhook_endpoints" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_tenant_id_event_id_fkey"
  FOREIGN KEY ("tenant_id", "event_id") REFERENCES "events" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "webhook_attempts" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "delivery_id" TEXT NOT NULL,
  "attempted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "response_status" INTEGER,
  "duration_ms" INTEGER NOT NULL,
  "response_excerpt" TEXT,
  "error" TEXT,
  CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("tenant_id", "id")
);
CREATE INDEX "webhook_attempts_tenant_id_delivery_id_attempted_at_idx" ON "webhook_attempts" ("tenant_id", "delivery_id", "attempted_at");
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_tenant_id_delivery_id_fkey"
  FOREIGN KEY ("tenant_id", "delivery_id") REFERENCES "webhook_deliveries" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Up Migration
-- Bulk exports (bulk subgraph): an asynchronous export of a list query to NDJSON or CSV, run on the
-- job queue page by page through the platform's own GraphQL execution. The file is kept here, in
-- chunks (one per page), so any instance can serve its download; exports and their chunks are
-- purged once `purge_at` has passed.
CREATE TYPE "export_status" AS ENUM ('queued', 'running', 'completed', 'failed', 'cancelled');
CREATE TYPE "export_format" AS ENUM ('ndjson', 'csv');

CREATE TABLE "exports" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "status" "export_status" NOT NULL DEFAULT 'queued',
  "format" "export_format" NOT NULL,
  "query" TEXT NOT NULL,
  "variables" JSONB NOT NULL,
  "document" TEXT NOT NULL,
  "list_field" TEXT NOT NULL,
  "data_field" TEXT NOT NULL,
  "columns" TEXT[],
  "created_by" TEXT NOT NULL,
  "credential_type" TEXT NOT NULL,
  "scopes" TEXT[],
  "rows_written" INTEGER NOT NULL DEFAULT 0,
  "total_rows" INTEGER,
  "byte_size" BIGINT NOT NULL DEFAULT 0,
  "chunk_count" INTEGER NOT NULL DEFAULT 0,
  "next_cursor" TEXT,
  "attempt_token" TEXT,
  "error" JSONB,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "started_at" TIMESTAMPTZ(3),
  "completed_at" TIMESTAMPTZ(3),
  "purge_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "exports_pkey" PRIMARY KEY ("tenant_id", "id"),
  CONSTRAINT "exports_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE INDEX "exports_tenant_id_created_at_id_idx" ON "exports" ("tenant_id", "created_at" DESC, "id" DESC);
-- The purge's look for exports past their retention, across tenants.
CREATE INDEX "exports_purge_at_idx" ON "exports" ("purge_at");

CREATE TABLE "export_chunks" (
  "tenant_id" TEXT NOT NULL,
  "export_id" TEXT NOT NULL,
  "seq" INTEGER NOT NULL,
  "content" BYTEA NOT NULL,
  CONSTRAINT "export_chunks_pkey" PRIMARY KEY ("tenant_id", "export_id", "seq"),
  CONSTRAINT "export_chunks_export_id_fkey" FOREIGN KEY ("tenant_id", "export_id") REFERENCES "exports" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
);

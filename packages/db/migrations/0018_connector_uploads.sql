-- Up Migration
-- CSV imports: a connector of kind `csv` reads files uploaded to it (`POST /v1/connectors/{id}/uploads`),
-- stored here in chunks as they arrive (never held whole in memory) and read back by whichever
-- instance runs the sync job that names the upload. Uploads expire (`expires_at`) and are swept.
ALTER TYPE "connector_kind" ADD VALUE 'csv';

CREATE TABLE "connector_uploads" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "connector_id" TEXT NOT NULL,
  "filename" TEXT NOT NULL,
  "content_type" TEXT NOT NULL,
  "byte_size" BIGINT NOT NULL DEFAULT 0,
  "sha256" TEXT,
  -- `receiving` while its chunks arrive (invisible, swept soon if the upload never ends); `ready` once whole.
  "state" TEXT NOT NULL DEFAULT 'receiving',
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "connector_uploads_pkey" PRIMARY KEY ("tenant_id", "id"),
  CONSTRAINT "connector_uploads_state_check" CHECK ("state" IN ('receiving', 'ready')),
  CONSTRAINT "connector_uploads_connector_id_fkey" FOREIGN KEY ("tenant_id", "connector_id") REFERENCES "connectors" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- The sweep of expired uploads, across tenants.
CREATE INDEX "connector_uploads_expires_at_idx" ON "connector_uploads" ("expires_at");
CREATE INDEX "connector_uploads_tenant_id_connector_id_created_at_id_idx" ON "connector_uploads" ("tenant_id", "connector_id", "created_at" DESC, "id" DESC);

CREATE TABLE "connector_upload_chunks" (
  "tenant_id" TEXT NOT NULL,
  "upload_id" TEXT NOT NULL,
  "seq" INTEGER NOT NULL,
  "bytes" BYTEA NOT NULL,
  CONSTRAINT "connector_upload_chunks_pkey" PRIMARY KEY ("tenant_id", "upload_id", "seq"),
  CONSTRAINT "connector_upload_chunks_upload_id_fkey" FOREIGN KEY ("tenant_id", "upload_id") REFERENCES "connector_uploads" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- The upload a CSV import job reads (no foreign key: an expired upload is swept once no job under way reads it).
ALTER TABLE "sync_jobs" ADD COLUMN "upload_id" TEXT;
-- A re-run of a window: the job reads the records changed since this instant.
ALTER TABLE "sync_jobs" ADD COLUMN "since" TIMESTAMPTZ(3);

-- Up Migration
-- Bulk mutations (bulk subgraph): one GraphQL mutation run once per line of an uploaded JSONL file
-- (each line its variables) on the job queue, with a JSONL result file of one line per input line.
-- Files (the uploads and the result files) are kept in PostgreSQL in chunks of whole lines, so no
-- instance ever holds a file whole and any instance can read one; each chunk records its first
-- line, so a job resumes at any line by reading one chunk.
CREATE TYPE "bulk_mutation_status" AS ENUM ('queued', 'running', 'completed', 'failed', 'cancelled');

CREATE TABLE "bulk_files" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  -- `upload` (lines sent by a client) or `result` (a bulk mutation's outcomes).
  "kind" TEXT NOT NULL,
  "byte_size" BIGINT NOT NULL DEFAULT 0,
  "line_count" INTEGER NOT NULL DEFAULT 0,
  "chunk_count" INTEGER NOT NULL DEFAULT 0,
  "created_by" TEXT NOT NULL,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "bulk_files_pkey" PRIMARY KEY ("tenant_id", "id"),
  CONSTRAINT "bulk_files_kind_check" CHECK ("kind" IN ('upload', 'result')),
  CONSTRAINT "bulk_files_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
-- The purge of expired files, across tenants.
CREATE INDEX "bulk_files_expires_at_idx" ON "bulk_files" ("expires_at");

CREATE TABLE "bulk_file_chunks" (
  "tenant_id" TEXT NOT NULL,
  "file_id" TEXT NOT NULL,
  "seq" INTEGER NOT NULL,
  -- The number (from 1) of the chunk's first line, and how many whole lines it holds.
  "first_line" INTEGER NOT NULL,
  "line_count" INTEGER NOT NULL,
  "content" BYTEA NOT NULL,
  CONSTRAINT "bulk_file_chunks_pkey" PRIMARY KEY ("tenant_id", "file_id", "seq"),
  CONSTRAINT "bulk_file_chunks_file_id_fkey" FOREIGN KEY ("tenant_id", "file_id") REFERENCES "bulk_files" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "bulk_mutations" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "status" "bulk_mutation_status" NOT NULL DEFAULT 'queued',
  "mutation" TEXT NOT NULL,
  "root_field" TEXT NOT NULL,
  -- No foreign key: the upload may expire and be purged while the bulk mutation is kept.
  "upload_id" TEXT NOT NULL,
  "result_file_id" TEXT NOT NULL,
  "created_by" TEXT NOT NULL,
  "credential_type" TEXT NOT NULL,
  "scopes" TEXT[],
  "lines_total" INTEGER NOT NULL,
  "lines_done" INTEGER NOT NULL DEFAULT 0,
  "lines_failed" INTEGER NOT NULL DEFAULT 0,
  "attempt_token" TEXT,
  "error" JSONB,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "started_at" TIMESTAMPTZ(3),
  "completed_at" TIMESTAMPTZ(3),
  "purge_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "bulk_mutations_pkey" PRIMARY KEY ("tenant_id", "id"),
  CONSTRAINT "bulk_mutations_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE INDEX "bulk_mutations_tenant_id_created_at_id_idx" ON "bulk_mutations" ("tenant_id", "created_at" DESC, "id" DESC);
-- The per-tenant bound on bulk mutations under way.
CREATE INDEX "bulk_mutations_tenant_id_status_idx" ON "bulk_mutations" ("tenant_id", "status");
CREATE INDEX "bulk_mutations_purge_at_idx" ON "bulk_mutations" ("purge_at");

-- Saved operations (issue 16, analytics subgraph): named GraphQL operations a tenant's analysts
-- save and run by name (REST) or as persisted documents (`documentId` on POST /graphql: the name,
-- `saved:<name>`, or the document's hash, `sha256:<hex>`). What the document asks for is derived
-- once when it is saved (its variables, its result's JSON Schema, its root fields and their
-- scopes) and kept with it, so a list or a read never re-analyses documents.
CREATE TABLE "saved_operations" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "name" TEXT NOT NULL,
  "description" TEXT,
  "document" TEXT NOT NULL,
  "operation_kind" TEXT NOT NULL,
  "operation_name" TEXT,
  "variables" JSONB NOT NULL,
  "result_schema" JSONB NOT NULL,
  "root_fields" JSONB NOT NULL,
  "document_hash" TEXT NOT NULL,
  "created_by" TEXT NOT NULL,
  "version" INTEGER NOT NULL DEFAULT 1,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "saved_operations_pkey" PRIMARY KEY ("tenant_id", "id"),
  -- The name is a path segment and part of a documentId: a lower-case slug.
  CONSTRAINT "saved_operations_name_format" CHECK ("name" ~ '^[a-z][a-z0-9_]{0,99}$'),
  CONSTRAINT "saved_operations_operation_kind" CHECK ("operation_kind" IN ('query', 'mutation')),
  CONSTRAINT "saved_operations_document_hash_format" CHECK ("document_hash" ~ '^[0-9a-f]{64}$')
);
CREATE UNIQUE INDEX "saved_operations_tenant_id_name_key" ON "saved_operations" ("tenant_id", "name");
-- Persisted documents named by hash (`sha256:<hex>`); two names may hold the same document.
CREATE INDEX "saved_operations_tenant_id_document_hash_idx" ON "saved_operations" ("tenant_id", "document_hash");
CREATE INDEX "saved_operations_tenant_id_created_at_id_idx" ON "saved_operations" ("tenant_id", "created_at" DESC, "id" DESC);

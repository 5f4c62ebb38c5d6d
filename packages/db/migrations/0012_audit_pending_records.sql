-- Up Migration
-- Audit records of data changes, queued inside the change's own transaction: durable when the
-- change commits, written without taking the tenant's chain lock (which serialised every write
-- of a tenant until its commit). One ordered chainer (@platform/audit AuditChainer) moves them
-- into audit_records, hash-chained, and deletes them here in the same transaction. `id` is the
-- order they are chained in (within the rows committed when the chainer looks).
CREATE TABLE "audit_pending_records" (
  "id" BIGSERIAL NOT NULL,
  "tenant_id" TEXT NOT NULL,
  "occurred_at" TIMESTAMPTZ(3) NOT NULL,
  "request_id" TEXT,
  "surface" TEXT NOT NULL,
  "action" TEXT NOT NULL,
  "method" TEXT,
  "path" TEXT,
  "operation_name" TEXT,
  "status" INTEGER,
  "duration_ms" DOUBLE PRECISION,
  "actor_type" TEXT NOT NULL,
  "actor_id" TEXT,
  "credential_id" TEXT,
  "client_address" TEXT,
  "resource_id" TEXT,
  CONSTRAINT "audit_pending_records_pkey" PRIMARY KEY ("id")
);

-- A queued record is never edited: it is chained as written, or not at all.
CREATE FUNCTION "audit_pending_records_refuse_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'queued audit records cannot be changed: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER "audit_pending_records_no_update"
  BEFORE UPDATE ON "audit_pending_records" FOR EACH ROW EXECUTE FUNCTION "audit_pending_records_refuse_update"();

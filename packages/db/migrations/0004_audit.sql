-- Up Migration
-- Audit trail: one record per request (whatever its outcome) and per data change, in one
-- hash chain per tenant. `tenant_id` is `_platform` for requests that never established a tenant
-- (401s, token requests of unknown clients). No foreign key to tenants: `_platform` is not a
-- tenant, and the trail outlives the data it describes.
CREATE TABLE "audit_records" (
  "tenant_id" TEXT NOT NULL,
  "seq" BIGINT NOT NULL,
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
  "prev_hash" TEXT NOT NULL,
  "hash" TEXT NOT NULL,
  CONSTRAINT "audit_records_pkey" PRIMARY KEY ("tenant_id", "seq"),
  CONSTRAINT "audit_records_seq_check" CHECK ("seq" >= 1),
  CONSTRAINT "audit_records_surface_check" CHECK ("surface" IN ('rest', 'graphql', 'subscription', 'oauth')),
  CONSTRAINT "audit_records_actor_type_check" CHECK ("actor_type" IN ('oauth_client', 'api_key', 'user', 'anonymous')),
  CONSTRAINT "audit_records_hash_check" CHECK ("hash" ~ '^[0-9a-f]{64}$' AND "prev_hash" ~ '^[0-9a-f]{64}$')
);
CREATE INDEX "audit_records_tenant_id_occurred_at_idx" ON "audit_records" ("tenant_id", "occurred_at");
CREATE INDEX "audit_records_tenant_id_actor_id_idx" ON "audit_records" ("tenant_id", "actor_id");
CREATE INDEX "audit_records_tenant_id_status_idx" ON "audit_records" ("tenant_id", "status");

-- The end of each tenant's chain. Appenders lock the row (SELECT ... FOR UPDATE), so appends
-- to one chain are serialised across transactions and processes; `last_seq` also reveals a
-- deleted tail of the chain.
CREATE TABLE "audit_chain_heads" (
  "tenant_id" TEXT NOT NULL,
  "last_seq" BIGINT NOT NULL,
  "last_hash" TEXT NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "audit_chain_heads_pkey" PRIMARY KEY ("tenant_id")
);

-- Append-only, enforced below the application: audit records are never updated or deleted, and
-- a chain head only moves forward. The table owner (or a superuser) can still disable these
-- triggers; the hash chain is what detects such tampering (`admin audit verify`).
CREATE FUNCTION "audit_records_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit records are append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER "audit_records_append_only"
  BEFORE UPDATE OR DELETE ON "audit_records" FOR EACH ROW EXECUTE FUNCTION "audit_records_refuse_change"();
CREATE TRIGGER "audit_records_no_truncate"
  BEFORE TRUNCATE ON "audit_records" FOR EACH STATEMENT EXECUTE FUNCTION "audit_records_refuse_change"();

CREATE FUNCTION "audit_chain_heads_forward_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' THEN
    RAISE EXCEPTION 'audit chain heads cannot be removed: % is not allowed', TG_OP
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW."tenant_id" <> OLD."tenant_id" OR NEW."last_seq" < OLD."last_seq" THEN
    RAISE EXCEPTION 'audit chain heads only move forward'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "audit_chain_heads_forward_only"
  BEFORE UPDATE OR DELETE ON "audit_chain_heads" FOR EACH ROW EXECUTE FUNCTION "audit_chain_heads_forward_only"();
CREATE TRIGGER "audit_chain_heads_no_truncate"
  BEFORE TRUNCATE ON "audit_chain_heads" FOR EACH STATEMENT EXECUTE FUNCTION "audit_chain_heads_forward_only"();

-- Up Migration
-- Identity: tenants (in production/sandbox pairs), OAuth clients, token signing keys.
CREATE TYPE "plan" AS ENUM ('launch', 'growth', 'scale', 'enterprise');
CREATE TYPE "environment" AS ENUM ('sandbox', 'production');

CREATE TABLE "tenants" (
  "id" TEXT NOT NULL,
  "name" TEXT NOT NULL,
  "plan" "plan" NOT NULL,
  "environment" "environment" NOT NULL,
  "paired_tenant_id" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "tenants_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "tenants_paired_tenant_id_key" ON "tenants" ("paired_tenant_id");
-- Both halves of a pair are inserted in one transaction, so the check waits for the commit.
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_paired_tenant_id_fkey"
  FOREIGN KEY ("paired_tenant_id") REFERENCES "tenants" ("id") DEFERRABLE INITIALLY DEFERRED;

CREATE TABLE "oauth_clients" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "name" TEXT NOT NULL,
  "secret_hash" TEXT NOT NULL,
  "scopes" TEXT[],
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "revoked_at" TIMESTAMPTZ(3),
  CONSTRAINT "oauth_clients_pkey" PRIMARY KEY ("tenant_id", "id")
);
CREATE UNIQUE INDEX "oauth_clients_id_key" ON "oauth_clients" ("id");
ALTER TABLE "oauth_clients" ADD CONSTRAINT "oauth_clients_tenant_id_fkey"
  FOREIGN KEY ("tenant_id") REFERENCES "tenants" ("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "signing_keys" (
  "kid" TEXT NOT NULL,
  "private_jwk" JSONB NOT NULL,
  "public_jwk" JSONB NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "retired_at" TIMESTAMPTZ(3),
  CONSTRAINT "signing_keys_pkey" PRIMARY KEY ("kid")
);

-- Inventory: warehouses and items (SKUs).
CREATE TABLE "warehouses" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "name" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "warehouses_pkey" PRIMARY KEY ("tenant_id", "id")
);

CREATE TABLE "inventory_items" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "name" TEXT NOT NULL,
  "quantity_on_hand" INTEGER NOT NULL,
  "reorder_point" INTEGER NOT NULL,
  "warehouse_id" TEXT NOT NULL,
  "last_synced_at" TIMESTAMPTZ(3) NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "inventory_items_pkey" PRIMARY KEY ("tenant_id", "id")
);
CREATE INDEX "inventory_items_tenant_id_warehouse_id_id_idx" ON "inventory_items" ("tenant_id", "warehouse_id", "id");
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_tenant_id_warehouse_id_fkey"
  FOREIGN KEY ("tenant_id", "warehouse_id") REFERENCES "warehouses" ("tenant_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

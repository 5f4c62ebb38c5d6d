-- Up Migration
-- CRM: customers (trading partners) with their contacts and addresses; sales and purchase
-- orders with their lines; the per-tenant, per-kind order number sequences. Order lines name
-- inventory SKUs without a foreign key: inventory's tables belong to another domain.
CREATE TYPE "address_kind" AS ENUM ('billing', 'shipping');
CREATE TYPE "order_kind" AS ENUM ('sales', 'purchase');
CREATE TYPE "order_status" AS ENUM ('draft', 'confirmed', 'fulfilled', 'received', 'cancelled');

CREATE TABLE "customers" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "name" TEXT NOT NULL,
  "email" TEXT,
  "phone" TEXT,
  "company_name" TEXT,
  "tax_id" TEXT,
  "currency" TEXT,
  "notes" TEXT,
  "archived_at" TIMESTAMPTZ(3),
  "version" INTEGER NOT NULL DEFAULT 1,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "customers_pkey" PRIMARY KEY ("tenant_id", "id"),
  CONSTRAINT "customers_email_lower_case" CHECK ("email" = lower("email")),
  CONSTRAINT "customers_currency_format" CHECK ("currency" ~ '^[A-Z]{3}$')
);
CREATE INDEX "customers_tenant_id_created_at_id_idx" ON "customers" ("tenant_id", "created_at" DESC, "id" DESC);
CREATE INDEX "customers_tenant_id_email_idx" ON "customers" ("tenant_id", "email");

CREATE TABLE "customer_contacts" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "customer_id" TEXT NOT NULL,
  "position" INTEGER NOT NULL,
  "name" TEXT NOT NULL,
  "email" TEXT,
  "phone" TEXT,
  "role" TEXT,
  "is_primary" BOOLEAN NOT NULL DEFAULT false,
  CONSTRAINT "customer_contacts_pkey" PRIMARY KEY ("tenant_id", "id")
);
CREATE INDEX "customer_contacts_tenant_id_customer_id_position_idx" ON "customer_contacts" ("tenant_id", "customer_id", "position");
ALTER TABLE "customer_contacts" ADD CONSTRAINT "customer_contacts_tenant_id_customer_id_fkey"
  FOREIGN KEY ("tenant_id", "customer_id") REFERENCES "customers" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "customer_addresses" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "customer_id" TEXT NOT NULL,
  "position" INTEGER NOT NULL,
  "kind" "address_kind" NOT NULL,
  "line1" TEXT NOT NULL,
  "line2" TEXT,
  "city" TEXT NOT NULL,
  "region" TEXT,
  "postal_code" TEXT,
  "country" CHAR(2) NOT NULL,
  CONSTRAINT "customer_addresses_pkey" PRIMARY KEY ("tenant_id", "id")
);
CREATE INDEX "customer_addresses_tenant_id_customer_id_position_idx" ON "customer_addresses" ("tenant_id", "customer_id", "position");
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_tenant_id_customer_id_fkey"
  FOREIGN KEY ("tenant_id", "customer_id") REFERENCES "customers" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "orders" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "number" TEXT NOT NULL,
  "kind" "order_kind" NOT NULL,
  "status" "order_status" NOT NULL DEFAULT 'draft',
  "customer_id" TEXT NOT NULL,
  "channel" TEXT NOT NULL,
  "external_reference" TEXT,
  "currency" TEXT NOT NULL,
  "subtotal" BIGINT NOT NULL,
  "total" BIGINT NOT NULL,
  "notes" TEXT,
  "confirmed_at" TIMESTAMPTZ(3),
  "fulfilled_at" TIMESTAMPTZ(3),
  "received_at" TIMESTAMPTZ(3),
  "cancelled_at" TIMESTAMPTZ(3),
  "version" INTEGER NOT NULL DEFAULT 1,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "orders_pkey" PRIMARY KEY ("tenant_id", "id"),
  CONSTRAINT "orders_currency_format" CHECK ("currency" ~ '^[A-Z]{3}$'),
  CONSTRAINT "orders_amounts_not_negative" CHECK ("subtotal" >= 0 AND "total" >= 0),
  -- Fulfilment belongs to sales orders, receipt to purchase orders.
  CONSTRAINT "orders_status_matches_kind" CHECK (("status" <> 'fulfilled' OR "kind" = 'sales') AND ("status" <> 'received' OR "kind" = 'purchase'))
);
CREATE UNIQUE INDEX "orders_tenant_id_number_key" ON "orders" ("tenant_id", "number");
-- NULLs are distinct: only references that are given must be unique per tenant and kind.
CREATE UNIQUE INDEX "orders_tenant_id_kind_external_reference_key" ON "orders" ("tenant_id", "kind", "external_reference");
CREATE INDEX "orders_tenant_id_created_at_id_idx" ON "orders" ("tenant_id", "created_at" DESC, "id" DESC);
CREATE INDEX "orders_tenant_id_customer_id_created_at_idx" ON "orders" ("tenant_id", "customer_id", "created_at" DESC);
ALTER TABLE "orders" ADD CONSTRAINT "orders_tenant_id_customer_id_fkey"
  FOREIGN KEY ("tenant_id", "customer_id") REFERENCES "customers" ("tenant_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "order_lines" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "order_id" TEXT NOT NULL,
  "position" INTEGER NOT NULL,
  "item_id" TEXT NOT NULL,
  "description" TEXT NOT NULL,
  "quantity" INTEGER NOT NULL,
  "unit_price" BIGINT NOT NULL,
  "total" BIGINT NOT NULL,
  CONSTRAINT "order_lines_pkey" PRIMARY KEY ("tenant_id", "id"),
  CONSTRAINT "order_lines_quantity_positive" CHECK ("quantity" > 0),
  CONSTRAINT "order_lines_amounts_not_negative" CHECK ("unit_price" >= 0 AND "total" = "quantity" * "unit_price")
);
CREATE INDEX "order_lines_tenant_id_order_id_position_idx" ON "order_lines" ("tenant_id", "order_id", "position");
CREATE INDEX "order_lines_tenant_id_item_id_idx" ON "order_lines" ("tenant_id", "item_id");
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_tenant_id_order_id_fkey"
  FOREIGN KEY ("tenant_id", "order_id") REFERENCES "orders" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "order_sequences" (
  "tenant_id" TEXT NOT NULL,
  "kind" "order_kind" NOT NULL,
  "last_number" INTEGER NOT NULL,
  CONSTRAINT "order_sequences_pkey" PRIMARY KEY ("tenant_id", "kind")
);

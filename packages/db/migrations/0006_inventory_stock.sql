-- Up Migration
-- Inventory: stock per (item, warehouse), the append-only history of stock movements, backorders,
-- optimistic versions and archiving of items and warehouses.
--
-- Invariants kept by the inventory subgraph (one function writes every stock change, under row
-- locks): an item's quantity_on_hand = the sum of its stock levels = the sum of its movements;
-- a level's quantity_on_hand = the sum of the movements of its (item, warehouse) = the
-- quantity_after of the latest of them.

ALTER TABLE "warehouses"
  ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1,
  ADD COLUMN "archived_at" TIMESTAMPTZ(3);

ALTER TABLE "inventory_items"
  ADD COLUMN "allow_backorder" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1,
  ADD COLUMN "archived_at" TIMESTAMPTZ(3);

CREATE TABLE "stock_levels" (
  "tenant_id" TEXT NOT NULL,
  "item_id" TEXT NOT NULL,
  "warehouse_id" TEXT NOT NULL,
  "quantity_on_hand" INTEGER NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "stock_levels_pkey" PRIMARY KEY ("tenant_id", "item_id", "warehouse_id")
);
CREATE INDEX "stock_levels_tenant_id_warehouse_id_idx" ON "stock_levels" ("tenant_id", "warehouse_id");
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_tenant_id_item_id_fkey"
  FOREIGN KEY ("tenant_id", "item_id") REFERENCES "inventory_items" ("tenant_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_tenant_id_warehouse_id_fkey"
  FOREIGN KEY ("tenant_id", "warehouse_id") REFERENCES "warehouses" ("tenant_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TYPE "stock_movement_kind" AS ENUM ('receipt', 'adjustment', 'transfer_out', 'transfer_in', 'fulfilment');

CREATE TABLE "stock_movements" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "seq" BIGSERIAL NOT NULL,
  "item_id" TEXT NOT NULL,
  "warehouse_id" TEXT NOT NULL,
  "kind" "stock_movement_kind" NOT NULL,
  "quantity" INTEGER NOT NULL,
  "quantity_after" INTEGER NOT NULL,
  "reason" TEXT,
  "source_type" TEXT,
  "source_id" TEXT,
  "source_line_id" TEXT,
  "transfer_id" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "stock_movements_pkey" PRIMARY KEY ("tenant_id", "id"),
  -- The sign follows the kind; an adjustment goes either way but is never zero.
  CONSTRAINT "stock_movements_quantity_check" CHECK (
    ("kind" IN ('receipt', 'transfer_in') AND "quantity" > 0)
    OR ("kind" IN ('fulfilment', 'transfer_out') AND "quantity" < 0)
    OR ("kind" = 'adjustment' AND "quantity" <> 0)
  ),
  -- Both rows of a transfer carry its id; no other movement does.
  CONSTRAINT "stock_movements_transfer_check" CHECK (("transfer_id" IS NOT NULL) = ("kind" IN ('transfer_out', 'transfer_in'))),
  CONSTRAINT "stock_movements_source_check" CHECK (
    ("source_type" IS NULL AND "source_id" IS NULL AND "source_line_id" IS NULL)
    OR ("source_type" IN ('sales_order', 'purchase_order') AND "source_id" IS NOT NULL)
  )
);
CREATE INDEX "stock_movements_tenant_id_created_at_seq_idx" ON "stock_movements" ("tenant_id", "created_at", "seq");
CREATE INDEX "stock_movements_tenant_id_item_id_created_at_seq_idx" ON "stock_movements" ("tenant_id", "item_id", "created_at", "seq");
CREATE INDEX "stock_movements_tenant_id_warehouse_id_created_at_seq_idx" ON "stock_movements" ("tenant_id", "warehouse_id", "created_at", "seq");
CREATE INDEX "stock_movements_tenant_id_source_id_idx" ON "stock_movements" ("tenant_id", "source_id");
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_tenant_id_item_id_fkey"
  FOREIGN KEY ("tenant_id", "item_id") REFERENCES "inventory_items" ("tenant_id", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_tenant_id_warehouse_id_fkey"
  FOREIGN KEY ("tenant_id", "warehouse_id") REFERENCES "warehouses" ("tenant_id", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- Append-only tables of tenant history (stock movements here; the ledger and the event log later)
-- share one trigger function: rows are never updated, and deleted only by a purge of the whole
-- tenant (the sandbox reset), which names the tenant in its transaction:
-- SET LOCAL platform.purge_tenant = '<id>'. An optional trigger argument adds a hint to the error.
CREATE FUNCTION "append_only_except_tenant_purge"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD."tenant_id" = current_setting('platform.purge_tenant', true) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% is append-only: % is not allowed%', TG_TABLE_NAME, TG_OP, coalesce(' (' || TG_ARGV[0] || ')', '')
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER "stock_movements_append_only"
  BEFORE UPDATE OR DELETE ON "stock_movements" FOR EACH ROW EXECUTE FUNCTION "append_only_except_tenant_purge"('record an adjustment instead');
CREATE TRIGGER "stock_movements_no_truncate"
  BEFORE TRUNCATE ON "stock_movements" FOR EACH STATEMENT EXECUTE FUNCTION "append_only_except_tenant_purge"('record an adjustment instead');

-- Items inserted outside the API (the demo seed, bulk loads, items that existed before this
-- migration) get their stock as an opening balance: a level in the home warehouse and, when it is
-- not zero, an `adjustment` movement. The API inserts items with 0 and records their initial
-- stock through the subgraph's stock function instead.
CREATE FUNCTION "inventory_items_opening_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stock_levels" ("tenant_id", "item_id", "warehouse_id", "quantity_on_hand")
    VALUES (NEW."tenant_id", NEW."id", NEW."warehouse_id", NEW."quantity_on_hand");
  IF NEW."quantity_on_hand" <> 0 THEN
    INSERT INTO "stock_movements" ("tenant_id", "id", "item_id", "warehouse_id", "kind", "quantity", "quantity_after", "reason")
      VALUES (NEW."tenant_id", 'mov_' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 24), NEW."id", NEW."warehouse_id",
              'adjustment', NEW."quantity_on_hand", NEW."quantity_on_hand", 'Opening balance');
  END IF;
  RETURN NULL;
END;
$$;

INSERT INTO "stock_levels" ("tenant_id", "item_id", "warehouse_id", "quantity_on_hand")
  SELECT "tenant_id", "id", "warehouse_id", "quantity_on_hand" FROM "inventory_items";
INSERT INTO "stock_movements" ("tenant_id", "id", "item_id", "warehouse_id", "kind", "quantity", "quantity_after", "reason", "created_at")
  SELECT "tenant_id", 'mov_' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 24), "id", "warehouse_id",
         'adjustment', "quantity_on_hand", "quantity_on_hand", 'Opening balance', "created_at"
  FROM "inventory_items" WHERE "quantity_on_hand" <> 0 ORDER BY "tenant_id", "id";

CREATE TRIGGER "inventory_items_opening_balance"
  AFTER INSERT ON "inventory_items" FOR EACH ROW EXECUTE FUNCTION "inventory_items_opening_balance"();

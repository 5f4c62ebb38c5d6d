-- Up Migration
-- Inventory items at a million per tenant (issue 14, item 5): an exact `meta.total` without
-- counting rows, and an index for every filter and sort of the item list, so that a page (numbered
-- or after a cursor) reads `per_page + 1` rows whatever the tenant's size.

-- No item changes while the counts are seeded and their triggers created (writers wait; readers do not).
LOCK TABLE "inventory_items" IN SHARE ROW EXCLUSIVE MODE;

-- Signed counts of a tenant's items per bucket of the list's filters: home warehouse, below the
-- reorder point or not, archived or not. Append-only from the triggers below (a change that moves
-- an item between buckets appends -1 and +1, in the transaction of the change), so writers never
-- wait for each other on a counter row; the sum of a bucket's rows is its exact count in every
-- snapshot. The item list folds a tenant's rows into one per bucket when they pile up.
CREATE TABLE "inventory_item_counts" (
  "tenant_id" TEXT NOT NULL,
  "seq" BIGSERIAL NOT NULL,
  "warehouse_id" TEXT NOT NULL,
  "below_reorder_point" BOOLEAN NOT NULL,
  "archived" BOOLEAN NOT NULL,
  "items" BIGINT NOT NULL,
  CONSTRAINT "inventory_item_counts_pkey" PRIMARY KEY ("tenant_id", "seq")
);

-- Inserts and deletes: one statement-level trigger each, one counter row per bucket the
-- statement touched (a bulk load of a million items appends a handful of rows).
CREATE FUNCTION "inventory_item_counts_of_statement"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "inventory_item_counts" ("tenant_id", "warehouse_id", "below_reorder_point", "archived", "items")
      SELECT "tenant_id", "warehouse_id", "quantity_on_hand" < "reorder_point", "archived_at" IS NOT NULL, COUNT(*)
      FROM "added_items" GROUP BY 1, 2, 3, 4;
  ELSE
    INSERT INTO "inventory_item_counts" ("tenant_id", "warehouse_id", "below_reorder_point", "archived", "items")
      SELECT "tenant_id", "warehouse_id", "quantity_on_hand" < "reorder_point", "archived_at" IS NOT NULL, -COUNT(*)
      FROM "removed_items" GROUP BY 1, 2, 3, 4;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "inventory_items_count_inserts" AFTER INSERT ON "inventory_items"
  REFERENCING NEW TABLE AS "added_items" FOR EACH STATEMENT EXECUTE FUNCTION "inventory_item_counts_of_statement"();
CREATE TRIGGER "inventory_items_count_deletes" AFTER DELETE ON "inventory_items"
  REFERENCING OLD TABLE AS "removed_items" FOR EACH STATEMENT EXECUTE FUNCTION "inventory_item_counts_of_statement"();

-- Updates: a row-level trigger whose WHEN clause (evaluated without calling the function) lets
-- through only the updates that move an item to another bucket; a stock change that stays on the
-- same side of the reorder point costs nothing here.
CREATE FUNCTION "inventory_item_counts_of_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "inventory_item_counts" ("tenant_id", "warehouse_id", "below_reorder_point", "archived", "items")
    VALUES (OLD."tenant_id", OLD."warehouse_id", OLD."quantity_on_hand" < OLD."reorder_point", OLD."archived_at" IS NOT NULL, -1),
           (NEW."tenant_id", NEW."warehouse_id", NEW."quantity_on_hand" < NEW."reorder_point", NEW."archived_at" IS NOT NULL, 1);
  RETURN NULL;
END;
$$;
CREATE TRIGGER "inventory_items_count_moves" AFTER UPDATE ON "inventory_items" FOR EACH ROW
  WHEN (OLD."tenant_id" <> NEW."tenant_id" OR OLD."warehouse_id" <> NEW."warehouse_id"
        OR (OLD."quantity_on_hand" < OLD."reorder_point") <> (NEW."quantity_on_hand" < NEW."reorder_point")
        OR (OLD."archived_at" IS NULL) <> (NEW."archived_at" IS NULL))
  EXECUTE FUNCTION "inventory_item_counts_of_move"();
-- (TRUNCATE, which fires none of them, cannot reach the items: it would have to cascade to
-- stock_movements, whose trigger refuses it.)

INSERT INTO "inventory_item_counts" ("tenant_id", "warehouse_id", "below_reorder_point", "archived", "items")
  SELECT "tenant_id", "warehouse_id", "quantity_on_hand" < "reorder_point", "archived_at" IS NOT NULL, COUNT(*)
  FROM "inventory_items" GROUP BY 1, 2, 3, 4;

-- One index per sort of the list (the primary key serves `id`, and `warehouse_id` filters by
-- SKU through inventory_items_tenant_id_warehouse_id_id_idx): the page is a range of the index,
-- forwards or backwards, starting at the cursor; a filter that keeps a good share of the items
-- is applied on the way.
CREATE INDEX "inventory_items_tenant_id_name_id_idx" ON "inventory_items" ("tenant_id", "name", "id");
CREATE INDEX "inventory_items_tenant_id_quantity_on_hand_id_idx" ON "inventory_items" ("tenant_id", "quantity_on_hand", "id");
CREATE INDEX "inventory_items_tenant_id_created_at_id_idx" ON "inventory_items" ("tenant_id", "created_at", "id");
CREATE INDEX "inventory_items_tenant_id_updated_at_id_idx" ON "inventory_items" ("tenant_id", "updated_at", "id");
-- Filters that keep few items: those below their reorder point (alone and per warehouse), and the
-- archived ones. Partial, so they hold only those items and cost nothing for the others.
CREATE INDEX "inventory_items_below_reorder_point_idx" ON "inventory_items" ("tenant_id", "id")
  WHERE "archived_at" IS NULL AND "quantity_on_hand" < "reorder_point";
CREATE INDEX "inventory_items_below_reorder_point_warehouse_idx" ON "inventory_items" ("tenant_id", "warehouse_id", "id")
  WHERE "archived_at" IS NULL AND "quantity_on_hand" < "reorder_point";
CREATE INDEX "inventory_items_archived_idx" ON "inventory_items" ("tenant_id", "id") WHERE "archived_at" IS NOT NULL;

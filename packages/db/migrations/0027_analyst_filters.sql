-- Up Migration
-- Analyst filters of the order and item lists (issue 16): indexes for the filters that would
-- otherwise read every order or item of a large tenant. The others (an item's `reorder_point` and
-- `unit_cost` ranges, a movement's `quantity` range) filter the rows another index or the tenant's
-- scan already reads: every index of inventory_items is written by each stock change, as no update
-- of an item is HOT (its quantity is indexed), so only the search earns one there.

-- Trigram operator classes, for ILIKE '%text%' through an index. A trusted extension of contrib
-- (PostgreSQL 13+): the database's owner may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- `total_min` / `total_max`, and `sort=total` (either direction), one index range.
CREATE INDEX "orders_tenant_id_total_id_idx" ON "orders" ("tenant_id", "total", "id");

-- Each lifecycle instant's range (`fulfilled_after` …), and its sort within that range. Partial: an
-- order enters the index when its action happens, so creating an order writes none of them.
CREATE INDEX "orders_confirmed_at_idx" ON "orders" ("tenant_id", "confirmed_at", "id") WHERE "confirmed_at" IS NOT NULL;
CREATE INDEX "orders_fulfilled_at_idx" ON "orders" ("tenant_id", "fulfilled_at", "id") WHERE "fulfilled_at" IS NOT NULL;
CREATE INDEX "orders_received_at_idx" ON "orders" ("tenant_id", "received_at", "id") WHERE "received_at" IS NOT NULL;
CREATE INDEX "orders_cancelled_at_idx" ON "orders" ("tenant_id", "cancelled_at", "id") WHERE "cancelled_at" IS NOT NULL;

-- `q`: the case-insensitive substring searches of the two lists, one multicolumn GIN index each (a
-- condition per column, OR-ed: one bitmap scan per column of the same index). Across tenants: the
-- tenant is checked on the rows found.
CREATE INDEX "orders_search_idx" ON "orders" USING gin ("number" gin_trgm_ops, "external_reference" gin_trgm_ops, "notes" gin_trgm_ops);
CREATE INDEX "inventory_items_search_idx" ON "inventory_items" USING gin ("id" gin_trgm_ops, "name" gin_trgm_ops);

-- Item unit costs (issue 16): what one unit of an item costs, in minor units of its currency, so
-- that stock can be valued (an item's on-hand quantity × its unit cost; a warehouse's stock per
-- currency). Both set or both null: a cost without a currency cannot be valued, and a currency
-- alone means nothing. At most 10^9 minor units, so that a level's value (at most 2^31 units)
-- always fits a BIGINT.
ALTER TABLE "inventory_items"
  ADD COLUMN "unit_cost" BIGINT,
  ADD COLUMN "currency" TEXT,
  ADD CONSTRAINT "inventory_items_unit_cost_currency" CHECK (("unit_cost" IS NULL) = ("currency" IS NULL)),
  ADD CONSTRAINT "inventory_items_unit_cost_range" CHECK ("unit_cost" BETWEEN 0 AND 1000000000),
  ADD CONSTRAINT "inventory_items_currency_format" CHECK ("currency" ~ '^[A-Z]{3}$');

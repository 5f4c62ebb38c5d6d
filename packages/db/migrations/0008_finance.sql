-- Up Migration
-- Finance: invoices (receivables) and the general ledger (double-entry journal entries).
-- Customers and orders belong to CRM: no foreign key leaves this domain (finance reaches them
-- through the OrdersPort). Money is BIGINT minor units of the row's currency.
CREATE TYPE "invoice_status" AS ENUM ('draft', 'issued', 'paid', 'void');
CREATE TYPE "ledger_source_type" AS ENUM ('invoice', 'payment', 'manual', 'reversal');

-- The per-tenant invoice number sequence: the issuing transaction increments the tenant's row
-- (locking it until commit), so numbers are gapless and a rolled-back issue gives its number back.
CREATE TABLE "invoice_number_counters" (
  "tenant_id" TEXT NOT NULL,
  "last_number" INTEGER NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "invoice_number_counters_pkey" PRIMARY KEY ("tenant_id"),
  CONSTRAINT "invoice_number_counters_last_number_check" CHECK ("last_number" >= 1)
);

CREATE TABLE "invoices" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "number" TEXT,
  "sequence" INTEGER,
  "customer_id" TEXT NOT NULL,
  "order_id" TEXT,
  "currency" TEXT NOT NULL,
  "status" "invoice_status" NOT NULL DEFAULT 'draft',
  "subtotal" BIGINT NOT NULL DEFAULT 0,
  "tax_total" BIGINT NOT NULL DEFAULT 0,
  "total" BIGINT NOT NULL DEFAULT 0,
  "amount_paid" BIGINT NOT NULL DEFAULT 0,
  "payment_terms_days" INTEGER NOT NULL DEFAULT 30,
  "due_date" DATE,
  "memo" TEXT,
  "issued_at" TIMESTAMPTZ(3),
  "paid_at" TIMESTAMPTZ(3),
  "voided_at" TIMESTAMPTZ(3),
  "version" INTEGER NOT NULL DEFAULT 1,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "invoices_pkey" PRIMARY KEY ("tenant_id", "id"),
  CONSTRAINT "invoices_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$'),
  CONSTRAINT "invoices_amounts_check" CHECK (
    "subtotal" >= 0 AND "tax_total" >= 0 AND "total" = "subtotal" + "tax_total"
    AND "amount_paid" >= 0 AND "amount_paid" <= "total"
  ),
  CONSTRAINT "invoices_payment_terms_days_check" CHECK ("payment_terms_days" BETWEEN 0 AND 3650),
  CONSTRAINT "invoices_version_check" CHECK ("version" >= 1),
  -- A number exactly when the invoice was issued; payments only on issued invoices; paid means
  -- nothing is due.
  CONSTRAINT "invoices_number_check" CHECK (
    ("number" IS NULL) = ("sequence" IS NULL)
    AND ("number" IS NULL) = ("issued_at" IS NULL)
    AND ("status" <> 'draft' OR "number" IS NULL)
    AND ("status" NOT IN ('issued', 'paid') OR "number" IS NOT NULL)
  ),
  CONSTRAINT "invoices_status_check" CHECK (
    ("status" = 'paid') = ("paid_at" IS NOT NULL)
    AND ("status" = 'void') = ("voided_at" IS NOT NULL)
    AND ("status" <> 'paid' OR "amount_paid" = "total")
    AND ("status" IN ('issued', 'paid') OR "amount_paid" = 0)
  )
);
CREATE UNIQUE INDEX "invoices_tenant_id_number_key" ON "invoices" ("tenant_id", "number");
CREATE UNIQUE INDEX "invoices_tenant_id_sequence_key" ON "invoices" ("tenant_id", "sequence");
CREATE INDEX "invoices_tenant_id_created_at_idx" ON "invoices" ("tenant_id", "created_at");
CREATE INDEX "invoices_tenant_id_customer_id_created_at_idx" ON "invoices" ("tenant_id", "customer_id", "created_at");
CREATE INDEX "invoices_tenant_id_order_id_idx" ON "invoices" ("tenant_id", "order_id");
CREATE INDEX "invoices_tenant_id_status_due_date_idx" ON "invoices" ("tenant_id", "status", "due_date");

CREATE TABLE "invoice_lines" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "invoice_id" TEXT NOT NULL,
  "position" INTEGER NOT NULL,
  "item_id" TEXT,
  "description" TEXT NOT NULL,
  "quantity" INTEGER NOT NULL,
  "unit_price" BIGINT NOT NULL,
  "tax_rate" INTEGER NOT NULL,
  "subtotal" BIGINT NOT NULL,
  "tax" BIGINT NOT NULL,
  "total" BIGINT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "invoice_lines_pkey" PRIMARY KEY ("tenant_id", "id"),
  CONSTRAINT "invoice_lines_amounts_check" CHECK (
    "position" >= 0 AND "quantity" > 0 AND "unit_price" >= 0 AND "tax_rate" BETWEEN 0 AND 10000
    AND "subtotal" = "quantity"::NUMERIC * "unit_price"
    -- Round half up (amounts are never negative).
    AND "tax" = div("subtotal"::NUMERIC * "tax_rate" + 5000, 10000)
    AND "total" = "subtotal" + "tax"
  )
);
CREATE UNIQUE INDEX "invoice_lines_tenant_id_invoice_id_position_key" ON "invoice_lines" ("tenant_id", "invoice_id", "position");
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_tenant_id_invoice_id_fkey"
  FOREIGN KEY ("tenant_id", "invoice_id") REFERENCES "invoices" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The general ledger: journal entries and their lines.
CREATE TABLE "ledger_entries" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "currency" TEXT NOT NULL,
  "description" TEXT NOT NULL,
  "posted_at" TIMESTAMPTZ(3) NOT NULL,
  "source_type" "ledger_source_type" NOT NULL,
  "source_id" TEXT,
  "reverses_entry_id" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("tenant_id", "id"),
  CONSTRAINT "ledger_entries_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$'),
  CONSTRAINT "ledger_entries_reversal_check" CHECK (("source_type" = 'reversal') = ("reverses_entry_id" IS NOT NULL)),
  CONSTRAINT "ledger_entries_source_check" CHECK (("source_type" IN ('invoice', 'payment')) <= ("source_id" IS NOT NULL))
);
-- An entry is reversed at most once.
CREATE UNIQUE INDEX "ledger_entries_tenant_id_reverses_entry_id_key" ON "ledger_entries" ("tenant_id", "reverses_entry_id");
CREATE INDEX "ledger_entries_tenant_id_posted_at_idx" ON "ledger_entries" ("tenant_id", "posted_at");
CREATE INDEX "ledger_entries_tenant_id_source_id_idx" ON "ledger_entries" ("tenant_id", "source_id");
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_tenant_id_reverses_entry_id_fkey"
  FOREIGN KEY ("tenant_id", "reverses_entry_id") REFERENCES "ledger_entries" ("tenant_id", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

CREATE TABLE "ledger_lines" (
  "tenant_id" TEXT NOT NULL,
  "entry_id" TEXT NOT NULL,
  "position" INTEGER NOT NULL,
  "account" TEXT NOT NULL,
  "debit" BIGINT NOT NULL,
  "credit" BIGINT NOT NULL,
  CONSTRAINT "ledger_lines_pkey" PRIMARY KEY ("tenant_id", "entry_id", "position"),
  CONSTRAINT "ledger_lines_account_check" CHECK ("account" ~ '^[a-z][a-z0-9_.:-]{0,63}$'),
  -- Exactly one side of a line carries an amount.
  CONSTRAINT "ledger_lines_amount_check" CHECK ("debit" >= 0 AND "credit" >= 0 AND ("debit" > 0) <> ("credit" > 0))
);
CREATE INDEX "ledger_lines_tenant_id_account_idx" ON "ledger_lines" ("tenant_id", "account");
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_tenant_id_entry_id_fkey"
  FOREIGN KEY ("tenant_id", "entry_id") REFERENCES "ledger_entries" ("tenant_id", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- Append-only, enforced below the application: journal entries and their lines are never
-- updated, and deleted only by a sandbox purge of their own tenant, which first runs
-- `SET LOCAL platform.purge_tenant = '<tenant id>'` in its transaction (the trigger function of
-- 0006_inventory_stock.sql).
CREATE TRIGGER "ledger_entries_append_only"
  BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "append_only_except_tenant_purge"('post a reversal instead');
CREATE TRIGGER "ledger_lines_append_only"
  BEFORE UPDATE OR DELETE ON "ledger_lines" FOR EACH ROW EXECUTE FUNCTION "append_only_except_tenant_purge"('post a reversal instead');
CREATE TRIGGER "ledger_entries_no_truncate"
  BEFORE TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION "append_only_except_tenant_purge"('post a reversal instead');
CREATE TRIGGER "ledger_lines_no_truncate"
  BEFORE TRUNCATE ON "ledger_lines" FOR EACH STATEMENT EXECUTE FUNCTION "append_only_except_tenant_purge"('post a reversal instead');

-- Every entry balances: checked at commit (DEFERRABLE INITIALLY DEFERRED), once its lines are in,
-- for each entry inserted and each entry that received a line. An entry needs two lines at least
-- and equal sums of debits and credits.
CREATE FUNCTION "ledger_assert_balanced"("p_tenant_id" TEXT, "p_entry_id" TEXT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  line_count INTEGER;
  debits NUMERIC;
  credits NUMERIC;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "ledger_entries" WHERE "tenant_id" = p_tenant_id AND "id" = p_entry_id) THEN
    RETURN;
  END IF;
  SELECT count(*), coalesce(sum("debit"), 0), coalesce(sum("credit"), 0) INTO line_count, debits, credits
    FROM "ledger_lines" WHERE "tenant_id" = p_tenant_id AND "entry_id" = p_entry_id;
  IF line_count < 2 OR debits <> credits THEN
    RAISE EXCEPTION 'ledger entry % does not balance: % lines, debits %, credits %', p_entry_id, line_count, debits, credits
      USING ERRCODE = 'check_violation';
  END IF;
END;
$$;
CREATE FUNCTION "ledger_entries_check_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "ledger_assert_balanced"(NEW."tenant_id", NEW."id");
  RETURN NULL;
END;
$$;
CREATE FUNCTION "ledger_lines_check_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "ledger_assert_balanced"(NEW."tenant_id", NEW."entry_id");
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced"
  AFTER INSERT ON "ledger_entries" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_check_balance"();
CREATE CONSTRAINT TRIGGER "ledger_lines_balanced"
  AFTER INSERT ON "ledger_lines" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "ledger_lines_check_balance"();

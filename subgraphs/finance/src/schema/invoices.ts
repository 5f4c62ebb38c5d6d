import { ApiError } from '@platform/errors';
import { MAX_FILTER_VALUES, type RestRoutes, type SubgraphBuilder, eventEmitterOf, filterValuesRule, inputRules, omittable, integer, listEnvelope, listOrder, listWindow, paginationArgs, parseArgument, parseInput, patchChanges, requiredText, sortArg, recordActionArgs, text, VERSION_DESCRIPTION, assertRanges } from '@platform/graphql-kit';
import { z } from 'zod';
import { INVOICE_SORT_KEYS, type InvoiceLineRecord, type InvoiceRecord, findInvoice, formatDate, listInvoices, parseDate } from '../repositories/invoices.ts';
import type { LedgerEntryRecord } from '../repositories/ledger.ts';
import { createInvoice, deleteInvoice, issueInvoice, payInvoice, updateInvoice, voidInvoice } from '../services/invoices.ts';
import { ANY_FINANCE_SCOPE, READ, type Ref, WRITE, currency, currencyFilter, currencyFilterRules, writeContext } from './common.ts';
import { loaders } from './loaders.ts';

const recordId = text({ min: 1, max: 100 });
const sku = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/, 'must be a SKU: 1 to 64 letters, digits, ".", "_", ":" or "-", starting with a letter or digit');
const taxRate = integer({ min: 0, max: 10_000, message: 'must be from 0 to 10000 basis points (10000 = 100 %)' });
const dueDate = z
  .string()
  .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((value) => {
    const date = parseDate(value);
    return !Number.isNaN(date.getTime()) && formatDate(date) === value;
  }, 'is not a calendar date');
const dueDateFilterRule = dueDate.nullish();
/** The `due_after`/`due_before` filters' extensions: the due date's rule, published with the parameters. */
export const dueDateFilterRules = inputRules(dueDateFilterRule);

/** Refuses a malformed `due_after`/`due_before` (400) or one that is no calendar date (422), instead of matching nothing. */
export function dueDateFilter(name: 'due_after' | 'due_before', value: string | null | undefined): string | null | undefined {
  return parseArgument(name, dueDateFilterRule, value);
}

/** The amount ranges of the invoice list: `<x>_min` and `<x>_max`, both inclusive. */
/** The descriptions of the invoice list's filters added for analysts, shared with `invoices_aggregate` (same arguments). */
export const INVOICE_FILTER_DESCRIPTIONS = {
  status_in: `Only invoices with one of these statuses (1 to ${MAX_FILTER_VALUES}).`,
  created_after: 'Only invoices created at or after this time.',
  created_before: 'Only invoices created before this time.',
  paid_after: 'Only invoices fully paid (`paid_at`) at or after this time.',
  paid_before: 'Only invoices fully paid (`paid_at`) before this time.',
  voided_after: 'Only invoices voided at or after this time.',
  voided_before: 'Only invoices voided before this time.',
  due_after: 'Only invoices due on or after this date, `YYYY-MM-DD` (invoices without a due date are left out).',
  due_before: 'Only invoices due before this date, `YYYY-MM-DD` (with `due_after: "2026-04-01"`, `due_before: "2026-05-01"`: due in April).',
  total_min: "Only invoices whose `total` is at least this amount, in minor units of the invoice's currency (add `currency` to compare like with like).",
  total_max: "Only invoices whose `total` is at most this amount, in minor units of the invoice's currency; not below `total_min` (`rule_violation`).",
  amount_due_min: "Only invoices whose `amount_due` (`total - amount_paid`) is at least this amount, in minor units of the invoice's currency (`amount_due_min: 1, status: issued`: the open invoices).",
  amount_due_max: "Only invoices whose `amount_due` is at most this amount, in minor units of the invoice's currency; not below `amount_due_min` (`rule_violation`).",
} as const;

const paymentTermsDays = integer({ min: 0, max: 3650, message: 'must be from 0 to 3650 days' });
const memo = text({ max: 2000 });
const MAX_LINES = 500;

const lineRules = z.object({
  item_id: sku.nullish(),
  description: requiredText(500),
  quantity: integer({ min: 1, message: 'must be greater than 0' }),
  unit_price: z.number().int().min(0, 'must be 0 or more'),
  tax_rate: taxRate.nullish(),
});
const lines = z.array(lineRules).max(MAX_LINES, `an invoice has at most ${MAX_LINES} lines`);

const createInvoiceRules = z
  .object({
    customer_id: omittable(recordId),
    order_id: omittable(recordId),
    currency: omittable(currency),
    lines: omittable(lines),
    tax_rate: omittable(taxRate),
    due_date: omittable(dueDate),
    payment_terms_days: omittable(paymentTermsDays),
    memo: omittable(memo),
  })
  .superRefine((input, context) => {
    if (input.order_id !== undefined) {
      for (const field of ['customer_id', 'currency', 'lines'] as const) {
        if (input[field] !== undefined) context.addIssue({ code: 'custom', path: [field], message: 'comes from the order; omit it when order_id is given' });
      }
      return;
    }
    if (input.customer_id === undefined) context.addIssue({ code: 'custom', path: ['customer_id'], message: 'required (unless order_id is given)' });
    if (input.currency === undefined) context.addIssue({ code: 'custom', path: ['currency'], message: 'required (unless order_id is given)' });
    if (input.tax_rate !== undefined) context.addIssue({ code: 'custom', path: ['tax_rate'], message: 'applies only to the lines copied from an order (order_id); give each line its own tax_rate' });
  });

const updateInvoiceRules = z
  .object({
    customer_id: recordId.optional(),
    currency: currency.optional(),
    lines: lines.optional(),
    due_date: dueDate.optional(),
    payment_terms_days: paymentTermsDays.optional(),
    memo: memo.optional(),
    version: z.number().int().nullish(),
  })
  .refine((input) => Object.keys(input).some((field) => field !== 'version'), { message: 'at least one field to change must be given', path: [] });

const payInvoiceRules = z.object({ amount: omittable(z.number().int().min(1, 'must be greater than 0')), version: z.number().int().nullish() });

const DEFAULT_INVOICE_SORT = '-created_at';

/** Invoices (receivables): types, queries, mutations and REST routes. `Customer` and `Order` are CRM's entities. */
export function defineInvoiceSchema(builder: SubgraphBuilder, refs: { LedgerEntry: Ref<LedgerEntryRecord>; Customer: Ref<{ id: string }>; Order: Ref<{ id: string }> }) {
  const InvoiceStatus = builder.enumType('InvoiceStatus', {
    description: 'Where an invoice is in its lifecycle: `draft` → `issued` → `paid`; `void` from `draft`, or from `issued` before any payment.',
    values: {
      draft: { description: 'Being prepared: editable and deletable; no number, no ledger entry.' },
      issued: { description: 'Sent to the customer: numbered, posted to the ledger (accounts receivable), awaiting payment. Partially paid invoices stay `issued`.' },
      paid: { description: 'Fully paid: `amount_due` is 0. Final.' },
      void: { description: 'Cancelled: a voided issued invoice has its issue entry reversed. Final.' },
    } as const,
  });

  const InvoiceLine = builder.objectRef<InvoiceLineRecord>('InvoiceLine').implement({
    description: 'One line of an invoice. `subtotal`, `tax` and `total` are computed by the server.',
    authScopes: ANY_FINANCE_SCOPE,
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Line identifier (`inl_…`), assigned by the platform; lines replaced by an update get new ids.' }),
      item_id: t.exposeString('item_id', { nullable: true, description: 'The SKU billed, if any (lines copied from an order carry the order line’s SKU).' }),
      description: t.exposeString('description', { description: 'What is billed, as the customer sees it.' }),
      quantity: t.exposeInt('quantity', { description: 'Number of units, greater than 0.' }),
      unit_price: t.expose('unit_price', { type: 'MinorUnits', description: 'Price of one unit before tax, in minor units of the invoice currency; 0 or more.' }),
      tax_rate: t.exposeInt('tax_rate', { description: 'Tax rate in basis points, 0 to 10000 (2000 = 20 %).' }),
      subtotal: t.expose('subtotal', { type: 'MinorUnits', description: '`quantity × unit_price`.' }),
      tax: t.expose('tax', { type: 'MinorUnits', description: '`subtotal × tax_rate / 10000`, rounded half up to a whole minor unit, per line.' }),
      total: t.expose('total', { type: 'MinorUnits', description: '`subtotal + tax`.' }),
    }),
  });

  const Invoice = builder.objectRef<InvoiceRecord>('Invoice').implement({
    description:
      'A bill to a customer (accounts receivable). Amounts are in minor units of `currency` and computed by the server from the lines. Issuing posts Dr accounts_receivable / Cr revenue and tax_payable; each payment posts Dr cash / Cr accounts_receivable.',
    authScopes: ANY_FINANCE_SCOPE,
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Invoice identifier (`inv_…`), assigned by the platform.' }),
      number: t.exposeString('number', { nullable: true, description: 'Invoice number, `INV-000001`: assigned when the invoice is issued, in issue order without gaps per tenant; null for drafts.' }),
      customer_id: t.exposeString('customer_id', { description: 'The CRM customer billed.' }),
      order_id: t.exposeString('order_id', { nullable: true, description: 'The CRM sales order the invoice was drawn up from, if any.' }),
      currency: t.exposeString('currency', { description: 'ISO 4217 currency code of every amount of the invoice (3 upper-case letters).' }),
      status: t.expose('status', { type: InvoiceStatus, description: 'Lifecycle status.' }),
      lines: t.field({
        type: [InvoiceLine],
        description: 'The lines, in order.',
        resolve: (invoice, _args, context) => invoice.lines ?? loaders.invoiceLines(context).load(invoice.id),
      }),
      subtotal: t.expose('subtotal', { type: 'MinorUnits', description: 'Sum of the lines’ `subtotal`.' }),
      tax_total: t.expose('tax_total', { type: 'MinorUnits', description: 'Sum of the lines’ `tax`.' }),
      total: t.expose('total', { type: 'MinorUnits', description: '`subtotal + tax_total`: what the customer owes in all.' }),
      amount_paid: t.expose('amount_paid', { type: 'MinorUnits', description: 'Sum of the payments recorded.' }),
      amount_due: t.expose('amount_due', { type: 'MinorUnits', description: '`total - amount_paid`. 0 once paid.' }),
      payment_terms_days: t.exposeInt('payment_terms_days', { description: 'Days from the issue date to the due date when no `due_date` is given. Default 30.' }),
      due_date: t.exposeString('due_date', {
        nullable: true,
        description: 'Date payment is due, `YYYY-MM-DD`. When not given it is set on issue to the issue date (UTC) plus `payment_terms_days`; null for drafts without one.',
      }),
      memo: t.exposeString('memo', { nullable: true, description: 'A note shown on the invoice.' }),
      issued_at: t.expose('issued_at', { type: 'DateTime', nullable: true, description: 'When the invoice was issued.' }),
      paid_at: t.expose('paid_at', { type: 'DateTime', nullable: true, description: 'When the last payment settled the invoice.' }),
      voided_at: t.expose('voided_at', { type: 'DateTime', nullable: true, description: 'When the invoice was voided.' }),
      version: t.exposeInt('version', { description: 'Incremented by every change and action; send it back as `version` (or `If-Match: "<version>"`) to refuse a change based on a stale copy.' }),
      created_at: t.expose('created_at', { type: 'DateTime', description: 'When the invoice was created.' }),
      updated_at: t.expose('updated_at', { type: 'DateTime', description: 'When the invoice last changed.' }),
      customer: t.field({
        type: refs.Customer,
        description: 'The customer billed (GraphQL only; resolved by the CRM subgraph).',
        resolve: (invoice) => ({ id: invoice.customer_id }),
      }),
      order: t.field({
        type: refs.Order,
        nullable: true,
        description: 'The sales order invoiced, if any (GraphQL only; resolved by the CRM subgraph).',
        resolve: (invoice) => (invoice.order_id === null ? null : { id: invoice.order_id }),
      }),
      ledger_entries: t.field({
        type: [refs.LedgerEntry],
        description: 'The journal entries of the invoice (issue, payments, reversal on void), in posting order (GraphQL only).',
        resolve: (invoice, _args, context) => loaders.entriesOfSource(context).load(invoice.id),
      }),
    }),
  });

  builder.asEntity(Invoice, {
    key: builder.selection<{ id: string }>('id'),
    resolveReference: ({ id }, context) => loaders.invoice(context).load(id),
  });

  const InvoiceList = listEnvelope(builder, 'InvoiceList', Invoice);

  const InvoiceLineInput = builder.inputType('InvoiceLineInput', {
    extensions: inputRules(lineRules),
    description: 'One line of an invoice; the server computes its subtotal, tax and total.',
    fields: (t) => ({
      item_id: t.string({ required: false, description: 'The SKU billed, if any: 1 to 64 letters, digits, `.`, `_`, `:` or `-`.' }),
      description: t.string({ required: true, description: 'What is billed, 1 to 500 characters.' }),
      quantity: t.int({ required: true, description: 'Number of units, greater than 0.' }),
      unit_price: t.field({ type: 'MinorUnits', required: true, description: 'Price of one unit before tax, in minor units; 0 or more.' }),
      tax_rate: t.int({ required: false, description: 'Tax rate in basis points, 0 to 10000 (2000 = 20 %). Default 0.' }),
    }),
  });
  const CreateInvoiceInput = builder.inputType('CreateInvoiceInput', {
    extensions: inputRules(createInvoiceRules),
    description: 'A new draft invoice: either `customer_id`, `currency` and `lines`, or `order_id` (the order’s customer, currency and lines are copied).',
    fields: (t) => ({
      customer_id: t.string({ required: false, description: 'An existing CRM customer. Required unless `order_id` is given.' }),
      order_id: t.string({ required: false, description: 'A confirmed or fulfilled CRM sales order to invoice; its customer, currency and lines are copied (then omit `customer_id`, `currency` and `lines`).' }),
      currency: t.string({ required: false, description: 'ISO 4217 code, 3 upper-case letters. Required unless `order_id` is given.' }),
      lines: t.field({ type: [InvoiceLineInput], required: false, description: `Up to ${MAX_LINES} lines. Default none (add them before issuing).` }),
      tax_rate: t.int({ required: false, description: 'With `order_id` only: the tax rate (basis points) given to every line copied from the order. Default 0.' }),
      due_date: t.string({ required: false, description: 'Due date, `YYYY-MM-DD`. Default: the issue date plus `payment_terms_days`.' }),
      payment_terms_days: t.int({ required: false, description: 'Days from issue to due date when no `due_date` is given, 0 to 3650. Default 30.' }),
      memo: t.string({ required: false, description: 'A note shown on the invoice, up to 2000 characters.' }),
    }),
  });
  const UpdateInvoiceInput = builder.inputType('UpdateInvoiceInput', {
    extensions: inputRules(updateInvoiceRules),
    description: 'Changes to a draft invoice; absent fields keep their value, `lines` replaces every line, an empty `memo` clears it.',
    fields: (t) => ({
      customer_id: t.string({ required: false, description: 'An existing CRM customer.' }),
      currency: t.string({ required: false, description: 'ISO 4217 code, 3 upper-case letters.' }),
      lines: t.field({ type: [InvoiceLineInput], required: false, description: 'The new lines, replacing all current ones.' }),
      due_date: t.string({ required: false, description: 'Due date, `YYYY-MM-DD`.' }),
      payment_terms_days: t.int({ required: false, description: 'Days from issue to due date, 0 to 3650.' }),
      memo: t.string({ required: false, description: 'A note, up to 2000 characters; empty to clear it.' }),
      version: t.int({ required: false, description: 'The version the change is based on; a different current version refuses the change (409 `version_conflict`).' }),
    }),
  });
  const PayInvoiceInput = builder.inputType('PayInvoiceInput', {
    extensions: inputRules(payInvoiceRules),
    description: 'A payment received for an invoice.',
    fields: (t) => ({
      amount: t.field({ type: 'MinorUnits', required: false, description: 'Amount received, greater than 0 and at most `amount_due`. Default: the whole `amount_due`.' }),
      version: t.int({ required: false, description: VERSION_DESCRIPTION }),
    }),
  });

  builder.queryFields((t) => ({
    invoices: t.field({
      type: InvoiceList,
      description: 'Invoices, newest first by default.',
      authScopes: READ,
      args: {
        status: t.arg({ type: InvoiceStatus, required: false, description: 'Only invoices with this status.' }),
        status_in: t.arg({ type: [InvoiceStatus], required: false, description: INVOICE_FILTER_DESCRIPTIONS.status_in, extensions: inputRules(filterValuesRule) }),
        customer_id: t.arg.string({ required: false, description: 'Only invoices of this customer.' }),
        order_id: t.arg.string({ required: false, description: 'Only invoices of this order.' }),
        currency: t.arg.string({ required: false, description: 'Only invoices in this currency.', extensions: currencyFilterRules }),
        created_after: t.arg({ type: 'DateTime', required: false, description: INVOICE_FILTER_DESCRIPTIONS.created_after }),
        created_before: t.arg({ type: 'DateTime', required: false, description: INVOICE_FILTER_DESCRIPTIONS.created_before }),
        issued_after: t.arg({ type: 'DateTime', required: false, description: 'Only invoices issued at or after this time.' }),
        issued_before: t.arg({ type: 'DateTime', required: false, description: 'Only invoices issued before this time.' }),
        paid_after: t.arg({ type: 'DateTime', required: false, description: INVOICE_FILTER_DESCRIPTIONS.paid_after }),
        paid_before: t.arg({ type: 'DateTime', required: false, description: INVOICE_FILTER_DESCRIPTIONS.paid_before }),
        voided_after: t.arg({ type: 'DateTime', required: false, description: INVOICE_FILTER_DESCRIPTIONS.voided_after }),
        voided_before: t.arg({ type: 'DateTime', required: false, description: INVOICE_FILTER_DESCRIPTIONS.voided_before }),
        due_after: t.arg.string({ required: false, description: INVOICE_FILTER_DESCRIPTIONS.due_after, extensions: dueDateFilterRules }),
        due_before: t.arg.string({ required: false, description: INVOICE_FILTER_DESCRIPTIONS.due_before, extensions: dueDateFilterRules }),
        total_min: t.arg({ type: 'MinorUnits', required: false, description: INVOICE_FILTER_DESCRIPTIONS.total_min }),
        total_max: t.arg({ type: 'MinorUnits', required: false, description: INVOICE_FILTER_DESCRIPTIONS.total_max }),
        amount_due_min: t.arg({ type: 'MinorUnits', required: false, description: INVOICE_FILTER_DESCRIPTIONS.amount_due_min }),
        amount_due_max: t.arg({ type: 'MinorUnits', required: false, description: INVOICE_FILTER_DESCRIPTIONS.amount_due_max }),
        overdue: t.arg.boolean({ required: false, description: '`true`: only overdue invoices (issued, not fully paid, due date before today in UTC); `false`: only the others.' }),
        sort: sortArg(t.arg, Object.keys(INVOICE_SORT_KEYS), DEFAULT_INVOICE_SORT),
        ...paginationArgs(t),
      },
      resolve: (_root, args, context, info) => {
        parseArgument('status_in', filterValuesRule, args.status_in);
        const filter = { ...args, currency: currencyFilter(args.currency), due_after: dueDateFilter('due_after', args.due_after), due_before: dueDateFilter('due_before', args.due_before) };
        assertRanges(args);
        const window = listWindow(args, 'invoices', listOrder(args.sort, INVOICE_SORT_KEYS, DEFAULT_INVOICE_SORT), info);
        return listInvoices(context.prisma, context.principal.tenantId, filter, window);
      },
    }),
    invoice: t.field({
      type: Invoice,
      description: 'One invoice by id.',
      authScopes: READ,
      args: { id: t.arg.string({ required: true, description: 'The invoice id (`inv_…`).' }) },
      resolve: async (_root, { id }, context) => {
        const invoice = await findInvoice(context.prisma, context.principal.tenantId, id);
        if (!invoice) throw new ApiError('not_found', `No invoice ${id} exists in this tenant.`);
        return invoice;
      },
    }),
  }));

  builder.mutationFields((t) => ({
    create_invoice: t.field({
      type: Invoice,
      description: 'Creates a draft invoice, from lines or from a confirmed or fulfilled sales order (`order_id`).',
      authScopes: WRITE,
      args: { input: t.arg({ type: CreateInvoiceInput, required: true, description: 'The new invoice (the REST body).' }) },
      resolve: (_root, { input }, context) => {
        const data = parseInput(createInvoiceRules, input);
        return context.audit.recordChange('invoice.create', (tx) => createInvoice(tx, writeContext(context), data), (invoice) => invoice.id);
      },
    }),
    update_invoice: t.field({
      type: Invoice,
      description: 'Changes a draft invoice; absent fields keep their value, `lines` replaces every line and the totals are recomputed (any other status: `invalid_transition`).',
      authScopes: WRITE,
      args: { id: t.arg.string({ required: true, description: 'The invoice id.' }), input: t.arg({ type: UpdateInvoiceInput, required: true, description: 'The changes (the REST body).' }) },
      resolve: (_root, { id, input }, context) => {
        const { version: _version, ...fields } = input;
        const { version, ...changes } = parseInput(updateInvoiceRules, { ...patchChanges(fields), version: input.version });
        return context.audit.recordChange('invoice.update', (tx) => updateInvoice(tx, writeContext(context), id, changes, version ?? undefined), () => id);
      },
    }),
    delete_invoice: t.field({
      type: Invoice,
      description: 'Deletes a draft invoice and returns it as it was (any other status: `invalid_transition`; void an issued invoice instead).',
      authScopes: WRITE,
      args: recordActionArgs(t.arg, 'invoice'),
      resolve: (_root, { id, version }, context) => context.audit.recordChange('invoice.delete', (tx) => deleteInvoice(tx, writeContext(context), id, version ?? undefined), () => id),
    }),
    issue_invoice: t.field({
      type: Invoice,
      description: 'Issues a draft invoice: numbers it, fixes its due date and posts Dr accounts_receivable / Cr revenue, tax_payable. Needs at least one line. A total of 0 is issued straight to `paid`. Emits `invoice.issued` (then `invoice.paid` for a total of 0).',
      authScopes: WRITE,
      args: recordActionArgs(t.arg, 'invoice'),
      resolve: (_root, { id, version }, context) => context.audit.recordChange('invoice.issue', (tx) => issueInvoice(tx, writeContext(context), id, version ?? undefined, eventEmitterOf(context)), () => id),
    }),
    pay_invoice: t.field({
      type: Invoice,
      description: 'Records a payment of an issued invoice (default: the whole amount due) and posts Dr cash / Cr accounts_receivable; the invoice is `paid` once nothing is due. Emits `invoice.payment_recorded`, then `invoice.paid` when nothing is due any more.',
      authScopes: WRITE,
      args: { id: t.arg.string({ required: true, description: 'The invoice id.' }), input: t.arg({ type: PayInvoiceInput, required: true, description: 'The payment (the REST body); `{}` pays the whole amount due.' }) },
      resolve: (_root, { id, input }, context) => {
        const payment = parseInput(payInvoiceRules, input);
        return context.audit.recordChange('invoice.pay', (tx) => payInvoice(tx, writeContext(context), id, payment.amount, payment.version ?? undefined, eventEmitterOf(context)), () => id);
      },
    }),
    void_invoice: t.field({
      type: Invoice,
      description: 'Voids a draft, or an issued invoice without payments (posting the reversal of its issue entry). Refused once a payment exists. Emits `invoice.voided`.',
      authScopes: WRITE,
      args: recordActionArgs(t.arg, 'invoice'),
      resolve: (_root, { id, version }, context) => context.audit.recordChange('invoice.void', (tx) => voidInvoice(tx, writeContext(context), id, version ?? undefined, eventEmitterOf(context)), () => id),
    }),
  }));

  return { Invoice, InvoiceStatus };
}

export const invoiceRestRoutes: RestRoutes = {
  'Query.invoices': { method: 'GET', path: '/finance/invoices', tags: ['Finance'] },
  'Query.invoice': { method: 'GET', path: '/finance/invoices/:id', tags: ['Finance'] },
  'Mutation.create_invoice': { method: 'POST', path: '/finance/invoices', responseStatus: 201, tags: ['Finance'] },
  'Mutation.update_invoice': { method: 'PATCH', path: '/finance/invoices/:id', tags: ['Finance'] },
  'Mutation.delete_invoice': { method: 'DELETE', path: '/finance/invoices/:id', tags: ['Finance'] },
  'Mutation.issue_invoice': { method: 'POST', path: '/finance/invoices/:id/issue', tags: ['Finance'] },
  'Mutation.pay_invoice': { method: 'POST', path: '/finance/invoices/:id/pay', tags: ['Finance'] },
  'Mutation.void_invoice': { method: 'POST', path: '/finance/invoices/:id/void', tags: ['Finance'] },
};

/** The examples of the OpenAPI document for invoices (amounts in minor units, tax rates in basis points). */
export const invoiceRestExamples: Record<string, unknown> = {
  Invoice: {
    id: 'inv_6f7a8b9c0d1e2f3a4b5c6d7e',
    number: 'INV-000007',
    customer_id: 'cus_8d1e4b7a2c9f0e3d6a5b4c21',
    order_id: 'ord_5f0c2a9e1b7d4c3a8e6f1d2b',
    currency: 'EUR',
    status: 'issued',
    lines: [
      { id: 'inl_7a8b9c0d1e2f3a4b5c6d7e8f', item_id: 'SKU-1001', description: 'Ceramic mug, blue', quantity: 10, unit_price: 1250, tax_rate: 1900, subtotal: 12500, tax: 2375, total: 14875 },
      { id: 'inl_8b9c0d1e2f3a4b5c6d7e8f9a', item_id: 'SKU-2040', description: 'Espresso cup set', quantity: 2, unit_price: 4990, tax_rate: 1900, subtotal: 9980, tax: 1896, total: 11876 },
    ],
    subtotal: 22480,
    tax_total: 4271,
    total: 26751,
    amount_paid: 0,
    amount_due: 26751,
    payment_terms_days: 30,
    due_date: '2026-04-01',
    memo: 'Thank you for your order.',
    issued_at: '2026-03-02T10:00:00.000Z',
    paid_at: null,
    voided_at: null,
    version: 2,
    created_at: '2026-03-02T09:55:00.000Z',
    updated_at: '2026-03-02T10:00:00.000Z',
  },
  CreateInvoiceInput: {
    customer_id: 'cus_8d1e4b7a2c9f0e3d6a5b4c21',
    currency: 'EUR',
    payment_terms_days: 30,
    tax_rate: 1900,
    memo: 'Thank you for your order.',
    lines: [
      { item_id: 'SKU-1001', description: 'Ceramic mug, blue', quantity: 10, unit_price: 1250 },
      { item_id: 'SKU-2040', description: 'Espresso cup set', quantity: 2, unit_price: 4990 },
    ],
  },
  UpdateInvoiceInput: { due_date: '2026-04-15', memo: 'Payment terms extended as agreed.', version: 1 },
};

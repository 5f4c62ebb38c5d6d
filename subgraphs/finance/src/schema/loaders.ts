import { type SubgraphContext, batchLoader } from '@platform/graphql-kit';
import { findInvoices, invoicesOfCustomers, invoicesOfOrders, linesOfInvoices, openBalancesOfCustomers } from '../repositories/invoices.ts';
import { entriesOfSources, findEntries, linesOfEntries, reversalsOf } from '../repositories/ledger.ts';

/**
 * Per-request batch loaders: every navigation field and entity reference of the finance subgraph
 * goes through one of these, so a list of N parents costs one query per field, not N.
 */
export const loaders = {
  invoice: (context: SubgraphContext) =>
    batchLoader(context, 'finance.invoice', (ids: readonly string[]) => findInvoices(context.prisma, context.principal.tenantId, ids), (invoice) => invoice.id),
  invoiceLines: (context: SubgraphContext) =>
    batchLoader(context, 'finance.invoice_lines', (ids: readonly string[]) => linesOfInvoices(context.prisma, context.principal.tenantId, ids), (line) => line.invoice_id, { groupBy: true }),
  customerInvoices: (context: SubgraphContext, window: { first: number; offset: number }) =>
    batchLoader(
      context,
      `finance.customer_invoices.${window.first}.${window.offset}`,
      (ids: readonly string[]) => invoicesOfCustomers(context.prisma, context.principal.tenantId, ids, window),
      (invoice) => invoice.customer_id,
      { groupBy: true },
    ),
  orderInvoices: (context: SubgraphContext) =>
    batchLoader(context, 'finance.order_invoices', (ids: readonly string[]) => invoicesOfOrders(context.prisma, context.principal.tenantId, ids), (invoice) => invoice.order_id ?? '', { groupBy: true }),
  openBalances: (context: SubgraphContext) =>
    batchLoader(context, 'finance.open_balances', (ids: readonly string[]) => openBalancesOfCustomers(context.prisma, context.principal.tenantId, ids), (row) => row.customer_id, { groupBy: true }),
  entry: (context: SubgraphContext) =>
    batchLoader(context, 'finance.ledger_entry', (ids: readonly string[]) => findEntries(context.prisma, context.principal.tenantId, ids), (entry) => entry.id),
  entryLines: (context: SubgraphContext) =>
    batchLoader(context, 'finance.ledger_lines', (ids: readonly string[]) => linesOfEntries(context.prisma, context.principal.tenantId, ids), (line) => line.entry_id, { groupBy: true }),
  entriesOfSource: (context: SubgraphContext) =>
    batchLoader(context, 'finance.source_entries', (ids: readonly string[]) => entriesOfSources(context.prisma, context.principal.tenantId, ids), (entry) => entry.source_id ?? '', { groupBy: true }),
  reversalOf: (context: SubgraphContext) =>
    batchLoader(context, 'finance.reversals', (ids: readonly string[]) => reversalsOf(context.prisma, context.principal.tenantId, ids), (entry) => entry.reverses_entry_id ?? ''),
};

import { type RestRoutes, createSubgraphBuilder } from '@platform/graphql-kit';
import type { GraphQLSchema } from 'graphql';
import { defineFinanceAggregates, financeAggregateGraphqlOnlyFields, financeAggregateRestRoutes } from './aggregates.ts';
import { crmEntityRefs, defineCrmExtensions } from './crm-extensions.ts';
import { defineInvoiceSchema, invoiceRestExamples, invoiceRestRoutes } from './invoices.ts';
import { defineLedgerSchema, ledgerRestRoutes } from './ledger.ts';

/** The finance subgraph: invoices, the general ledger, and finance's fields on CRM's customers and orders. */
export function buildFinanceSchema(): GraphQLSchema {
  const builder = createSubgraphBuilder();
  builder.queryType({});
  builder.mutationType({});
  const crm = crmEntityRefs(builder);
  const { LedgerEntry, LedgerSourceType } = defineLedgerSchema(builder);
  const { Invoice, InvoiceStatus } = defineInvoiceSchema(builder, { LedgerEntry, ...crm });
  defineCrmExtensions(builder, { ...crm, Invoice });
  defineFinanceAggregates(builder, { ...crm, InvoiceStatus, LedgerSourceType });
  return builder.toSubGraphSchema({ linkUrl: 'https://specs.apollo.dev/federation/v2.6' });
}

export const financeRestRoutes: RestRoutes = { ...financeAggregateRestRoutes, ...invoiceRestRoutes, ...ledgerRestRoutes };

export const financeRestExamples: Record<string, unknown> = { ...invoiceRestExamples };

/** Navigation fields the REST facade leaves out: REST returns flat records with ids. */
export const financeGraphqlOnlyFields = ['Invoice.customer', 'Invoice.order', 'Invoice.ledger_entries', 'Customer.invoices', 'Customer.open_balances', 'Order.invoices', ...financeAggregateGraphqlOnlyFields];

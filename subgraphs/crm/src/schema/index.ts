import { type RestRoutes, createSubgraphBuilder } from '@platform/graphql-kit';
import type { GraphQLSchema } from 'graphql';
import { crmAggregateRestRoutes, defineCrmAggregates } from './aggregates.ts';
import { customerRestExamples, customerRestRoutes, defineCustomerSchema } from './customers.ts';
import { defineOrderSchema, orderRestExamples, orderRestRoutes } from './orders.ts';

/** The CRM subgraph: customers (trading partners) and their sales and purchase orders. */
export function buildCrmSchema(): GraphQLSchema {
  const builder = createSubgraphBuilder();
  builder.queryType({});
  builder.mutationType({});
  const customers = defineCustomerSchema(builder);
  const orders = defineOrderSchema(builder, customers);
  defineCrmAggregates(builder, { ...customers, ...orders });
  return builder.toSubGraphSchema({ linkUrl: 'https://specs.apollo.dev/federation/v2.6' });
}

/** Navigation to other records: GraphQL only, so REST returns flat records with ids. */
export const crmGraphqlOnlyFields = ['Order.customer', 'OrderLine.item', 'Customer.orders', 'InventoryItem.open_purchase_orders', 'Customer.orders_aggregate', 'InventoryItem.order_lines_aggregate'];

export const crmRestRoutes: RestRoutes = { ...crmAggregateRestRoutes, ...customerRestRoutes, ...orderRestRoutes };

export const crmRestExamples: Record<string, unknown> = { ...customerRestExamples, ...orderRestExamples };

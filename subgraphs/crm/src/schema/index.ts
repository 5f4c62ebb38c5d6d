import { type RestRoutes, createSubgraphBuilder } from '@platform/graphql-kit';
import type { GraphQLSchema } from 'graphql';
import { customerRestExamples, customerRestRoutes, defineCustomerSchema } from './customers.ts';
import { defineOrderSchema, orderRestExamples, orderRestRoutes } from './orders.ts';

/** The CRM subgraph: customers (trading partners) and their sales and purchase orders. */
export function buildCrmSchema(): GraphQLSchema {
  const builder = createSubgraphBuilder();
  builder.queryType({});
  builder.mutationType({});
  const customers = defineCustomerSchema(builder);
  defineOrderSchema(builder, customers);
  return builder.toSubGraphSchema({ linkUrl: 'https://specs.apollo.dev/federation/v2.6' });
}

/** Navigation to other records: GraphQL only, so REST returns flat records with ids. */
export const crmGraphqlOnlyFields = ['Order.customer', 'OrderLine.item', 'Customer.orders', 'InventoryItem.open_purchase_orders'];

export const crmRestRoutes: RestRoutes = { ...customerRestRoutes, ...orderRestRoutes };

export const crmRestExamples: Record<string, unknown> = { ...customerRestExamples, ...orderRestExamples };

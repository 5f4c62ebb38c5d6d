import type { Prisma } from '@platform/db';
import type { GraphQLSchema } from 'graphql';
import type { OrdersPort, StockPort } from './ports.ts';
import type { RestRoutes } from './rest-routes.ts';

/** What a domain subgraph package hands the platform: one object per domain. */
export interface SubgraphModule {
  name: string;
  buildSchema(): GraphQLSchema;
  restRoutes: RestRoutes;
  /** Each tag its REST routes use, with what it groups: the sections of the API reference. */
  restTags: Record<string, string>;
  /** Examples of the OpenAPI document's schemas, by component name (`Order`, `CreateOrderInput`): one per resource, declared next to it. */
  restExamples?: Record<string, unknown>;
  /** Navigation fields the REST facade leaves out (REST returns flat records), as `Type.field`. */
  graphqlOnlyFields: string[];
  /** Deletes the domain's business data of one tenant (sandbox reset); credentials and audit stay. */
  deleteTenantData?: (tx: Prisma.TransactionClient, tenantId: string) => Promise<void>;
  /** The cross-domain ports this domain implements (see ports.ts). */
  provides?: { stock?: StockPort; orders?: OrdersPort };
}

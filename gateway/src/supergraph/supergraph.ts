import { createHash } from 'node:crypto';
import { composeServices } from '@apollo/composition';
import { Supergraph as ComposedSupergraph, operationFromDocument } from '@apollo/federation-internals';
import { ApolloGateway, type GraphQLDataSource } from '@apollo/gateway';
import { type QueryPlan, QueryPlanner } from '@apollo/query-planner';
import type { GatewayGraphQLRequestContext } from '@apollo/server-gateway-interface';
import { printSubgraphSchema } from '@apollo/subgraph';
import type { Logger } from '@platform/config';
import { type InputContract, type ScopeRequirement, inputContract, installPlatformScalars, mergeInputContracts, rootFieldScopes } from '@platform/graphql-kit';
import { type DocumentNode, type ExecutionArgs, type ExecutionResult, type GraphQLSchema, Kind, type OperationDefinitionNode, getOperationAST, parse, print, visit } from 'graphql';
import { documentCache } from '../document-cache.ts';
import { InProcessSubgraph } from './in-process-subgraph.ts';
import type { SubgraphModule } from './subgraphs.ts';
import type { ReportUnexpectedError } from '../observability/unexpected-errors.ts';

export interface Supergraph {
  /** The API schema clients see (federation internals removed). */
  schema: GraphQLSchema;
  /** graphql-js style execute over the query planner; serves Yoga, SOFA and later graphql-ws. */
  execute(args: ExecutionArgs): Promise<ExecutionResult>;
  supergraphSdl: string;
  /** Every root field with the scopes its subgraph declared for it (see rootFieldScopes). */
  scopes: Map<string, ScopeRequirement['anyOf']>;
  /** The declared rules of every input type and argument, for the published contract. */
  inputContract: InputContract;
  /** The subgraphs this process executes (what a subgraph service serves). */
  localSubgraphs: ReadonlyMap<string, InProcessSubgraph>;
  stop(): Promise<void>;
}

/** Where each subgraph executes: in this process, or elsewhere in the fleet (a subgraph service). */
export interface SubgraphPlacement {
  /** The subgraphs executed in this process. */
  local: ReadonlySet<string>;
  /** The data source of a subgraph executed elsewhere. */
  remote(name: string): GraphQLDataSource<Record<string, unknown>>;
  /** The supergraph composed at build time (`npm run build`); composed now when absent. */
  supergraphSdl?: string;
}

const noCache = { get: async () => undefined, set: async () => {}, delete: async () => true };

/**
 * Builds each subgraph's schema and composes them into the supergraph, each subgraph at the URL
 * `urlOf` gives it (what a gateway fetching over HTTP calls; in process, a name only).
 */
export function composeSupergraph(modules: SubgraphModule[], urlOf: (name: string) => string): { schemas: Map<string, GraphQLSchema>; supergraphSdl: string } {
  const schemas = new Map(modules.map((module) => [module.name, module.buildSchema()]));
  const composition = composeServices([...schemas].map(([name, schema]) => ({ name, url: urlOf(name), typeDefs: parse(printSubgraphSchema(schema)) })));
  if (composition.errors) throw new Error(`Supergraph composition failed:\n${composition.errors.map((error) => error.message).join('\n')}`);
  return { schemas, supergraphSdl: composition.supergraphSdl };
}

const everySubgraphHere = (modules: SubgraphModule[]): SubgraphPlacement => ({
  local: new Set(modules.map((module) => module.name)),
  remote: (name) => {
    throw new Error(`subgraph ${name} is not executed here`);
  },
});

/**
 * Loads Apollo Gateway over the subgraphs, each executed in this process or called where the fleet
 * serves it. The supergraph is the one composed at build time when given, else composed now.
 */
export async function createSupergraph(modules: SubgraphModule[], logger: Logger, reportUnexpected: ReportUnexpectedError, placement: SubgraphPlacement = everySubgraphHere(modules)): Promise<Supergraph> {
  const composition = placement.supergraphSdl
    ? { schemas: new Map(modules.map((module) => [module.name, module.buildSchema()])), supergraphSdl: placement.supergraphSdl }
    : composeSupergraph(modules, (name) => `in-process://${name}`);
  const { schemas } = composition;

  // Stock Apollo Gateway starts an OpenTelemetry exporter to Apollo at construction unless this
  // is set; the platform opens no connection an operator did not configure.
  process.env.APOLLO_TELEMETRY_DISABLED = 'true';
  const gatewayLogger = logger.child({ component: 'gateway' });
  const subgraphDocuments = documentCache<DocumentNode>();
  const subgraphs = new Map([...schemas].filter(([name]) => placement.local.has(name)).map(([name, subgraphSchema]) => [name, new InProcessSubgraph(name, subgraphSchema, logger, reportUnexpected, subgraphDocuments)]));
  const gateway = new ApolloGateway({
    supergraphSdl: composition.supergraphSdl,
    logger: { debug: (message) => gatewayLogger.debug(message), info: (message) => gatewayLogger.info(message), warn: (message) => gatewayLogger.warn(message), error: (message) => gatewayLogger.error(message) },
    buildService: ({ name }) => subgraphs.get(name) ?? placement.remote(name),
  });
  const { schema, executor } = await gateway.load();
  // The composed schema's custom scalars accept anything; give them the subgraphs' parsing, so the
  // REST facade's body checks and variable coercion apply the same rules at the edge.
  installPlatformScalars(schema);

  const soleSubgraphOf = soleSubgraphFinder(composition.supergraphSdl, subgraphs);

  // Printing and hashing a document costs more than planning a cached one: do it once per document
  // (Yoga and SOFA hand over the same DocumentNode for the same operation).
  const sources = new WeakMap<DocumentNode, { source: string; hash: string; operation: OperationDefinitionNode | null; alone: InProcessSubgraph | undefined }>();
  const describe = (document: DocumentNode, operationName: string | null | undefined) => {
    let entry = sources.get(document);
    if (!entry) {
      const source = print(document);
      const operation = getOperationAST(document, operationName) ?? null;
      entry = { source, hash: createHash('sha256').update(source).digest('hex'), operation, alone: operation ? soleSubgraphOf(document, operation) : undefined };
      sources.set(document, entry);
    }
    return entry;
  };

  return {
    schema,
    supergraphSdl: composition.supergraphSdl,
    scopes: new Map([...schemas.values()].flatMap((subgraphSchema) => rootFieldScopes(subgraphSchema)).map((requirement) => [requirement.coordinate, requirement.anyOf])),
    inputContract: mergeInputContracts([...schemas.values()].map(inputContract)),
    localSubgraphs: subgraphs,
    async execute(args) {
      const { source, hash, operation, alone } = describe(args.document, args.operationName);
      if (!operation) throw new Error('no operation to execute');
      if (alone) return alone.executeAlone(args);
      const requestContext = {
        request: { query: source, variables: (args.variableValues ?? {}) as Record<string, unknown>, operationName: args.operationName ?? undefined },
        document: args.document,
        source,
        queryHash: hash,
        operationName: args.operationName ?? operation.name?.value ?? null,
        operation,
        schema,
        schemaHash: 'static' as never,
        context: args.contextValue as Record<string, unknown>,
        cache: noCache,
        logger: gatewayLogger,
        metrics: {},
        overallCachePolicy: {},
        requestIsBatched: false,
      } satisfies GatewayGraphQLRequestContext;
      return executor(requestContext) as Promise<ExecutionResult>;
    },
    stop: () => gateway.stop(),
  };
}

/**
 * Finds the operations one subgraph answers entirely: their query plan is a single fetch from it.
 * Those run on that subgraph directly (`executeAlone`): the gateway would plan them, print and
 * send the subgraph's part, then walk the subgraph's answer again to build its own, which is most
 * of its cost for the platform's usual requests (a REST route is one root field). Everything else
 * (several subgraphs, entities, introspection, documents holding several operations or invalid for
 * the subgraph alone) goes through the gateway. Planned with the gateway's own planner over the
 * same supergraph, once per document.
 */
export function soleSubgraphFinder(supergraphSdl: string, subgraphs: ReadonlyMap<string, InProcessSubgraph>): (document: DocumentNode, operation: OperationDefinitionNode) => InProcessSubgraph | undefined {
  const supergraph = ComposedSupergraph.build(supergraphSdl);
  const apiSchema = supergraph.apiSchema();
  const planner = new QueryPlanner(supergraph);
  return (document, operation) => {
    // The subgraph's own introspection would describe the subgraph (its entities, its _service), not the API.
    if (operation.operation === 'subscription' || document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION).length !== 1 || asksIntrospection(document)) return undefined;
    let plan: QueryPlan;
    try {
      plan = planner.buildQueryPlan(operationFromDocument(apiSchema, document, { operationName: operation.name?.value }));
    } catch {
      // The gateway reports what the planner refuses, as it always did.
      return undefined;
    }
    const node = plan.node;
    if (node?.kind !== 'Fetch' || node.requires) return undefined;
    const subgraph = subgraphs.get(node.serviceName);
    return subgraph?.accepts(document) ? subgraph : undefined;
  };
}

function asksIntrospection(document: DocumentNode): boolean {
  let asks = false;
  visit(document, {
    [Kind.FIELD]: (field) => {
      if (field.name.value === '__schema' || field.name.value === '__type') asks = true;
    },
  });
  return asks;
}

import { createHash } from 'node:crypto';
import { composeServices } from '@apollo/composition';
import { ApolloGateway } from '@apollo/gateway';
import type { GatewayGraphQLRequestContext } from '@apollo/server-gateway-interface';
import { printSubgraphSchema } from '@apollo/subgraph';
import type { Logger } from '@platform/config';
import { type InputContract, type ScopeRequirement, inputContract, installPlatformScalars, mergeInputContracts, rootFieldScopes } from '@platform/graphql-kit';
import { type DocumentNode, type ExecutionArgs, type ExecutionResult, type GraphQLSchema, type OperationDefinitionNode, getOperationAST, parse, print } from 'graphql';
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
  stop(): Promise<void>;
}

const noCache = { get: async () => undefined, set: async () => {}, delete: async () => true };

/** Composes the subgraphs (statically, at start) and loads Apollo Gateway over in-process subgraphs. */
export async function createSupergraph(modules: SubgraphModule[], logger: Logger, reportUnexpected: ReportUnexpectedError): Promise<Supergraph> {
  const schemas = new Map(modules.map((module) => [module.name, module.buildSchema()]));
  const composition = composeServices(
    modules.map((module) => ({ name: module.name, url: `in-process://${module.name}`, typeDefs: parse(printSubgraphSchema(schemas.get(module.name) as GraphQLSchema)) })),
  );
  if (composition.errors) throw new Error(`Supergraph composition failed:\n${composition.errors.map((error) => error.message).join('\n')}`);

  // Stock Apollo Gateway starts an OpenTelemetry exporter to Apollo at construction unless this
  // is set; the platform opens no connection an operator did not configure.
  process.env.APOLLO_TELEMETRY_DISABLED = 'true';
  const gatewayLogger = logger.child({ component: 'gateway' });
  const gateway = new ApolloGateway({
    supergraphSdl: composition.supergraphSdl,
    logger: { debug: (message) => gatewayLogger.debug(message), info: (message) => gatewayLogger.info(message), warn: (message) => gatewayLogger.warn(message), error: (message) => gatewayLogger.error(message) },
    buildService: ({ name }) => new InProcessSubgraph(name, schemas.get(name) as GraphQLSchema, logger, reportUnexpected),
  });
  const { schema, executor } = await gateway.load();
  // The composed schema's custom scalars accept anything; give them the subgraphs' parsing, so the
  // REST facade's body checks and variable coercion apply the same rules at the edge.
  installPlatformScalars(schema);

  // Printing and hashing a document costs more than planning a cached one: do it once per document
  // (Yoga and SOFA hand over the same DocumentNode for the same operation).
  const sources = new WeakMap<DocumentNode, { source: string; hash: string; operation: OperationDefinitionNode | null }>();
  const describe = (document: DocumentNode, operationName: string | null | undefined) => {
    let entry = sources.get(document);
    if (!entry) {
      const source = print(document);
      entry = { source, hash: createHash('sha256').update(source).digest('hex'), operation: getOperationAST(document, operationName) ?? null };
      sources.set(document, entry);
    }
    return entry;
  };

  return {
    schema,
    supergraphSdl: composition.supergraphSdl,
    scopes: new Map([...schemas.values()].flatMap((subgraphSchema) => rootFieldScopes(subgraphSchema)).map((requirement) => [requirement.coordinate, requirement.anyOf])),
    inputContract: mergeInputContracts([...schemas.values()].map(inputContract)),
    async execute(args) {
      const { source, hash, operation } = describe(args.document, args.operationName);
      if (!operation) throw new Error('no operation to execute');
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

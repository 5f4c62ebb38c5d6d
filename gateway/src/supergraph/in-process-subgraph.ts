import type { GraphQLDataSource, GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { GatewayGraphQLResponse } from '@apollo/server-gateway-interface';
import { type Logger, inSpan } from '@platform/config';
import { databaseFault } from '@platform/db';
import { errorCatalogue } from '@platform/errors';
import type { SubgraphContext } from '@platform/graphql-kit';
import { type DocumentCache, documentCache } from '../document-cache.ts';
import type { ReportUnexpectedError } from '../observability/unexpected-errors.ts';
import { type DocumentNode, type ExecutionArgs, type ExecutionResult, GraphQLError, type GraphQLFormattedError, type GraphQLSchema, execute, parse, validate } from 'graphql';

/**
 * A subgraph executed in the gateway's process. Unlike Apollo's LocalGraphQLDataSource it parses
 * and validates each distinct subgraph query once (the query planner sends the same few strings
 * again and again), and it is the subgraph's error boundary: a database that is down or does not
 * answer in time becomes `database_unavailable`; any other error without a platform error code
 * is logged with its cause and replaced by `internal_error`, so no SQL, stack or message of an
 * unexpected failure reaches a client.
 */
export class InProcessSubgraph implements GraphQLDataSource<Record<string, unknown>> {
  constructor(
    private readonly name: string,
    private readonly schema: GraphQLSchema,
    private readonly logger: Logger,
    private readonly reportUnexpected: ReportUnexpectedError,
    /** Parsed subgraph queries, keyed by subgraph name and source: one budget for every subgraph of the process. */
    private readonly documents: DocumentCache<DocumentNode> = documentCache(),
  ) {}

  async process({ request, context }: GraphQLDataSourceProcessOptions<Record<string, unknown>>): Promise<GatewayGraphQLResponse> {
    const source = request.query ?? '';
    const key = `${this.name}\n${source}`;
    let document = this.documents.get(key);
    if (!document) {
      document = parse(source);
      const errors = validate(this.schema, document);
      if (errors.length > 0) return { errors: errors.map((error) => this.mask(error, context)) };
      this.documents.set(key, document);
    }
    const result = await this.execute({ schema: this.schema, document, variableValues: request.variables, operationName: request.operationName, contextValue: context });
    return { data: result.data ?? null, errors: result.errors?.map((error) => this.mask(error, context)) };
  }

  /** Whether a client's document is valid for this subgraph alone (asked once per document). */
  accepts(document: DocumentNode): boolean {
    return validate(this.schema, document).length === 0;
  }

  /**
   * Runs a client's operation whose every field this subgraph resolves (the query plan is one
   * fetch from it), without the gateway: the same execution and the same error boundary as a
   * fetch of the gateway, and the errors as the gateway would hand them on (each masked, rebuilt
   * from its JSON form with its path), so nothing tells the two paths apart.
   */
  async executeAlone(args: Pick<ExecutionArgs, 'document' | 'variableValues' | 'operationName' | 'contextValue'>): Promise<ExecutionResult> {
    const context = args.contextValue as Record<string, unknown>;
    // Only these: the caller's arguments name the supergraph's schema and resolvers.
    const result = await this.execute({ schema: this.schema, document: args.document, variableValues: args.variableValues, operationName: args.operationName, contextValue: context });
    if (!result.errors) return { data: result.data ?? null };
    // No `data` at all: the request itself was refused before execution (variables that do not
    // coerce, a missing one), as the gateway refuses it; such errors go on as they are, for the
    // edge to give them the client's code.
    if (!('data' in result)) return { errors: result.errors };
    const errors = result.errors.map((error) => {
      const formatted = this.mask(error, context);
      return new GraphQLError(formatted.message, { path: formatted.path, extensions: formatted.extensions });
    });
    return { data: result.data ?? null, errors };
  }

  /** graphql-js `execute` in a span (`subgraph.execute <name>`): the spans of its resolvers' statements are its children. */
  private execute(args: ExecutionArgs): Promise<ExecutionResult> {
    const tenantId = (args.contextValue as Partial<SubgraphContext> | undefined)?.principal?.tenantId;
    const attributes = { 'subgraph.name': this.name, ...(args.operationName && { 'graphql.operation.name': args.operationName }), ...(tenantId && { 'tenant.id': tenantId }) };
    return inSpan(`subgraph.execute ${this.name}`, { attributes }, async () => execute(args));
  }

  private mask(error: GraphQLError, context: Record<string, unknown>): GraphQLFormattedError {
    const code = error.extensions?.code;
    if (typeof code === 'string' && code in errorCatalogue) return error.toJSON();
    const fault = databaseFault(error.originalError);
    if (fault) {
      this.logger.warn({ err: error.originalError, subgraph: this.name, request_id: context.requestId, path: error.path }, 'database unavailable');
      return { message: fault.message, path: error.path, extensions: fault.extensions };
    }
    this.reportUnexpected('subgraph', error.originalError ?? error, { request_id: context.requestId as string | undefined, subgraph: this.name, path: error.path }, 'subgraph resolver failed');
    return { message: 'Internal error.', path: error.path, extensions: { code: 'internal_error' } };
  }
}

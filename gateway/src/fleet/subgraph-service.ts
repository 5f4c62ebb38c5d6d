import type { AuditEntry } from '@platform/audit';
import type { ServiceCall, ServiceTokens } from '@platform/auth';
import type { PrismaClient } from '@platform/db';
import { ApiError, problemFromError } from '@platform/errors';
import { type SubgraphContext, asExportPages } from '@platform/graphql-kit';
import { createServerAdapter } from '@whatwg-node/server';
import type { GatewayGraphQLResponse } from '@apollo/server-gateway-interface';
import type { NodeContext } from '../edge/http-listener.ts';
import type { ChangeRecorder } from '../edge/subgraph-context.ts';
import type { InProcessSubgraph } from '../supergraph/in-process-subgraph.ts';
import { AUDITED_WITH_CHANGE, SERVICE_TOKEN_HEADER } from './remote-subgraph.ts';

/** Where a process with the `subgraphs` role serves each of its subgraphs: `/subgraphs/<name>`. */
export const SUBGRAPH_SERVICE_PATH = '/subgraphs/';

/**
 * The subgraphs of this process as HTTP services for the fleet's edges (federation queries,
 * `_service` and `_entities` included). Only a call carrying a valid service token for the subgraph
 * it names is executed, as the principal the token names: a client's credential, a forged or
 * expired token, or one signed for another subgraph is 401. Execution is the in-process one (the
 * same document cache and error boundary), so an answer is what the edge would have computed itself.
 */
export function serveSubgraphs(options: {
  subgraphs: ReadonlyMap<string, InProcessSubgraph>;
  tokens: ServiceTokens;
  prisma: PrismaClient;
  platform: SubgraphContext['platform'];
  recordChanges: ChangeRecorder;
}) {
  // What the edge's context holds, from the facts the service token carries.
  const contextFor = ({ principal, requestId, ifMatchVersion, audit }: ServiceCall, changeAudited: () => void): SubgraphContext => {
    const base = audit as Omit<AuditEntry, 'action' | 'occurredAt'> & { occurredAt?: string };
    const occurredAt = base.occurredAt === undefined ? undefined : new Date(base.occurredAt);
    return { principal, requestId, ifMatchVersion, prisma: options.prisma, platform: options.platform, audit: options.recordChanges(({ action, resourceId }) => ({ ...base, occurredAt, action, resourceId }), changeAudited) };
  };
  return createServerAdapter<NodeContext>(async (request: Request) => {
    const { pathname } = new URL(request.url);
    const requestId = request.headers.get('x-request-id') ?? '';
    const subgraph = options.subgraphs.get(pathname.slice(SUBGRAPH_SERVICE_PATH.length));
    if (!subgraph) return problem(new ApiError('route_not_found', 'No subgraph is served at this path.'), requestId, pathname);
    if (request.method !== 'POST') return problem(new ApiError('method_not_allowed', 'A subgraph service takes POST only.'), requestId, pathname, { allow: 'POST' });
    const token = request.headers.get(SERVICE_TOKEN_HEADER);
    const call = token ? await options.tokens.verify(token, pathname.slice(SUBGRAPH_SERVICE_PATH.length)) : undefined;
    if (!call) return problem(new ApiError('unauthenticated', 'A subgraph service answers only the platform\'s edges (a valid service token).'), requestId, pathname);
    let body: { query?: unknown; variables?: unknown; operationName?: unknown };
    try {
      body = (await request.json()) as typeof body;
    } catch {
      return problem(new ApiError('malformed_body', 'The body is not JSON.'), requestId, pathname);
    }
    if (typeof body?.query !== 'string') return problem(new ApiError('malformed_body', 'The body names no query.'), requestId, pathname);
    let audited = false;
    const context = contextFor(call, () => {
      audited = true;
    }) as unknown as Record<string, unknown>;
    const execute = (): Promise<GatewayGraphQLResponse> =>
      subgraph.process({
        request: { query: body.query as string, variables: (body.variables ?? {}) as Record<string, unknown>, operationName: typeof body.operationName === 'string' ? body.operationName : undefined },
        context,
      } as never);
    const result = await (call.exportPages ? asExportPages(execute) : execute());
    return Response.json(audited ? { ...result, extensions: { [AUDITED_WITH_CHANGE]: true } } : result);
  });
}

function problem(error: ApiError, requestId: string, path: string, headers: Record<string, string> = {}): Response {
  const body = problemFromError(error, requestId, path);
  return Response.json(body, { status: body.status, headers: { 'content-type': 'application/problem+json', ...headers } });
}

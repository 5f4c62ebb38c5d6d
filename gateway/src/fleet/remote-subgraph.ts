import { type GraphQLDataSourceProcessOptions, RemoteGraphQLDataSource } from '@apollo/gateway';
import type { GatewayGraphQLResponse } from '@apollo/server-gateway-interface';
import type { ServiceCall, ServiceTokens } from '@platform/auth';
import type { Logger } from '@platform/config';
import { injectTraceContext } from '../observability/tracing.ts';

/** The request a subgraph call serves, as the edge knows it (Yoga's context carries `request`). */
export interface RemoteCallContext {
  serviceCall(request: Request): ServiceCall;
  changeAudited(request: Request): void;
}

/** The header a subgraph service reads the service token from (not `authorization`: that is the client's, and never forwarded). */
export const SERVICE_TOKEN_HEADER = 'x-platform-service-token';
/** A subgraph service's answer noting that the call's change wrote the request's audit record. */
export const AUDITED_WITH_CHANGE = 'audited_with_change';

/**
 * A subgraph served by another process of the fleet (a subgraph service), called over HTTP with a
 * service token carrying the principal the edge verified. Every call is bounded by `timeoutMs`; a
 * service that cannot be reached, answers an error status or passes the deadline is
 * `subgraph_unavailable` (503 with Retry-After) for that part of the answer, never a hang or a 500.
 */
export class RemoteSubgraph extends RemoteGraphQLDataSource<Record<string, unknown>> {
  constructor(
    private readonly name: string,
    url: string,
    private readonly options: { tokens: ServiceTokens; calls: RemoteCallContext; timeoutMs: number; logger: Logger },
  ) {
    super({ url });
    this.fetcher = (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(options.timeoutMs) } as RequestInit) as never;
  }

  override async willSendRequest({ request, context }: GraphQLDataSourceProcessOptions<Record<string, unknown>>): Promise<void> {
    const incoming = context.request as Request;
    const call = this.options.calls.serviceCall(incoming);
    request.http?.headers.set(SERVICE_TOKEN_HEADER, await this.options.tokens.sign(call, this.name));
    request.http?.headers.set('x-request-id', call.requestId);
    // Between the platform's own processes bytes are cheap and CPU is not: answers come uncompressed
    // (fetch would otherwise ask for gzip, and the service's listener compresses what is asked).
    request.http?.headers.set('accept-encoding', 'identity');
    // The subgraph service's spans continue the edge's trace (its listener extracts `traceparent`).
    for (const [name, value] of Object.entries(injectTraceContext({}))) request.http?.headers.set(name, value);
  }

  override didReceiveResponse({ response, context }: Parameters<NonNullable<RemoteGraphQLDataSource['didReceiveResponse']>>[0]): GatewayGraphQLResponse {
    if (response.extensions?.[AUDITED_WITH_CHANGE] === true) this.options.calls.changeAudited(context.request as Request);
    return response;
  }

  override async process(options: GraphQLDataSourceProcessOptions<Record<string, unknown>>): Promise<GatewayGraphQLResponse> {
    try {
      return await super.process(options);
    } catch (error) {
      this.options.logger.warn({ err: error, subgraph: this.name, url: this.url }, 'subgraph service unavailable');
      return { errors: [{ message: `A service of the platform (${this.name}) is not available right now; retry shortly.`, extensions: { code: 'subgraph_unavailable' } }] };
    }
  }
}

import { type DocumentNode, getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { requestState } from '../request-state.ts';
import type { PlatformMetrics } from '../../observability/metrics.ts';

/**
 * The edge's request metrics (the HTTP listener times every response itself): each GraphQL
 * operation parsed at `graphqlEndpoint` (refused by validation or cost limits too) by type and
 * name, with its request's duration; and the error codes the answer carries (see noteErrorCodes),
 * once it is sent. Operations the platform runs itself (a sync's writes) are not client traffic:
 * the job metrics cover them.
 */
export function useRequestMetrics(options: { metrics: PlatformMetrics; graphqlEndpoint: string }): Plugin {
  const operations = new WeakMap<Request, { type: string; name: string | undefined }>();
  return {
    onParse({ context }) {
      const { request, params } = context as { request?: Request; params?: { operationName?: string | null } };
      return ({ result }) => {
        // A document that does not parse, or names no one operation to run, is a refusal (counted by its code), not an operation.
        if (!request || result instanceof Error || !result) return;
        const operation = getOperationAST(result as DocumentNode, params?.operationName ?? undefined);
        if (operation) operations.set(request, { type: operation.operation, name: operation.name?.value });
      };
    },
    onResponse({ request }) {
      const state = requestState(request);
      if (state.inProcess) return;
      const graphql = new URL(request.url).pathname === options.graphqlEndpoint;
      for (const code of state.errorCodes ?? []) options.metrics.countError(code, graphql ? 'graphql' : 'rest');
      const operation = graphql ? operations.get(request) : undefined;
      if (operation) options.metrics.observeOperation(operation.type, operation.name, (performance.now() - state.startedAt) / 1000);
    },
  };
}

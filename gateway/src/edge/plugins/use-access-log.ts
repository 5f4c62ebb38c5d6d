import type { Logger } from '@platform/config';
import type { Plugin } from 'graphql-yoga';
import { requestState } from '../request-state.ts';

/** One structured log line per request: who, what, outcome, how long. Never headers or bodies. */
export function useAccessLog(logger: Logger): Plugin {
  return {
    onResponse({ request, response }) {
      const state = requestState(request);
      const url = new URL(request.url);
      logger.info(
        {
          request_id: state.requestId,
          method: request.method,
          path: url.pathname,
          status: response.status,
          duration_ms: Math.round((performance.now() - state.startedAt) * 100) / 100,
          tenant_id: state.principal?.tenantId,
          credential_id: state.principal?.credential.id,
        },
        'request',
      );
    },
  };
}

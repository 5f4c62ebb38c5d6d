import type { Logger } from '@platform/config';
import type { Plugin } from 'graphql-yoga';
import { annotateRequestSpan } from '../../observability/tracing.ts';
import { requestState } from '../request-state.ts';

export interface AccessLogEntry {
  request_id: string;
  method: string | undefined;
  path: string;
  status: number;
  duration_ms: number;
  tenant_id?: string;
  credential_id?: string;
}

/**
 * One structured log line per request: who, what, outcome, how long. Never headers or bodies.
 * Operations the platform runs itself (a sync's writes, one per record) are logged at debug: the
 * audit trail records each of them, and an import of a million rows is not a million requests.
 */
export function useAccessLog(logger: Logger): Plugin {
  return {
    onResponse({ request, response }) {
      const state = requestState(request);
      const entry: AccessLogEntry = {
        request_id: state.requestId,
        method: request.method,
        path: new URL(request.url).pathname,
        status: response.status,
        duration_ms: performance.now() - state.startedAt,
        tenant_id: state.principal?.tenantId,
        credential_id: state.principal?.credential.id,
      };
      // The request's server span (if tracing) gets the tenant the edge established, whichever process executes the subgraphs.
      if (entry.tenant_id) annotateRequestSpan({ 'tenant.id': entry.tenant_id });
      logRequest(logger, entry, state.inProcess ? 'debug' : 'info');
    },
  };
}

/** The access log line, also written by the HTTP listener for requests it answers itself. */
export function logRequest(logger: Logger, entry: AccessLogEntry, level: 'info' | 'debug' = 'info'): void {
  logger[level]({ ...entry, duration_ms: Math.round(entry.duration_ms * 100) / 100 }, 'request');
}

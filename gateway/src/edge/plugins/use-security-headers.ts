import type { Plugin, YogaServerOptions } from 'graphql-yoga';

/**
 * Headers every response carries, whatever route answered: no MIME sniffing, no referrer, nothing
 * cached unless the route said it may be (tenant data must not linger in shared or browser caches),
 * HTML pages (API reference, errors page, GraphiQL) never framed by another site, and HSTS when
 * the platform is served over TLS. The HTTP listener's own answers set the same basics.
 */
export function useSecurityHeaders(options: { servedOverTls: boolean; corsAllowedOrigins: readonly string[] }): Plugin {
  return {
    onResponse({ response }) {
      const headers = response.headers;
      headers.set('x-content-type-options', 'nosniff');
      headers.set('referrer-policy', 'no-referrer');
      if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
      if (headers.get('content-type')?.startsWith('text/html')) {
        // Scripts stay as the pages need them (inline configuration); what is fixed is who may frame them.
        headers.set('content-security-policy', "frame-ancestors 'none'; base-uri 'none'; object-src 'none'; form-action 'self'");
        headers.set('x-frame-options', 'DENY');
      }
      if (options.servedOverTls) headers.set('strict-transport-security', 'max-age=31536000; includeSubDomains');
      // CORS headers differ by Origin when some origins are allowed: no cache may serve one origin's to another.
      if (options.corsAllowedOrigins.length > 0) headers.append('vary', 'Origin');
    },
  };
}

/** Request headers a browser client of the API sends, and response headers it may read. */
const ALLOWED_HEADERS = ['authorization', 'content-type', 'x-service-tenant', 'idempotency-key', 'if-match', 'x-request-id'];
const EXPOSED_HEADERS = ['x-request-id', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after', 'etag', 'idempotent-replayed', 'location', 'deprecation', 'sunset', 'query-cost'];

/**
 * CORS by configuration: only the listed origins (none by default) get CORS headers, with
 * credentials; any other origin gets none, so a browser refuses to give a foreign page the answer.
 * The console is served from the platform's own origin and needs no entry.
 */
export function corsFor(allowedOrigins: readonly string[]): NonNullable<YogaServerOptions<object, object>['cors']> {
  const allowed = new Set(allowedOrigins);
  return (request: Request) => {
    const origin = request.headers.get('origin');
    if (!origin || !allowed.has(origin)) return false;
    return { origin, credentials: true, methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'], allowedHeaders: ALLOWED_HEADERS, exposedHeaders: EXPOSED_HEADERS, maxAge: 600 };
  };
}

import { createHash } from 'node:crypto';
import type { Logger } from '@platform/config';
import type { PrismaClient } from '@platform/db';
import { ApiError, fieldErrors } from '@platform/errors';
import type { Plugin } from 'graphql-yoga';
import { requestState } from '../request-state.ts';
import { graphqlErrorFor, problemFor } from '../responses.ts';

export interface IdempotencyOptions {
  prisma: PrismaClient;
  graphqlEndpoint: string;
  logger: Logger;
  /** How long a key and its response are kept. */
  retentionSeconds?: number;
  /** How long a request in progress holds its key; after that (its instance died) a retry takes over. */
  leaseSeconds?: number;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
/** Statuses that are the outcome of executing the request, replayed to retries. */
const isOutcome = (status: number) => (status >= 200 && status < 300) || status === 404 || status === 409 || status === 422;
const REPLAYED_HEADERS = ['content-type', 'etag', 'location'];
const CLEANUP_INTERVAL_MS = 10 * 60_000;

interface Claim {
  tenantId: string;
  key: string;
  fingerprint: string;
}

/**
 * `Idempotency-Key` for every write (REST `POST`/`PUT`/`PATCH`/`DELETE` and GraphQL `POST`), as
 * Stripe does it. The first request with a key claims it for its fingerprint (method, path and
 * body) and its outcome is stored; a retry with the same key and request gets that response again
 * (with `Idempotent-Replayed: true`) and executes nothing; the same key for a different request
 * is a 409 `idempotency_key_reused`; a retry while the first is still running is a 409
 * `idempotency_key_in_use` with `Retry-After`. Only outcomes of execution are kept (2xx and the
 * 404/409/422 a retry would get again); a request refused before executing (400, 401, 403, 412,
 * 429) or failed on our side (5xx) releases its key, so it can be retried with the same key.
 * Keys are per tenant and kept 24 hours.
 */
export function useIdempotency(options: IdempotencyOptions): Plugin {
  const retentionSeconds = options.retentionSeconds ?? 24 * 3600;
  const leaseSeconds = options.leaseSeconds ?? 60;
  const claims = new WeakMap<Request, Claim>();
  const cleanup = setInterval(() => {
    options.prisma.$executeRaw`DELETE FROM idempotency_keys WHERE expires_at < now()`.catch((error: unknown) => options.logger.warn({ err: error }, 'idempotency key cleanup failed'));
  }, CLEANUP_INTERVAL_MS);
  cleanup.unref();

  return {
    async onRequest({ request, url, endResponse }) {
      const key = request.headers.get('idempotency-key');
      const principal = requestState(request).principal;
      // A subscription over SSE is a stream, not a write with one response to replay.
      const streaming = request.headers.get('accept')?.includes('text/event-stream') ?? false;
      if (key === null || !principal || !WRITE_METHODS.has(request.method) || streaming) return;
      const graphql = url.pathname === options.graphqlEndpoint;
      const refuse = (error: unknown, headers: Record<string, string> = {}) => endResponse(graphql ? graphqlErrorFor(error, request, headers) : problemFor(error, request, headers));
      if (!KEY_FORMAT.test(key)) {
        refuse(fieldErrors('invalid_parameter', 'Idempotency-Key', 'Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID is a good choice).'));
        return;
      }
      const fingerprint = fingerprintOf(request.method, `${url.pathname}${url.search}`, await request.clone().text());
      const tenantId = principal.tenantId;
      const claimed = await options.prisma.$queryRaw<unknown[]>`
        INSERT INTO idempotency_keys (tenant_id, key, fingerprint, locked_until, expires_at)
        VALUES (${tenantId}, ${key}, ${fingerprint}, now() + make_interval(secs => ${leaseSeconds}), now() + make_interval(secs => ${retentionSeconds}))
        ON CONFLICT (tenant_id, key) DO UPDATE SET
          fingerprint = EXCLUDED.fingerprint, completed = false, response_status = NULL, response_headers = NULL, response_body = NULL,
          created_at = now(), locked_until = EXCLUDED.locked_until, expires_at = EXCLUDED.expires_at
        WHERE idempotency_keys.expires_at < now()
           OR (NOT idempotency_keys.completed AND idempotency_keys.locked_until < now() AND idempotency_keys.fingerprint = EXCLUDED.fingerprint)
        RETURNING 1`;
      if (claimed.length > 0) {
        claims.set(request, { tenantId, key, fingerprint });
        return;
      }
      const existing = await options.prisma.idempotencyKey.findUnique({ where: { tenant_id_key: { tenant_id: tenantId, key } } });
      if (!existing) {
        // Released between our insert and this read: the retry may simply try again.
        refuse(new ApiError('idempotency_key_in_use', 'A request with this Idempotency-Key just finished without a stored outcome; retry.'), { 'retry-after': '1' });
      } else if (existing.fingerprint !== fingerprint) {
        refuse(new ApiError('idempotency_key_reused', 'This Idempotency-Key was used for a different request (method, path or body). Use a new key for a new request.'));
      } else if (!existing.completed) {
        refuse(new ApiError('idempotency_key_in_use', 'A request with this Idempotency-Key is still in progress; retry to get its response.'), { 'retry-after': '1' });
      } else {
        const headers = new Headers(existing.response_headers as Record<string, string>);
        headers.set('idempotent-replayed', 'true');
        endResponse(new Response(existing.response_body, { status: existing.response_status ?? 200, headers }));
      }
    },
    async onResponse({ request, response }) {
      const claim = claims.get(request);
      if (!claim) return;
      claims.delete(request);
      const where = { tenant_id_key: { tenant_id: claim.tenantId, key: claim.key } };
      try {
        if (!isOutcome(response.status)) {
          await options.prisma.idempotencyKey.deleteMany({ where: { tenant_id: claim.tenantId, key: claim.key, fingerprint: claim.fingerprint, completed: false } });
          return;
        }
        const headers = Object.fromEntries(REPLAYED_HEADERS.flatMap((name) => (response.headers.has(name) ? [[name, response.headers.get(name) as string]] : [])));
        // Stored before the response leaves, so a client's immediate retry finds the outcome.
        await options.prisma.idempotencyKey.update({ where, data: { completed: true, response_status: response.status, response_headers: headers, response_body: await response.clone().text() } });
      } catch (error) {
        options.logger.error({ err: error, request_id: requestState(request).requestId }, 'storing an idempotent response failed');
      }
    },
    onDispose: () => clearInterval(cleanup),
  };
}

/** SHA-256 of the request; a JSON body is canonicalised (key order and whitespace do not matter). */
function fingerprintOf(method: string, path: string, body: string): string {
  let canonicalBody = body;
  try {
    canonicalBody = JSON.stringify(sortKeys(JSON.parse(body)));
  } catch {
    // Not JSON: the bytes themselves.
  }
  return createHash('sha256').update(`${method} ${path}\n${canonicalBody}`).digest('hex');
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]));
  }
  return value;
}

import { createHash } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';
import type { Logger } from '@platform/config';
import type { PrismaClient, SqlRunner } from '@platform/db';
import { ApiError, fieldErrors } from '@platform/errors';
import type { SubgraphContext } from '@platform/graphql-kit';
import type { Plugin } from 'graphql-yoga';
import { type RequestState, requestState } from '../request-state.ts';
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

type Audit = SubgraphContext['audit'];

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
/** Statuses that are the outcome of executing the request, replayed to retries. */
const isOutcome = (status: number) => (status >= 200 && status < 300) || status === 404 || status === 409 || status === 422;
const REPLAYED_HEADERS = ['content-type', 'etag', 'location'];
const CLEANUP_INTERVAL_MS = 10 * 60_000;

interface Claim {
  tenantId: string;
  key: string;
  /** When this request claimed the key: it acts on the key only while the row still shows this claim. */
  claimedAt: Date;
  /** The results of the changes an earlier attempt committed, by their order in the request (v8-serialised, base64). */
  committedChanges: Record<string, string>;
  /** Data changes this request has made so far. */
  changes: number;
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
 *
 * A crash between the commit of a change and the storing of the outcome must not let a retry apply
 * the change again. So each data change of a request holding a key journals its result in the
 * key's row, in the change's own transaction (the plugin wraps `context.audit.recordChange`); a
 * retry that takes over the key of an attempt that died (its lease of `leaseSeconds` lapsed)
 * executes the request again, but each change the first attempt committed returns its journaled
 * result instead of running: the response is rebuilt, nothing is applied twice. Every write on
 * the key is fenced by the claim's time, so an attempt that lost its key to a retry cannot commit
 * or store anything after it.
 */
export function useIdempotency(options: IdempotencyOptions): Plugin {
  const retentionSeconds = options.retentionSeconds ?? 24 * 3600;
  const leaseSeconds = options.leaseSeconds ?? 10;
  // By request state, which the REST facade's derived requests share with the original.
  const claims = new WeakMap<RequestState, Claim>();
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
      // A new key, an expired one, or the key of an attempt whose lease lapsed (its instance died):
      // taking that one over keeps the changes the attempt committed.
      const [claimed] = await options.prisma.$queryRaw<Array<{ created_at: Date; committed_changes: Record<string, string> | null }>>`
        INSERT INTO idempotency_keys (tenant_id, key, fingerprint, locked_until, expires_at)
        VALUES (${tenantId}, ${key}, ${fingerprint}, now() + make_interval(secs => ${leaseSeconds}), now() + make_interval(secs => ${retentionSeconds}))
        ON CONFLICT (tenant_id, key) DO UPDATE SET
          fingerprint = EXCLUDED.fingerprint, completed = false, response_status = NULL, response_headers = NULL, response_body = NULL,
          committed_changes = CASE WHEN idempotency_keys.expires_at < now() THEN NULL ELSE idempotency_keys.committed_changes END,
          created_at = now(), locked_until = EXCLUDED.locked_until, expires_at = EXCLUDED.expires_at
        WHERE idempotency_keys.expires_at < now()
           OR (NOT idempotency_keys.completed AND idempotency_keys.locked_until < now() AND idempotency_keys.fingerprint = EXCLUDED.fingerprint)
        RETURNING created_at, committed_changes`;
      if (claimed) {
        claims.set(requestState(request), { tenantId, key, claimedAt: claimed.created_at, committedChanges: claimed.committed_changes ?? {}, changes: 0 });
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
    onContextBuilding({ context, extendContext }) {
      const claim = claims.get(requestState(context.request));
      const audit = (context as { audit?: Audit }).audit;
      if (claim && audit) extendContext({ audit: journaling(audit, claim, options.logger) } as never);
    },
    async onResponse({ request, response }) {
      const state = requestState(request);
      const claim = claims.get(state);
      if (!claim) return;
      claims.delete(state);
      const { tenantId, key, claimedAt } = claim;
      try {
        if (!isOutcome(response.status)) {
          // Released for a corrected retry; but a key whose changes committed (a failure after
          // the commit) is only unlocked, so that the retry answers with them.
          const released = await options.prisma.$executeRaw`
            DELETE FROM idempotency_keys WHERE tenant_id = ${tenantId} AND key = ${key} AND created_at = ${claimedAt.toISOString()}::timestamptz AND NOT completed AND committed_changes IS NULL`;
          if (released === 0) await options.prisma.$executeRaw`UPDATE idempotency_keys SET locked_until = now() WHERE tenant_id = ${tenantId} AND key = ${key} AND created_at = ${claimedAt.toISOString()}::timestamptz AND NOT completed`;
          return;
        }
        const headers = Object.fromEntries(REPLAYED_HEADERS.flatMap((name) => (response.headers.has(name) ? [[name, response.headers.get(name) as string]] : [])));
        const body = await response.clone().text();
        // Stored before the response leaves, so a client's immediate retry finds the outcome; the journal is not needed any more.
        await options.prisma.$executeRaw`
          UPDATE idempotency_keys SET completed = true, response_status = ${response.status}, response_headers = ${JSON.stringify(headers)}::jsonb, response_body = ${body}, committed_changes = NULL
          WHERE tenant_id = ${tenantId} AND key = ${key} AND created_at = ${claimedAt.toISOString()}::timestamptz AND NOT completed`;
      } catch (error) {
        options.logger.error({ err: error, request_id: requestState(request).requestId }, 'storing an idempotent response failed');
      }
    },
    onDispose: () => clearInterval(cleanup),
  };
}

/**
 * `recordChange` for a request holding a key: a change an earlier attempt committed returns its
 * result from the journal; any other change journals its result within its own transaction, as
 * long as the key is still this request's (else the change is rolled back).
 */
function journaling(audit: Audit, claim: Claim, logger: Logger): Audit {
  /** `work` followed by its result's entry in the key's journal, in its transaction. */
  const journaled =
    <Tx extends SqlRunner, T>(action: string, work: (tx: Tx) => Promise<T>, position: string) =>
    async (tx: Tx): Promise<T> => {
      const changed = await work(tx);
      let result: string | undefined;
      try {
        result = serialize(changed).toString('base64');
      } catch (error) {
        // Not journaled: a retry after a crash would run this change again.
        logger.error({ err: error, action }, 'the result of a change cannot be journaled for Idempotency-Key retries');
      }
      const journal = result === undefined ? {} : { [position]: result };
      const owned = await tx.$executeRaw`
        UPDATE idempotency_keys SET committed_changes = coalesce(committed_changes, '{}'::jsonb) || ${JSON.stringify(journal)}::jsonb
        WHERE tenant_id = ${claim.tenantId} AND key = ${claim.key} AND created_at = ${claim.claimedAt.toISOString()}::timestamptz AND NOT completed`;
      if (owned === 0) throw new ApiError('idempotency_key_in_use', 'A retry with this Idempotency-Key took over this request; nothing was changed.');
      return changed;
    };
  /** The change's position among the request's changes; `committed` when an earlier attempt committed it (its journaled result). */
  const nextChange = () => {
    const position = String(claim.changes++);
    return { position, committed: claim.committedChanges[position] };
  };
  const replay = (committed: string) => deserialize(Buffer.from(committed, 'base64'));
  return {
    recordChange: async (action, work, resourceIdOf) => {
      const { position, committed } = nextChange();
      return committed !== undefined ? replay(committed) : audit.recordChange(action, journaled(action, work, position), resourceIdOf);
    },
    recordSqlChange: async (action, work, resourceIdOf) => {
      const { position, committed } = nextChange();
      return committed !== undefined ? replay(committed) : audit.recordSqlChange(action, journaled(action, work, position), resourceIdOf);
    },
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

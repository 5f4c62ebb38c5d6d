import { createHash } from 'node:crypto';

/** Where a request came in. */
export const AUDIT_SURFACES = ['rest', 'graphql', 'subscription', 'oauth'] as const;
export type AuditSurface = (typeof AUDIT_SURFACES)[number];

/** Who made it. `anonymous`: no credential was established (a 401, a token request of an unknown client). */
export const AUDIT_ACTOR_TYPES = ['oauth_client', 'api_key', 'user', 'connector', 'workflow', 'ai_task', 'anonymous'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/** The chain of requests that never established a tenant (401s, for instance). */
export const PLATFORM_TENANT = '_platform';

/** `prev_hash` of the first record of every chain. */
export const GENESIS_HASH = '0'.repeat(64);

export interface AuditActor {
  type: AuditActorType;
  /** The OAuth client id, API key id or user id; null for `anonymous`. */
  id?: string | null;
  /** The credential presented: an access token's `jti`, an API key id. */
  credentialId?: string | null;
}

/** One event to record, as the edge or a resolver knows it. Absent optional fields are stored as null. */
export interface AuditEntry {
  /** The request's tenant; absent or null when none was established: recorded under `_platform`. */
  tenantId?: string | null;
  /** When the request arrived (or the change happened). Default: now. Stored to the millisecond. */
  occurredAt?: Date;
  requestId?: string | null;
  surface: AuditSurface;
  /** `GET /v1/inventory/items`, `graphql query ListItems`, or a domain action such as `inventory_item.create`. */
  action: string;
  method?: string | null;
  path?: string | null;
  operationName?: string | null;
  /** HTTP status of the response; null for a change recorded inside its transaction (no response yet). */
  status?: number | null;
  durationMs?: number | null;
  actor: AuditActor;
  clientAddress?: string | null;
  /** The record a data change created or changed. */
  resourceId?: string | null;
}

/** The stored fields of a record, exactly as the database keeps them (and as they are hashed). */
export interface AuditRecordFields {
  tenant_id: string;
  occurred_at: Date;
  request_id: string | null;
  surface: string;
  action: string;
  method: string | null;
  path: string | null;
  operation_name: string | null;
  status: number | null;
  duration_ms: number | null;
  actor_type: string;
  actor_id: string | null;
  credential_id: string | null;
  client_address: string | null;
  resource_id: string | null;
}

/** A record with its place in the chain. */
export interface ChainedAuditRecord extends AuditRecordFields {
  seq: bigint;
  prev_hash: string;
  hash: string;
}

const LIMITS = { tenant: 128, short: 256, action: 512, path: 2048 } as const;
/** Lone UTF-16 surrogates, which UTF-8 cannot carry. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** PostgreSQL's timestamptz range is wider, but an audit time outside this one is a bug. */
const MIN_TIME = Date.UTC(1970, 0, 1);
const MAX_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * A string as PostgreSQL will store it: characters it cannot keep are replaced (U+FFFD) and
 * overlong values cut, so the hash computed before the insert matches the stored row.
 */
function storable(value: string, limit: number): string {
  // NUL: PostgreSQL text cannot hold it.
  const clean = value.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATE, '\uFFFD');
  return clean.length <= limit ? clean : clean.slice(0, limit).replace(LONE_SURROGATE, '\uFFFD');
}

function optionalText(value: string | null | undefined, limit: number): string | null {
  return value === undefined || value === null ? null : storable(String(value), limit);
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], what: string): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new TypeError(`audit entry: ${what} must be one of ${allowed.join(', ')}; got ${String(value)}`);
}

/**
 * Validates an entry and brings it to its stored form. Throws a TypeError for a programming
 * error (an unknown surface or actor type, an empty action, an invalid time or status);
 * everything else is made storable rather than refused, so an odd request is never unrecorded.
 */
export function normalizeAuditEntry(entry: AuditEntry): AuditRecordFields {
  const occurredAt = entry.occurredAt ?? new Date();
  const time = occurredAt instanceof Date ? occurredAt.getTime() : Number.NaN;
  if (!(time >= MIN_TIME && time <= MAX_TIME)) throw new TypeError(`audit entry: occurredAt must be a valid Date; got ${String(entry.occurredAt)}`);
  if (typeof entry.action !== 'string' || entry.action.length === 0) throw new TypeError('audit entry: action must be a non-empty string');
  const status = entry.status ?? null;
  if (status !== null && !(Number.isInteger(status) && status >= 0 && status <= 999)) throw new TypeError(`audit entry: status must be an integer HTTP status; got ${status}`);
  const duration = entry.durationMs ?? null;
  if (duration !== null && !Number.isFinite(duration)) throw new TypeError(`audit entry: durationMs must be a finite number; got ${duration}`);
  const actorType = oneOf(entry.actor?.type, AUDIT_ACTOR_TYPES, 'actor.type');
  return {
    tenant_id: entry.tenantId ? storable(entry.tenantId, LIMITS.tenant) : PLATFORM_TENANT,
    occurred_at: new Date(time),
    request_id: optionalText(entry.requestId, LIMITS.short),
    surface: oneOf(entry.surface, AUDIT_SURFACES, 'surface'),
    action: storable(entry.action, LIMITS.action),
    method: optionalText(entry.method, LIMITS.short),
    path: optionalText(entry.path, LIMITS.path),
    operation_name: optionalText(entry.operationName, LIMITS.short),
    status,
    // Hundredths of a millisecond, never negative: a double that survives the database exactly.
    duration_ms: duration === null ? null : Math.max(0, Math.round(duration * 100) / 100),
    actor_type: actorType,
    actor_id: optionalText(entry.actor.id, LIMITS.short),
    credential_id: optionalText(entry.actor.credentialId, LIMITS.short),
    client_address: optionalText(entry.clientAddress, LIMITS.short),
    resource_id: optionalText(entry.resourceId, LIMITS.short),
  };
}

/**
 * The canonical JSON of a record: every stored field except the hashes, keys in alphabetical
 * order, no whitespace, absent values as null, `occurred_at` as ISO 8601 with milliseconds and
 * `seq` as a decimal string.
 */
export function canonicalAuditJson(record: AuditRecordFields & { seq: bigint }): string {
  return JSON.stringify({
    action: record.action,
    actor_id: record.actor_id,
    actor_type: record.actor_type,
    client_address: record.client_address,
    credential_id: record.credential_id,
    duration_ms: record.duration_ms,
    method: record.method,
    occurred_at: record.occurred_at.toISOString(),
    operation_name: record.operation_name,
    path: record.path,
    request_id: record.request_id,
    resource_id: record.resource_id,
    seq: record.seq.toString(),
    status: record.status,
    surface: record.surface,
    tenant_id: record.tenant_id,
  });
}

/** `hash` = hex SHA-256 of the UTF-8 bytes of `prev_hash` followed by the canonical JSON. */
export function computeAuditHash(prevHash: string, record: AuditRecordFields & { seq: bigint }): string {
  return createHash('sha256').update(prevHash).update(canonicalAuditJson(record)).digest('hex');
}

/**
 * The actor of a request from the edge's principal: an OAuth client (credential: the access
 * token's `jti`), an API key (credential: the key) or a user; anonymous without a principal.
 */
export function actorFromPrincipal(
  principal: { credential: { type: Exclude<AuditActorType, 'anonymous'>; id: string }; tokenId?: string | undefined; userId?: string | undefined; causation?: { workflow_run_id: string } | undefined } | undefined | null,
): AuditActor {
  if (!principal) return { type: 'anonymous', id: null, credentialId: null };
  const { credential } = principal;
  if (credential.type === 'user') return { type: 'user', id: principal.userId ?? credential.id, credentialId: principal.tokenId ?? credential.id };
  // A workflow acts in a run: the workflow is the actor, the run the credential it acted under.
  if (credential.type === 'workflow') return { type: 'workflow', id: credential.id, credentialId: principal.causation?.workflow_run_id ?? credential.id };
  return { type: credential.type, id: credential.id, credentialId: principal.tokenId ?? credential.id };
}

import { credential, renewCredential } from './credential.ts';
import { ProblemError, problemOfGraphqlError, problemOfResponse } from './problem.ts';

/** The RateLimit-* headers of the last counted response (the dashboard's usage gauge). */
export interface RateLimitReading {
  limit: number;
  remaining: number;
  resetSeconds: number;
  at: number;
}

let lastRateLimit: RateLimitReading | undefined;
const rateLimitListeners = new Set<(reading: RateLimitReading) => void>();

export function rateLimitReading(): RateLimitReading | undefined {
  return lastRateLimit;
}

export function onRateLimit(listener: (reading: RateLimitReading) => void): () => void {
  rateLimitListeners.add(listener);
  return () => rateLimitListeners.delete(listener);
}

function readRateLimit(headers: Headers): void {
  const limit = Number(headers.get('ratelimit-limit'));
  const remaining = Number(headers.get('ratelimit-remaining'));
  if (!headers.has('ratelimit-limit') || Number.isNaN(limit) || Number.isNaN(remaining)) return;
  lastRateLimit = { limit, remaining, resetSeconds: Number(headers.get('ratelimit-reset') ?? 0), at: Date.now() };
  for (const listener of rateLimitListeners) listener(lastRateLimit);
}

interface GraphqlBody<T> {
  data?: T | null;
  errors?: { message?: string; extensions?: Record<string, unknown> }[];
}

/**
 * The console's one GraphQL client: POST /graphql with the session's access token and tenant,
 * exactly as any API client calls it. Any error (HTTP or GraphQL) is thrown as a ProblemError
 * carrying the platform's code, detail and request id.
 */
export async function graphql<T>(query: string, variables: Record<string, unknown> = {}, retried = false): Promise<T> {
  const held = credential();
  if (!held) throw new ProblemError({ title: 'Signed out', detail: 'Sign in to continue.', code: 'unauthenticated', status: 401 });
  const response = await fetch('/graphql', {
    method: 'POST',
    credentials: 'omit',
    cache: 'no-store',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json', authorization: `Bearer ${held.accessToken}`, 'x-service-tenant': held.tenantId },
    body: JSON.stringify({ query, variables }),
  });
  readRateLimit(response.headers);
  const requestId = response.headers.get('x-request-id') ?? undefined;
  const type = response.headers.get('content-type') ?? '';
  if (response.status === 401 && !retried && (await renewCredential())) return graphql<T>(query, variables, true);
  if (type.includes('problem+json') || (!response.ok && !type.includes('json'))) throw new ProblemError(await problemOfResponse(response));
  const body = (await response.json()) as GraphqlBody<T>;
  const first = body.errors?.[0];
  if (first) throw new ProblemError(problemOfGraphqlError(first, requestId));
  if (!response.ok) throw new ProblemError({ title: response.statusText, detail: `The platform answered ${response.status}.`, code: `http_${response.status}`, status: response.status, requestId });
  return body.data as T;
}

import { setTimeout as sleep } from 'node:timers/promises';
import { type Plan, type PrismaClient, createPrismaClient } from '@platform/db';
import type { Problem } from '@platform/errors';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import { afterAll, inject } from 'vitest';

export const platformUrl = inject('platformUrl');

let prisma: PrismaClient | undefined;

/** The platform's database, for arranging data a test needs (never for checking REST results). */
export function database(): PrismaClient {
  if (!prisma) {
    prisma = createPrismaClient(inject('databaseUrl'), 2);
    afterAll(() => prisma?.$disconnect());
  }
  return prisma;
}

export interface TestAccount {
  tenantId: string;
  sandboxTenantId: string;
  clientId: string;
  clientSecret: string;
  sandboxClientId: string;
  sandboxClientSecret: string;
}

/** A fresh account: a production/sandbox tenant pair, each with a client allowed `scopes`. */
export async function createAccount(options: { scopes?: string[]; plan?: Plan } = {}): Promise<TestAccount> {
  const scopes = options.scopes ?? ['inventory:read', 'inventory:write', 'tenants:read'];
  // Enterprise by default: its limits (300/s, 1200/min) stay out of the way of request-heavy
  // tests; the rate-limit tests choose their plan.
  const { production, sandbox } = await createTenantPair(database(), { name: `Test ${Date.now()}`, plan: options.plan ?? 'enterprise' });
  const client = await createOAuthClient(database(), { tenantId: production.id, scopes });
  const sandboxClient = await createOAuthClient(database(), { tenantId: sandbox.id, scopes });
  return {
    tenantId: production.id,
    sandboxTenantId: sandbox.id,
    clientId: client.client_id,
    clientSecret: client.client_secret,
    sandboxClientId: sandboxClient.client_id,
    sandboxClientSecret: sandboxClient.client_secret,
  };
}

export function requestToken(body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${platformUrl}/v1/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

export async function accessToken(clientId: string, clientSecret: string, scope?: string): Promise<string> {
  const response = await requestToken({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, ...(scope !== undefined && { scope }) });
  if (response.status !== 200) throw new Error(`token request failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * A client of the REST facade and GraphQL endpoint, authenticated as one tenant. `extraHeaders`
 * adds request headers (`Idempotency-Key`, `If-Match`).
 */
export interface ApiClient {
  /** The platform it calls. */
  baseUrl: string;
  /** The authentication and tenant headers every request carries. */
  headers: Record<string, string>;
  get(path: string, extraHeaders?: Record<string, string>): Promise<Response>;
  send(method: string, path: string, body: unknown, extraHeaders?: Record<string, string>): Promise<Response>;
  raw(method: string, path: string, body: string, contentType: string, extraHeaders?: Record<string, string>): Promise<Response>;
  graphql(query: string, variables?: Record<string, unknown>, extraHeaders?: Record<string, string>): Promise<Response>;
}

/** `baseUrl`: another platform than the suite's (a test that starts its own). */
export function apiClient(token: string, tenantId: string, baseUrl: string = platformUrl): ApiClient {
  const headers = { authorization: `Bearer ${token}`, 'x-service-tenant': tenantId };
  return {
    baseUrl,
    headers,
    get: (path, extraHeaders = {}) => fetch(`${baseUrl}${path}`, { headers: { ...headers, ...extraHeaders } }),
    send: (method, path, body, extraHeaders = {}) => fetch(`${baseUrl}${path}`, { method, headers: { ...headers, 'content-type': 'application/json', ...extraHeaders }, body: JSON.stringify(body) }),
    raw: (method, path, body, contentType, extraHeaders = {}) => fetch(`${baseUrl}${path}`, { method, headers: { ...headers, 'content-type': contentType, ...extraHeaders }, body }),
    graphql: (query, variables, extraHeaders = {}) => fetch(`${baseUrl}/graphql`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json', ...extraHeaders }, body: JSON.stringify({ query, variables }) }),
  };
}

/** An account with a client allowed `scopes` and a REST/GraphQL client for its production tenant. */
export async function signedInAccount(scopes?: string[]): Promise<TestAccount & { api: ApiClient }> {
  const account = await createAccount({ scopes });
  return { ...account, api: apiClient(await accessToken(account.clientId, account.clientSecret), account.tenantId) };
}

export type { Problem };

/** An inventory item as the REST facade returns it: exactly the spec's fields. */
export interface InventoryItem {
  id: string;
  name: string;
  quantity_on_hand: number;
  reorder_point: number;
  warehouse_id: string;
  last_synced_at: string;
}

/** Reads a problem+json response, checking the parts every problem must have. */
export async function problemOf(response: Response): Promise<Problem> {
  if (response.headers.get('content-type') !== 'application/problem+json') {
    throw new Error(`expected application/problem+json, got ${response.headers.get('content-type')}: ${await response.text()}`);
  }
  const problem = (await response.json()) as Problem;
  if (problem.status !== response.status) throw new Error(`problem status ${problem.status} differs from HTTP status ${response.status}`);
  if (problem.request_id !== response.headers.get('x-request-id')) throw new Error('problem request_id differs from X-Request-Id');
  return problem;
}

/** A page of records as every list operation returns it. */
export interface List<T> {
  data: T[];
  meta: { total: number; page: number; per_page: number; next_cursor: string | null; prev_cursor: string | null };
}

/** The JSON body of a response that must have `status` (the body is shown when it has not). */
export async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** A client of the same tenant whose token holds only `scope` (a subset of the client's scopes). */
export async function clientWithScope(account: TestAccount, scope: string): Promise<ApiClient> {
  return apiClient(await accessToken(account.clientId, account.clientSecret, scope), account.tenantId);
}

export type GraphqlError = { message: string; path?: string[]; extensions?: Record<string, unknown> };

/** The data of a GraphQL request that must succeed. */
export async function graphqlData<T>(api: ApiClient, query: string, variables?: Record<string, unknown>): Promise<T> {
  const body = (await (await api.graphql(query, variables)).json()) as { data?: T; errors?: unknown[] };
  if (body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
  return body.data as T;
}

/** The errors of a GraphQL request (none: an empty list). */
export async function graphqlErrors(api: ApiClient, query: string, variables?: Record<string, unknown>): Promise<GraphqlError[]> {
  const body = (await (await api.graphql(query, variables)).json()) as { errors?: GraphqlError[] };
  return body.errors ?? [];
}

/** Polls `check` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await sleep(100);
  }
}

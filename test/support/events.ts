import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { afterAll } from 'vitest';
import { type ApiClient, type TestAccount, accessToken, apiClient, createAccount, eventually, json } from './fixtures.ts';

export { eventually };

/** Helpers of the events and webhooks contract tests: records as REST returns them, receivers, polling. */

export const EVENT_SCOPES = ['events:read', 'events:write', 'webhooks:read', 'webhooks:write'];

export interface EventRecord {
  id: string;
  type: string;
  tenant_id: string;
  occurred_at: string;
  data: unknown;
  resource: { type: string; id: string } | null;
  source: { type: string; credential_id: string | null; request_id: string | null };
}

export interface Endpoint {
  id: string;
  url: string;
  description: string | null;
  event_types: string[];
  status: 'enabled' | 'disabled';
  disabled_reason: string | null;
  disabled_at: string | null;
  previous_secret_expires_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export type EndpointWithSecret = Endpoint & { secret: string };

export interface Attempt {
  attempted_at: string;
  response_status: number | null;
  duration_ms: number;
  response_excerpt: string | null;
  error: string | null;
}

export interface Delivery {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  trigger: 'event' | 'resend' | 'replay';
  status: 'pending' | 'succeeded' | 'failed';
  attempt_count: number;
  next_attempt_at: string | null;
  failure_reason: string | null;
  created_at: string;
  completed_at: string | null;
  attempts: Attempt[];
}

/** An account whose production and sandbox clients hold `scopes`, with a client for each tenant. */
export async function eventsAccount(scopes: string[] = EVENT_SCOPES): Promise<TestAccount & { api: ApiClient; sandbox: ApiClient }> {
  const account = await createAccount({ scopes });
  return {
    ...account,
    api: apiClient(await accessToken(account.clientId, account.clientSecret), account.tenantId),
    sandbox: apiClient(await accessToken(account.sandboxClientId, account.sandboxClientSecret), account.sandboxTenantId),
  };
}

/** A client of the account's sandbox tenant whose token holds only `scope` (space-separated scopes). */
export async function sandboxClientWithScope(account: TestAccount, scope: string): Promise<ApiClient> {
  return apiClient(await accessToken(account.sandboxClientId, account.sandboxClientSecret, scope), account.sandboxTenantId);
}

export async function publish(api: ApiClient, type: string, data: Record<string, unknown>): Promise<EventRecord> {
  return json<EventRecord>(await api.send('POST', '/v1/events', { type, data }), 201);
}

export async function createEndpoint(api: ApiClient, body: Record<string, unknown>): Promise<EndpointWithSecret> {
  return json<EndpointWithSecret>(await api.send('POST', '/v1/events/webhook-endpoints', body), 201);
}

export async function deliveriesOf(api: ApiClient, endpointId: string, query = ''): Promise<Delivery[]> {
  return (await json<{ data: Delivery[] }>(await api.get(`/v1/events/webhook-endpoints/${endpointId}/deliveries${query}`))).data;
}

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on loopback: records every request and answers with the statuses it is told, then 200. */
export interface Receiver {
  url: string;
  received: ReceivedWebhook[];
  /** Statuses (and optional bodies) of the next responses, in order; afterwards `always` (default 200). */
  respondWith(...responses: Array<number | { status: number; body: string }>): void;
  /** The status of every response after the queued ones. */
  always(status: number): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: ReceivedWebhook[] = [];
  const queued: Array<{ status: number; body: string }> = [];
  let fallback = 200;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const next = queued.shift() ?? { status: fallback, body: `answered ${fallback}` };
      response.writeHead(next.status, { 'content-type': 'text/plain' }).end(next.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receiver: Receiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    respondWith: (...responses) => queued.push(...responses.map((entry) => (typeof entry === 'number' ? { status: entry, body: `answered ${entry}` } : entry))),
    always: (status) => {
      fallback = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  afterAll(() => receiver.close());
  return receiver;
}

/** Verifies a received request as a receiver would (Standard Webhooks), returning the parsed payload; throws when the signature does not verify. */
export function verified(secret: string, webhook: ReceivedWebhook): unknown {
  const headers = { 'webhook-id': String(webhook.headers['webhook-id']), 'webhook-timestamp': String(webhook.headers['webhook-timestamp']), 'webhook-signature': String(webhook.headers['webhook-signature']) };
  return new Webhook(secret).verify(webhook.body, headers);
}


/** Waits until `receiver` got exactly `count` requests, then a little longer to see that no more arrive. */
export async function receivedExactly(receiver: Receiver, count: number, settleMs = 1500): Promise<ReceivedWebhook[]> {
  await eventually(() => (receiver.received.length >= count ? true : undefined), 20_000, `${count} webhook requests`);
  await sleep(settleMs);
  return [...receiver.received];
}

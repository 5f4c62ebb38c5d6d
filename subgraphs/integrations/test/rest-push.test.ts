import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOutboundHttp } from '../src/connectors/http.ts';
import { type RestPushRule, createRestPush, restSourceConfigSchema } from '../src/connectors/rest/index.ts';
import { SourceError } from '../src/connectors/source.ts';
import { ACCOUNTING_TOKEN, type AccountingServer, startAccountingServer } from './servers/accounting-server.ts';

/** The REST connector's push against a loopback accounting API: what each answer becomes. */

let server: AccountingServer;
const http = createOutboundHttp({ urlPolicy: { allowedPrivateNetworks: ['127.0.0.0/8'] }, attemptTimeoutMs: 5000, maxRetries: 0, maxRetryAfterMs: 1000, maxResponseBytes: 1 << 20 });

const createRule: RestPushRule = { event_type: 'invoice.issued', method: 'POST', path: '/invoices', body: '$', remote_id_path: 'invoice.id' };
const paymentRule: RestPushRule = { event_type: 'invoice.payment_recorded', method: 'POST', path: '/invoices/{remote_id}/payments', body: '$' };
const invoiceBody = { number: 'INV-000001', customer: 'cus_1', currency: 'EUR', total: 1000 };

function push(token = ACCOUNTING_TOKEN) {
  const config = restSourceConfigSchema.parse({ base_url: server.url, auth: { type: 'bearer' }, push: [createRule, paymentRule] });
  return createRestPush(config, { token }, http);
}

beforeAll(async () => {
  server = await startAccountingServer();
});
beforeEach(() => {
  server.failAlways(undefined);
  server.fail(0, 503);
});
afterAll(async () => {
  await server.close();
  await http.close();
});

describe('a REST push', () => {
  it('sends the body with the idempotency key, and reads the id the API gave the record', async () => {
    const answer = await push().push({ rule: createRule, body: invoiceBody, idempotencyKey: 'evt_1', ids: { resource_id: 'inv_1' } });
    expect(answer).toMatchObject({ ok: true, status: 201, remoteId: expect.stringMatching(/^acc_inv_/) });
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST', path: '/invoices', idempotencyKey: 'evt_1', body: invoiceBody });
    // The same key again: the API answers its first answer, nothing is created twice.
    const again = await push().push({ rule: createRule, body: invoiceBody, idempotencyKey: 'evt_1', ids: { resource_id: 'inv_1' } });
    expect(again).toEqual(answer);
    expect(server.invoices.size).toBe(1);
  });

  it('puts the remote id in the path, URL-encoded', async () => {
    const created = await push().push({ rule: createRule, body: invoiceBody, idempotencyKey: 'evt_2', ids: { resource_id: 'inv_2' } });
    const remoteId = created.ok ? created.remoteId : undefined;
    expect(await push().push({ rule: paymentRule, body: { amount: 400 }, idempotencyKey: 'evt_3', ids: { resource_id: 'inv_2', remote_id: remoteId } })).toMatchObject({ ok: true, status: 201 });
    expect(server.invoices.get(remoteId ?? '')?.payments).toEqual([{ id: expect.any(String), amount: 400 }]);
    await push().push({ rule: paymentRule, body: { amount: 1 }, idempotencyKey: 'evt_4', ids: { resource_id: 'inv_2', remote_id: 'a/b?c' } });
    expect(server.requests.at(-1)?.path).toBe('/invoices/a%2Fb%3Fc/payments');
  });

  it("keeps a refusal of the record as the record's failure, with the status and the answer's start", async () => {
    const answer = await push().push({ rule: createRule, body: { number: 'INV-9' }, idempotencyKey: 'evt_5', ids: { resource_id: 'inv_5' } });
    expect(answer).toEqual({ ok: false, status: 422, message: expect.stringMatching(/^the API refused it: HTTP 422, .*missing/) });
  });

  it('refuses an answer without the id it should carry', async () => {
    const rule = { ...createRule, remote_id_path: 'invoice.reference' };
    expect(await push().push({ rule, body: invoiceBody, idempotencyKey: 'evt_6', ids: { resource_id: 'inv_6' } })).toEqual({ ok: false, status: 201, message: expect.stringContaining('without an id at "invoice.reference"') });
  });

  it('throws for a failure of the API: retryable for 5xx and throttling, not for refused credentials', async () => {
    const failure = async (send: () => Promise<unknown>) => send().then(() => undefined, (error: unknown) => error);
    server.failAlways(503);
    expect(await failure(() => push().push({ rule: createRule, body: invoiceBody, idempotencyKey: 'evt_7', ids: { resource_id: 'inv_7' } }))).toMatchObject({ retryable: true, status: 503 });
    server.failAlways(429);
    expect(await failure(() => push().push({ rule: createRule, body: invoiceBody, idempotencyKey: 'evt_7', ids: { resource_id: 'inv_7' } }))).toMatchObject({ retryable: true, status: 429 });
    server.failAlways(undefined);
    const refused = await failure(() => push('wrong-token').push({ rule: createRule, body: invoiceBody, idempotencyKey: 'evt_8', ids: { resource_id: 'inv_8' } }));
    expect(refused).toBeInstanceOf(SourceError);
    expect(refused).toMatchObject({ retryable: false, status: 401 });
    expect((refused as Error).message).not.toContain('wrong-token');
  });
});

describe('push rules in a REST connector config', () => {
  const base = { base_url: 'https://accounting.example', auth: { type: 'bearer' } };
  const issues = (config: unknown) => {
    const parsed = restSourceConfigSchema.safeParse(config);
    return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('let a connector push without reading: no streams, no pagination', () => {
    expect(issues({ ...base, push: [createRule] })).toEqual([]);
    expect(restSourceConfigSchema.parse({ ...base, push: [createRule] })).toMatchObject({ streams: [], pagination: { type: 'none' } });
    expect(issues(base)).toEqual([expect.stringMatching(/^streams: must name at least one stream/)]);
  });

  it('name each fault', () => {
    expect(issues({ ...base, push: [{ ...createRule, body: '{ "a": ' }] })).toEqual([expect.stringMatching(/^push\.0\.body: /)]);
    expect(issues({ ...base, push: [{ ...createRule, filter: '$match(number, /INV/)' }] })).toEqual([expect.stringMatching(/^push\.0\.filter: .*regular expressions/)]);
    expect(issues({ ...base, push: [{ ...createRule, path: '/x/{who}' }] })).toEqual([expect.stringMatching(/^push\.0\.path: may hold only/)]);
    expect(issues({ ...base, push: [paymentRule] })).toEqual([expect.stringMatching(/^push\.0\.path: names \{remote_id\}/)]);
    expect(issues({ ...base, push: [createRule, createRule] })).toEqual([expect.stringMatching(/^push\.1\.event_type: "invoice.issued" has a rule already/)]);
    expect(issues({ ...base, push: [{ ...createRule, method: 'DELETE' }] })).toEqual([expect.stringMatching(/^push\.0\.method: /)]);
    expect(issues({ ...base, push: [] })).toEqual([expect.stringMatching(/^push: must push at least one/)]);
  });
});

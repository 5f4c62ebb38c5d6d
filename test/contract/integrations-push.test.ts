import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, accessToken, apiClient, createAccount, eventually, json, problemOf } from '../support/fixtures.ts';
import { FINANCE_SCOPES, type Invoice, createCustomer, createInvoice, invoiceAction, issuedInvoice, line } from '../support/finance.ts';
import {
  ACCOUNTING_PUSH_RULES,
  type AccountingServer,
  type Connector,
  INTEGRATION_SCOPES,
  type SyncJob,
  createConnector,
  failuresOf,
  integrationsAccount,
  jobOver,
  pushConnectorBody,
  startAccountingServer,
} from '../support/integrations.ts';

/**
 * The outbound direction: a REST connector with `push` rules sends the tenant's invoice events to
 * an accounting API on loopback, by itself once an event is recorded, each event once (its id as
 * `Idempotency-Key`), payments and voids addressed by the id the accounting system gave the
 * invoice; a refusal is kept as a failed record and replayed after a fix, a 5xx goes through the
 * retry policy to exactly one `sync.failed`, and nothing of another tenant is ever pushed.
 */

const SCOPES = [...new Set([...INTEGRATION_SCOPES, ...FINANCE_SCOPES])];

let server: AccountingServer;
let api: ApiClient;
let customerId: string;
let connector: Connector;

beforeAll(async () => {
  server = await startAccountingServer();
  ({ api } = await integrationsAccount(SCOPES));
  customerId = (await createCustomer(api, 'Fjord Outfitters')).id;
  connector = await createConnector(api, pushConnectorBody(server.url, { retry_max_attempts: 2, retry_delay_seconds: 1 }));
});
afterAll(() => server.close());

async function pushJobs(): Promise<SyncJob[]> {
  return (await json<{ data: SyncJob[] }>(await api.get(`/v1/sync/jobs?connector_id=${connector.id}&per_page=100`))).data;
}

/** Every push job of the connector over, and at least `count` of them. */
async function pushesSettled(count: number): Promise<SyncJob[]> {
  return eventually(async () => {
    const jobs = await pushJobs();
    return jobs.length >= count && jobs.every((job) => !['queued', 'running'].includes(job.state)) ? jobs : undefined;
  }, 30_000, `${count} push jobs over`);
}

function accountingInvoice(invoice: Invoice) {
  return [...server.invoices.values()].find((pushed) => pushed.number === invoice.number && pushed.customer === invoice.customer_id);
}

/** A manual push, once no job of the connector is under way (an event dispatched during a push asks for one more after it). */
async function startPush(body: Record<string, unknown> = {}): Promise<SyncJob> {
  return eventually(async () => {
    await pushesSettled(1);
    const response = await api.send('POST', '/v1/sync/jobs', { connector_id: connector.id, direction: 'outbound', ...body });
    if (response.status === 409) return undefined;
    return json<SyncJob>(response, 201);
  }, 30_000, 'a manual push started');
}

describe('pushing invoices to an accounting system', () => {
  let first: Invoice;

  it('starts pushing from when its rules were saved, and needs no mapping', () => {
    expect(connector).toMatchObject({ kind: 'rest', streams: [], mapping_version: 0, has_credentials: true });
    expect(Date.parse(connector.push_cursor ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('tests the credentials of a connector that only pushes against its base URL', async () => {
    expect(await json(await api.send('POST', `/v1/connectors/${connector.id}/test`, {}))).toMatchObject({ ok: true, detail: expect.stringMatching(/^base_url answered HTTP 4\d\d to an authenticated request$/) });
    const wrong = await createConnector(api, pushConnectorBody(server.url, { name: 'Wrong token', credentials: { token: 'not-the-token' } }));
    const check = await json<{ ok: boolean; detail: string }>(await api.send('POST', `/v1/connectors/${wrong.id}/test`, {}));
    expect(check).toMatchObject({ ok: false, detail: expect.stringContaining('refused the credentials (HTTP 401)') });
    expect(check.detail).not.toContain('not-the-token');
    await json(await api.send('DELETE', `/v1/connectors/${wrong.id}`, undefined), 200);
  });

  it('pushes an issued invoice and each of its payments by itself, each event once, payments addressed by the accounting id', async () => {
    first = await issuedInvoice(api, customerId);
    await eventually(() => accountingInvoice(first), 20_000, 'the invoice in the accounting system');
    await json(await invoiceAction(api, first.id, 'pay', { amount: 4000 }), 200);
    await json(await invoiceAction(api, first.id, 'pay', {}), 200);
    const pushed = await eventually(() => {
      const invoice = accountingInvoice(first);
      return invoice && invoice.payments.length === 2 ? invoice : undefined;
    }, 20_000, 'both payments in the accounting system');
    await eventually(() => (accountingInvoice(first)?.status === 'paid' ? true : undefined), 20_000, 'the invoice paid in the accounting system');
    expect(pushed).toMatchObject({ currency: 'EUR', total: 10_000, status: 'paid', payments: [{ amount: 4000 }, { amount: 6000 }] });
    expect([...server.invoices.values()].filter((invoice) => invoice.number === first.number)).toHaveLength(1);

    const jobs = await pushesSettled(1);
    expect(jobs.every((job) => job.direction === 'outbound' && job.trigger === 'event' && job.state === 'succeeded' && job.records_failed === 0)).toBe(true);
    expect(jobs.reduce((sum, job) => sum + job.records_created, 0)).toBe(3);
    expect(jobs.reduce((sum, job) => sum + job.records_updated, 0)).toBe(1);
    // Each request carried its event's id as the idempotency key, and no event was sent twice.
    const keys = server.requests.filter((request) => request.status < 300).map((request) => request.idempotencyKey);
    expect(keys.every((key) => key?.startsWith('evt_'))).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
    const events = await json<{ data: Array<{ id: string; type: string }> }>(await api.get(`/v1/events?resource_id=${first.id}&sort=occurred_at`));
    const pushedTypes = events.data.filter((event) => keys.includes(event.id)).map((event) => event.type);
    expect(pushedTypes.sort()).toEqual(['invoice.issued', 'invoice.paid', 'invoice.payment_recorded', 'invoice.payment_recorded']);
    const after = await json<Connector>(await api.get(`/v1/connectors/${connector.id}`));
    expect(Date.parse(after.push_cursor ?? '')).toBeGreaterThan(Date.parse(connector.push_cursor ?? ''));
  });

  it('sends nothing twice: a full push over the whole event log finds every event pushed', async () => {
    const requestsBefore = server.requests.length;
    const full = await jobOver(api, (await startPush({ full: true })).id);
    // Passed over, not counted: the events the connector pushed are not records of this job.
    expect(full).toMatchObject({ state: 'succeeded', direction: 'outbound', trigger: 'manual', full: true, records_seen: 0, records_failed: 0 });
    expect(server.requests.length).toBe(requestsBefore);
  });

  it('keeps a refused event as a failed record, and pushes it exactly once on replay after the rule is fixed', async () => {
    await pushesSettled(1);
    // The accounting API requires `customer`: a rule that leaves it out is refused (422).
    const withoutCustomer = ACCOUNTING_PUSH_RULES.map((rule) => (rule.event_type === 'invoice.issued' ? { ...rule, body: '{ "number": number, "currency": currency, "total": total }' } : rule));
    await json(await api.send('PATCH', `/v1/connectors/${connector.id}`, { config: pushConnectorBody(server.url, { push: withoutCustomer }).config, credentials: { token: 'acct-token-5d21e8' } }), 200);
    const jobsBefore = (await pushJobs()).length;
    const refused = await issuedInvoice(api, customerId);
    const jobs = await pushesSettled(jobsBefore + 1);
    const failedJob = jobs.find((job) => job.state === 'partially_failed');
    expect(failedJob).toMatchObject({ records_failed: 1, records_created: 0, direction: 'outbound' });
    const [failure] = await failuresOf(api, failedJob?.id ?? '');
    expect(failure).toMatchObject({ stream: 'invoice.issued', errors: [{ field: 'record', code: 'push_refused', message: expect.stringContaining('HTTP 422') }] });
    expect(failure?.payload).toMatchObject({ type: 'invoice.issued', resource: { type: 'invoice', id: refused.id }, data: { id: refused.id, number: refused.number } });
    expect(accountingInvoice(refused)).toBeUndefined();
    // A failed event waits for its replay: a later push (even a full one) passes over it.
    const requestsBefore = server.requests.length;
    expect(await jobOver(api, (await startPush({ full: true })).id)).toMatchObject({ state: 'succeeded', records_seen: 0 });
    expect(server.requests.length).toBe(requestsBefore);

    await json(await api.send('PATCH', `/v1/connectors/${connector.id}`, { config: pushConnectorBody(server.url).config, credentials: { token: 'acct-token-5d21e8' } }), 200);
    const replay = await jobOver(api, (await json<SyncJob>(await api.send('POST', `/v1/sync/jobs/${failedJob?.id}/replay`, {}), 201)).id);
    expect(replay).toMatchObject({ trigger: 'replay', direction: 'outbound', state: 'succeeded', records_created: 1 });
    expect(accountingInvoice(refused)).toBeDefined();
    expect(await problemOf(await api.send('POST', `/v1/sync/jobs/${failedJob?.id}/replay`, {}))).toMatchObject({ status: 409, code: 'invalid_state' });
    // A later push passes over the event now pushed.
    const again = await jobOver(api, (await startPush({ since: new Date(Date.now() - 120_000).toISOString() })).id);
    expect(again).toMatchObject({ state: 'succeeded', records_created: 0 });
    expect([...server.invoices.values()].filter((invoice) => invoice.number === refused.number)).toHaveLength(1);
  });

  it('retries a failing accounting API under the retry policy: a passing 503 is retried, a lasting one fails the job with one sync.failed', async () => {
    await pushesSettled(1);
    const jobsBefore = (await pushJobs()).length;
    server.fail(1, 503);
    const retried = await issuedInvoice(api, customerId);
    const [recovered] = await pushesSettled(jobsBefore + 1);
    expect(recovered).toMatchObject({ state: 'succeeded', attempts: 2, records_created: 1 });
    expect(accountingInvoice(retried)).toBeDefined();

    server.failAlways(503);
    const lost = await issuedInvoice(api, customerId);
    const [failed] = await pushesSettled(jobsBefore + 2);
    expect(failed).toMatchObject({ state: 'failed', attempts: 2, max_attempts: 2, last_error: expect.stringContaining('HTTP 503') });
    const syncFailed = await json<{ data: Array<{ resource: { id: string } }> }>(await api.get(`/v1/events?type=sync.failed&resource_id=${failed?.id}`));
    expect(syncFailed.data).toHaveLength(1);
    expect(accountingInvoice(lost)).toBeUndefined();

    // The failed push did not move the cursor: the next push sends the invoice, once.
    server.failAlways(undefined);
    const next = await jobOver(api, (await startPush()).id);
    expect(next).toMatchObject({ state: 'succeeded', records_created: 1 });
    expect([...server.invoices.values()].filter((invoice) => invoice.number === lost.number && invoice.customer === customerId)).toHaveLength(1);
  });

  it('pushes the events of one change in the order of the invoice’s life: a free invoice is created, then marked paid', async () => {
    // Issuing an invoice of total 0 emits invoice.issued and invoice.paid in one transaction (one occurred_at).
    const before = new Set((await pushesSettled(1)).map((job) => job.id));
    for (let round = 0; round < 3; round++) {
      await pushesSettled(1);
      const free = await issuedInvoice(api, customerId, { lines: [{ description: 'Courtesy', quantity: 1, unit_price: 0 }] });
      expect(free.status).toBe('paid');
      await eventually(() => (accountingInvoice(free)?.status === 'paid' ? true : undefined), 20_000, 'the free invoice paid in the accounting system');
    }
    const jobs = (await pushesSettled(1)).filter((job) => !before.has(job.id));
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.every((job) => job.state === 'succeeded' && job.records_failed === 0)).toBe(true);
  });

  it("pushes a void to the invoice it created, and passes over a draft's void by the rule's filter", async () => {
    await pushesSettled(1);
    const issued = await issuedInvoice(api, customerId);
    await eventually(() => accountingInvoice(issued), 20_000, 'the invoice in the accounting system');
    await json(await invoiceAction(api, issued.id, 'void'), 200);
    await eventually(() => (accountingInvoice(issued)?.status === 'void' ? true : undefined), 20_000, 'the void in the accounting system');

    const jobsBefore = (await pushesSettled(1)).length;
    const draft = await createInvoice(api, { customer_id: customerId, currency: 'EUR', lines: [line()] });
    await json(await invoiceAction(api, draft.id, 'void'), 200);
    const [passedOver] = await pushesSettled(jobsBefore + 1);
    expect(passedOver).toMatchObject({ state: 'succeeded', records_seen: 1, records_unchanged: 1, records_failed: 0 });
  });

  it("never pushes another tenant's invoices, nor the production tenant's to a sandbox connector", async () => {
    const other = await integrationsAccount(SCOPES);
    const otherCustomer = await createCustomer(other.api, 'Elsewhere Ltd');
    await issuedInvoice(other.api, otherCustomer.id);
    const account = await createAccount({ scopes: SCOPES });
    const production = apiClient(await accessToken(account.clientId, account.clientSecret), account.tenantId);
    const productionCustomer = await createCustomer(production, 'Production customer');
    await issuedInvoice(production, productionCustomer.id);
    // A push of this connector now reads its own tenant's log only.
    await pushesSettled(1);
    await jobOver(api, (await startPush({ since: new Date(Date.now() - 120_000).toISOString() })).id);
    const customers = new Set([...server.invoices.values()].map((invoice) => invoice.customer));
    expect(customers).toEqual(new Set([customerId]));
  });
});

describe('push rules', () => {
  it('are checked when saved, each fault named', async () => {
    const cases: Array<[unknown[], string, string]> = [
      [[{ ...ACCOUNTING_PUSH_RULES[0], body: '{ "number": ' }], 'config.push.0.body', ''],
      [[{ ...ACCOUNTING_PUSH_RULES[0], event_type: 'order.created' }], 'config.push.0.event_type', 'invoice.issued'],
      [[{ ...ACCOUNTING_PUSH_RULES[0], path: '/invoices/{id}' }], 'config.push.0.path', '{resource_id}'],
      [[ACCOUNTING_PUSH_RULES[1]], 'config.push.0.path', 'remote_id_path'],
      [[ACCOUNTING_PUSH_RULES[0], ACCOUNTING_PUSH_RULES[0]], 'config.push.1.event_type', 'has a rule already'],
    ];
    for (const [push, field, message] of cases) {
      const problem = await problemOf(await api.send('POST', '/v1/connectors', pushConnectorBody(server.url, { push })));
      expect(problem, field).toMatchObject({ status: 422, code: 'rule_violation' });
      expect(problem.errors, field).toContainEqual({ field, message: expect.stringContaining(message) });
    }
    expect(await problemOf(await api.send('POST', '/v1/connectors', { ...pushConnectorBody(server.url), config: { base_url: server.url, auth: { type: 'bearer' } } }))).toMatchObject({
      status: 422,
      errors: [{ field: 'config.streams', message: expect.stringContaining('push') }],
    });
  });

  it('need a credential that may read what they send', async () => {
    const { api: withoutFinance } = await integrationsAccount(INTEGRATION_SCOPES);
    expect(await problemOf(await withoutFinance.send('POST', '/v1/connectors', pushConnectorBody(server.url)))).toMatchObject({ status: 403, code: 'insufficient_scope', required_scope: 'finance:read' });
  });

  it('are needed for an outbound job, which takes no upload', async () => {
    const reader = await createConnector(api, { name: 'Reader', kind: 'rest', config: { base_url: server.url, auth: { type: 'none' }, streams: [{ name: 'items', path: '/items', id_path: 'id' }] } });
    expect(await problemOf(await api.send('POST', '/v1/sync/jobs', { connector_id: reader.id, direction: 'outbound' }))).toMatchObject({ status: 422, errors: [{ field: 'direction' }] });
    expect(await problemOf(await api.send('POST', '/v1/sync/jobs', { connector_id: connector.id, direction: 'outbound', upload_id: 'upl_x' }))).toMatchObject({ status: 422, errors: [{ field: 'upload_id' }] });
    expect(await problemOf(await api.send('POST', '/v1/sync/jobs', { connector_id: connector.id, direction: 'sideways' }))).toMatchObject({ status: 400 });
  });
});

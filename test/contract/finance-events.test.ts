import type { EventEnvelope } from '@platform/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type List, clientWithScope, database, json, platformUrl, problemOf } from '../support/fixtures.ts';
import { FINANCE_SCOPES, type FinanceAccount, type Invoice, createCustomer, createInvoice, entriesOf, financeAccount, getInvoice, invoiceAction, issuedInvoice, line } from '../support/finance.ts';
import { type LiveSubscription, barrier, subscribeSse } from '../support/subscriptions.ts';

/**
 * The finance domain's events: `invoice.issued`, `invoice.payment_recorded`, `invoice.paid` and
 * `invoice.voided`, each about the invoice (`resource: { type: "invoice", id }`), carrying the
 * invoice exactly as `GET /v1/finance/invoices/:id` shows it after the change (and the payment for
 * `invoice.payment_recorded`), written in the transaction of the change: a refused action, or
 * one that fails at its commit, leaves no event. Receiving them needs `finance:read`.
 *
 * Events are read through the events API (`GET /v1/events?resource_id=…`), as an integrator would.
 */

type Payment = { id: string; amount: number; currency: string; recorded_at: string };
type InvoiceEvent = EventEnvelope & { source: { type: string; credential_id: string | null; request_id: string | null } };

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const INVOICE_TYPES = ['invoice.issued', 'invoice.payment_recorded', 'invoice.paid', 'invoice.voided'];

/** Every event the credential may receive matching `query`, oldest first, through every page. */
async function eventsVia(api: ApiClient, query: Record<string, string> = {}): Promise<InvoiceEvent[]> {
  const events: InvoiceEvent[] = [];
  for (let page = 1; ; page++) {
    const search = new URLSearchParams({ ...query, sort: 'occurred_at', per_page: '100', page: String(page) });
    const body = await json<List<InvoiceEvent>>(await api.get(`/v1/events?${search}`), 200);
    events.push(...body.data);
    if (events.length >= body.meta.total || body.data.length === 0) return events;
  }
}

/** Every event about `resourceId` the credential may receive, oldest first. */
const eventsOf = (api: ApiClient, resourceId: string) => eventsVia(api, { resource_id: resourceId });

/** The ids of every event of the tenant the credential may receive (to show that nothing at all was emitted). */
const allEvents = async (api: ApiClient) => (await eventsVia(api)).map((event) => event.id).sort();

/**
 * The event types of `events` per transaction (per request: each request is one transaction), in
 * the order the log lists them. The events of one transaction share `occurred_at`, the
 * transaction's time, and the log orders such ties by id, not by emission, so each group's types
 * are sorted (the live stream, last test, shows the emission order).
 */
function typesPerTransaction(events: InvoiceEvent[]): string[][] {
  const groups = new Map<string, InvoiceEvent[]>();
  for (const event of events) {
    const key = event.source.request_id ?? event.id;
    groups.set(key, [...(groups.get(key) ?? []), event]);
  }
  return [...groups.values()].map((group) => {
    expect(new Set(group.map((event) => event.occurred_at)).size).toBe(1);
    return group.map((event) => event.type).sort();
  });
}

const only = (events: InvoiceEvent[], type: string) => events.filter((event) => event.type === type);
const requestIdOf = (response: Response) => response.headers.get('x-request-id');

/**
 * A PostgreSQL constraint trigger, deferred to the commit, that fails the transaction that posts a
 * payment entry for `invoiceId`: every statement of the payment, its emits included, succeeds, and
 * then the commit fails.
 */
async function failingPaymentCommit(invoiceId: string, run: () => Promise<void>): Promise<void> {
  const name = 'fail_at_commit_finance_events';
  const db = database();
  await db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'test: the commit of this payment fails'; END $$`);
  await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS ${name} ON ledger_entries`);
  await db.$executeRawUnsafe(
    `CREATE CONSTRAINT TRIGGER ${name} AFTER INSERT ON ledger_entries DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.source_type = 'payment' AND NEW.source_id = '${invoiceId}') EXECUTE FUNCTION ${name}()`,
  );
  try {
    await run();
  } finally {
    await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS ${name} ON ledger_entries`);
    await db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS ${name}()`);
  }
}

describe('invoice events', () => {
  let account: FinanceAccount;
  let api: ApiClient;
  let customerId: string;

  beforeAll(async () => {
    account = await financeAccount([...FINANCE_SCOPES, 'events:read', 'events:write']);
    api = account.api;
    customerId = (await createCustomer(api)).id;
  });

  it('issue, partial payment, full payment: issued, payment_recorded, payment_recorded + paid, each with the invoice as GET shows it after the change', async () => {
    const draft = await createInvoice(api, { customer_id: customerId, currency: 'EUR', memo: 'Events', lines: [line({ quantity: 2, unit_price: 2_500, tax_rate: 2_000 }), line({ item_id: 'SKU-1', unit_price: 999 })] });
    expect(draft.total).toBe(6_999);
    // Creating a draft emits nothing.
    expect(await eventsOf(api, draft.id)).toEqual([]);

    const issue = await invoiceAction(api, draft.id, 'issue');
    const issued = await json<Invoice>(issue, 200);
    const afterIssue = await getInvoice(api, draft.id);
    const partial = await invoiceAction(api, draft.id, 'pay', { amount: 1_000 });
    const partlyPaid = await json<Invoice>(partial, 200);
    const afterPartial = await getInvoice(api, draft.id);
    const full = await invoiceAction(api, draft.id, 'pay', {});
    const paid = await json<Invoice>(full, 200);
    const afterFull = await getInvoice(api, draft.id);
    expect(afterFull).toMatchObject({ status: 'paid', amount_paid: 6_999, amount_due: 0 });

    const events = await eventsOf(api, draft.id);
    expect(typesPerTransaction(events)).toEqual([['invoice.issued'], ['invoice.payment_recorded'], ['invoice.paid', 'invoice.payment_recorded']]);
    for (const event of events) {
      expect(event.id).toMatch(/^evt_/);
      expect(event.tenant_id).toBe(account.tenantId);
      expect(event.resource).toEqual({ type: 'invoice', id: draft.id });
      expect(event.occurred_at).toMatch(TIMESTAMP);
    }

    const [issuedEvent] = only(events, 'invoice.issued');
    expect(issuedEvent?.data).toEqual(afterIssue);
    expect(issuedEvent?.data).toEqual(issued);
    expect(issuedEvent?.data).toMatchObject({ status: 'issued', number: expect.stringMatching(/^INV-\d{6,}$/), amount_due: 6_999 });
    expect(issuedEvent?.source).toEqual({ type: 'api', credential_id: account.clientId, request_id: requestIdOf(issue), workflow_run_id: null, chain_depth: null });

    const payments = await entriesOf(api, draft.id).then((entries) => entries.filter((entry) => entry.source_type === 'payment'));
    expect(payments).toHaveLength(2);
    const [firstPayment, secondPayment] = only(events, 'invoice.payment_recorded');
    expect(firstPayment?.data).toEqual({ ...afterPartial, payment: { id: payments[0]?.id, amount: 1_000, currency: 'EUR', recorded_at: payments[0]?.posted_at } });
    expect(firstPayment?.data).toEqual({ ...partlyPaid, payment: expect.anything() });
    expect(firstPayment?.data).toMatchObject({ status: 'issued', amount_paid: 1_000, amount_due: 5_999, paid_at: null, payment: { id: expect.stringMatching(/^le_/), recorded_at: expect.stringMatching(TIMESTAMP) } });
    expect(firstPayment?.source).toEqual({ type: 'api', credential_id: account.clientId, request_id: requestIdOf(partial), workflow_run_id: null, chain_depth: null });

    expect(secondPayment?.data).toEqual({ ...afterFull, payment: { id: payments[1]?.id, amount: 5_999, currency: 'EUR', recorded_at: payments[1]?.posted_at } });
    expect((secondPayment?.data as { payment: Payment }).payment.recorded_at).toBe(afterFull.paid_at);

    const [paidEvent] = only(events, 'invoice.paid');
    expect(paidEvent?.data).toEqual(afterFull);
    expect(paidEvent?.data).toEqual(paid);
    // In the transaction of the payment that settled it: the same instant, the same request.
    expect(paidEvent?.occurred_at).toBe(secondPayment?.occurred_at);
    for (const event of [secondPayment, paidEvent]) expect(event?.source).toEqual({ type: 'api', credential_id: account.clientId, request_id: requestIdOf(full), workflow_run_id: null, chain_depth: null });

    // GET /v1/events/:id answers the same envelope.
    expect(await json(await api.get(`/v1/events/${paidEvent?.id}`), 200)).toEqual(paidEvent);
  });

  it('voiding a draft emits only invoice.voided; voiding an issued invoice emits issued then voided', async () => {
    const draft = await createInvoice(api, { customer_id: customerId, currency: 'EUR', lines: [line()] });
    const voidDraft = await invoiceAction(api, draft.id, 'void');
    const voidedDraft = await json<Invoice>(voidDraft, 200);
    const draftEvents = await eventsOf(api, draft.id);
    expect(draftEvents.map((event) => event.type)).toEqual(['invoice.voided']);
    expect(draftEvents[0]?.data).toEqual(await getInvoice(api, draft.id));
    expect(draftEvents[0]?.data).toEqual(voidedDraft);
    expect(draftEvents[0]?.data).toMatchObject({ status: 'void', number: null, voided_at: expect.stringMatching(TIMESTAMP) });
    expect(draftEvents[0]?.source).toEqual({ type: 'api', credential_id: account.clientId, request_id: requestIdOf(voidDraft), workflow_run_id: null, chain_depth: null });

    const issued = await issuedInvoice(api, customerId, { lines: [line({ unit_price: 4_200, tax_rate: 1_000 })] });
    const voidIssued = await invoiceAction(api, issued.id, 'void');
    const voided = await json<Invoice>(voidIssued, 200);
    const events = await eventsOf(api, issued.id);
    expect(typesPerTransaction(events)).toEqual([['invoice.issued'], ['invoice.voided']]);
    expect(events.map((event) => event.type)).toEqual(['invoice.issued', 'invoice.voided']);
    expect(events[0]?.data).toEqual(issued);
    expect(events[1]?.data).toEqual(await getInvoice(api, issued.id));
    expect(events[1]?.data).toEqual(voided);
    expect(events[1]?.data).toMatchObject({ status: 'void', number: issued.number, total: 4_620, amount_due: 4_620 });
    expect(events[1]?.source).toEqual({ type: 'api', credential_id: account.clientId, request_id: requestIdOf(voidIssued), workflow_run_id: null, chain_depth: null });
  });

  it('an invoice of total 0 is issued straight to paid: invoice.issued and invoice.paid in one transaction, both showing it paid', async () => {
    const draft = await createInvoice(api, { customer_id: customerId, currency: 'EUR', lines: [line({ description: 'Free sample', unit_price: 0, tax_rate: 2_000 })] });
    const issue = await invoiceAction(api, draft.id, 'issue');
    const issued = await json<Invoice>(issue, 200);
    expect(issued).toMatchObject({ status: 'paid', total: 0, amount_due: 0 });
    const events = await eventsOf(api, draft.id);
    expect(typesPerTransaction(events)).toEqual([['invoice.issued', 'invoice.paid']]);
    const current = await getInvoice(api, draft.id);
    for (const event of events) {
      expect(event.data).toEqual(current);
      expect(event.data).toEqual(issued);
      expect(event.source).toEqual({ type: 'api', credential_id: account.clientId, request_id: requestIdOf(issue), workflow_run_id: null, chain_depth: null });
    }
    // No payment was recorded.
    expect(only(events, 'invoice.payment_recorded')).toEqual([]);
  });

  it('a refused action emits nothing: paying more than is due, amount 0, paying a draft, voiding a partly paid invoice, issuing twice, a stale version, a missing scope', async () => {
    const issued = await issuedInvoice(api, customerId); // 10000
    await json(await invoiceAction(api, issued.id, 'pay', { amount: 3_000 }), 200);
    const draft = await createInvoice(api, { customer_id: customerId, currency: 'EUR', lines: [line()] });
    const empty = await createInvoice(api, { customer_id: customerId, currency: 'EUR' });
    const tenantBefore = await allEvents(api);
    const issuedBefore = await eventsOf(api, issued.id);
    const stateBefore = await getInvoice(api, issued.id);

    const refusals: Array<[Response, number, string]> = [
      [await invoiceAction(api, issued.id, 'pay', { amount: 7_001 }), 422, 'rule_violation'],
      [await invoiceAction(api, issued.id, 'pay', { amount: 0 }), 400, 'validation_failed'],
      [await invoiceAction(api, draft.id, 'pay', {}), 409, 'invalid_transition'],
      [await invoiceAction(api, issued.id, 'void'), 409, 'invalid_transition'],
      [await invoiceAction(api, issued.id, 'issue'), 409, 'invalid_transition'],
      [await invoiceAction(api, empty.id, 'issue'), 409, 'invalid_state'],
      [await invoiceAction(api, issued.id, 'pay', { amount: 1, version: 1 }), 409, 'version_conflict'],
      [await (await clientWithScope(account, 'finance:read')).send('POST', `/v1/finance/invoices/${issued.id}/pay`, {}), 403, 'insufficient_scope'],
    ];
    for (const [response, status, code] of refusals) {
      expect(await problemOf(response)).toMatchObject({ status, code });
    }

    expect(await eventsOf(api, issued.id)).toEqual(issuedBefore);
    expect(await eventsOf(api, draft.id)).toEqual([]);
    expect(await eventsOf(api, empty.id)).toEqual([]);
    expect(await allEvents(api)).toEqual(tenantBefore);
    expect(await getInvoice(api, issued.id)).toEqual(stateBefore);
  });

  it('a payment that fails at its commit, after its emits, leaves no event; the same payment then emits once', async () => {
    const issued = await issuedInvoice(api, customerId, { lines: [line({ unit_price: 800 })] });
    const before = await eventsOf(api, issued.id);
    await failingPaymentCommit(issued.id, async () => {
      expect((await invoiceAction(api, issued.id, 'pay', {})).status).toBe(500);
    });
    expect(await eventsOf(api, issued.id)).toEqual(before);
    expect(await getInvoice(api, issued.id)).toMatchObject({ status: 'issued', amount_paid: 0 });

    const paid = await json<Invoice>(await invoiceAction(api, issued.id, 'pay', {}), 200);
    const events = await eventsOf(api, issued.id);
    expect(typesPerTransaction(events)).toEqual([['invoice.issued'], ['invoice.paid', 'invoice.payment_recorded']]);
    expect(only(events, 'invoice.paid')[0]?.data).toEqual(paid);
  });

  it('a payment through GraphQL emits the same events, with the GraphQL request as source', async () => {
    const issued = await issuedInvoice(api, customerId, { lines: [line({ unit_price: 500 })] });
    const response = await api.graphql('mutation ($id: String!) { pay_invoice(id: $id, input: { amount: 200 }) { id status } }', { id: issued.id });
    const body = (await response.json()) as { data?: { pay_invoice: { status: string } }; errors?: unknown };
    expect(body.errors).toBeUndefined();
    expect(body.data?.pay_invoice.status).toBe('issued');
    const [payment] = only(await eventsOf(api, issued.id), 'invoice.payment_recorded');
    expect(payment?.data).toMatchObject({ ...(await getInvoice(api, issued.id)), payment: { amount: 200, currency: 'EUR' } });
    expect(payment?.source).toEqual({ type: 'api', credential_id: account.clientId, request_id: requestIdOf(response), workflow_run_id: null, chain_depth: null });
  });
});

describe('invoice events need finance:read', () => {
  let account: FinanceAccount;
  let invoiceId: string;

  beforeAll(async () => {
    account = await financeAccount([...FINANCE_SCOPES, 'events:read', 'webhooks:write']);
    const customer = await createCustomer(account.api);
    const invoice = await issuedInvoice(account.api, customer.id);
    await json(await invoiceAction(account.api, invoice.id, 'pay', {}), 200);
    invoiceId = invoice.id;
  });

  it('a credential with events:read (and crm:read) but without finance:read sees no invoice event, by list, by id or by type', async () => {
    const all = await eventsOf(account.api, invoiceId);
    expect(all.map((event) => event.type).sort()).toEqual(['invoice.issued', 'invoice.paid', 'invoice.payment_recorded']);

    const noFinance = await clientWithScope(account, 'events:read crm:read');
    expect(await eventsOf(noFinance, invoiceId)).toEqual([]);
    const everything = await json<List<InvoiceEvent>>(await noFinance.get('/v1/events?per_page=100'), 200);
    expect(everything.data.filter((event) => event.type.startsWith('invoice.'))).toEqual([]);
    for (const event of all) {
      expect(await problemOf(await noFinance.get(`/v1/events/${event.id}`))).toMatchObject({ status: 404, code: 'not_found' });
    }
    for (const type of INVOICE_TYPES) {
      expect(await problemOf(await noFinance.get(`/v1/events?type=${type}`))).toMatchObject({ status: 403, code: 'insufficient_scope', required_scope: 'finance:read' });
    }

    // events:read with finance:read alone is enough.
    const financeOnly = await clientWithScope(account, 'events:read finance:read');
    expect(await eventsOf(financeOnly, invoiceId)).toEqual(all);
  });

  it('a webhook endpoint can subscribe to invoice.* only with finance:read', async () => {
    const withoutFinance = await clientWithScope(account, 'webhooks:write events:read');
    const refused = await problemOf(await withoutFinance.send('POST', '/v1/events/webhook-endpoints', { url: 'https://127.0.0.1:9/hooks', event_types: ['custom.fine', 'invoice.paid'] }));
    expect(refused).toMatchObject({ status: 422, code: 'rule_violation', errors: [{ field: 'event_types.1', message: 'receiving invoice.paid needs the scope finance:read, which this credential lacks' }] });

    const withFinance = await clientWithScope(account, 'webhooks:write finance:read');
    const created = await json<{ event_types: string[] }>(await withFinance.send('POST', '/v1/events/webhook-endpoints', { url: 'https://127.0.0.1:9/hooks', event_types: INVOICE_TYPES }), 201);
    expect(created.event_types).toEqual(INVOICE_TYPES);
  });
});

describe('invoice events, live', () => {
  let account: FinanceAccount;
  let subscription: LiveSubscription<{ events: { type: string; data: Record<string, unknown> } }> | undefined;
  afterAll(() => subscription?.stop());

  it('arrive in emission order: payment_recorded before paid, issued before paid', async () => {
    account = await financeAccount([...FINANCE_SCOPES, 'events:read', 'events:write']);
    const { api } = account;
    const customer = await createCustomer(api);
    const issued = await issuedInvoice(api, customer.id, { lines: [line({ unit_price: 300 })] });
    const free = await createInvoice(api, { customer_id: customer.id, currency: 'EUR', lines: [line({ unit_price: 0 })] });
    const types = [...INVOICE_TYPES, 'custom.finance_events'];
    subscription = await subscribeSse(platformUrl, api, `subscription { events(types: ${JSON.stringify(types)}) { type data } }`);
    expect(await barrier(subscription, api, 'custom.finance_events')).toEqual([]);

    await json(await invoiceAction(api, issued.id, 'pay', {}), 200);
    await json(await invoiceAction(api, free.id, 'issue'), 200);
    const arrived = await barrier(subscription, api, 'custom.finance_events');
    expect(arrived.map((result) => [result.data?.events.type, result.data?.events.data.id])).toEqual([
      ['invoice.payment_recorded', issued.id],
      ['invoice.paid', issued.id],
      ['invoice.issued', free.id],
      ['invoice.paid', free.id],
    ]);
  });
});

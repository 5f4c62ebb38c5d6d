import type { PrismaClient } from '@platform/db';
import fc from 'fast-check';
import { type FuzzAccount, createFuzzAccount } from '../support/fuzz-account.ts';
import { sendRaw } from '../support/raw-http.ts';
import { type Contract, loadContract } from './contract.ts';
import { type FuzzCase, describeCase, wireRequest } from './fuzz-case.ts';
import { graphqlFieldCases, graphqlTransportCases } from './graphql-cases.ts';
import { type Verdict, judge } from './oracle.ts';
import { restCases } from './rest-cases.ts';
import { HOSTILITY_LEVELS, type KnownIds } from './shapes.ts';

/** How long any one request may take before the case counts as a hang. */
export const REQUEST_TIMEOUT_MS = 10_000;

/** An operation or root field of the contract and the requests generated for it. */
export interface FuzzTarget {
  name: string;
  cases: fc.Arbitrary<FuzzCase>;
}

export interface Fuzzing {
  account: FuzzAccount;
  contract: Contract;
  targets: FuzzTarget[];
  /** Sends one case with the account's credential (or the variant it calls for) and judges the answer. */
  run(fuzzCase: FuzzCase): Promise<Verdict>;
}

/**
 * Everything a fuzz run needs against a running platform: a fresh account holding every scope a
 * fuzzer may hold, the published contract, a few real records of each kind (so plausible
 * requests get past "not found" into the rules), and one target per REST operation, per root
 * field and for the GraphQL transport.
 */
export async function prepareFuzzing(platformUrl: string, prisma: PrismaClient): Promise<Fuzzing> {
  const account = await createFuzzAccount(prisma, platformUrl);
  const contract = await loadContract(platformUrl, await account.headers());
  const ids = await createRecords(platformUrl, account);
  const variants = <T>(build: (hostility: number) => fc.Arbitrary<T>) => fc.oneof(...HOSTILITY_LEVELS.map(build));
  const targets: FuzzTarget[] = [
    ...contract.rest.map((operation) => ({ name: operation.name, cases: variants((hostility) => restCases(operation, ids, hostility)) })),
    ...contract.graphql.map((field) => ({ name: field.name, cases: variants((hostility) => graphqlFieldCases(field, ids, hostility)) })),
    { name: 'GraphQL transport', cases: graphqlTransportCases(contract.graphql) },
  ];
  return {
    account,
    contract,
    targets,
    run: async (fuzzCase) => judge(fuzzCase, await sendRaw(platformUrl, wireRequest(fuzzCase, await account.headers()), REQUEST_TIMEOUT_MS)),
  };
}

/** A failed property as a report line: the target, what broke, and the request that broke it. */
export function describeFailure(fuzzCase: FuzzCase, verdict: Verdict): string {
  return `${fuzzCase.target}: ${verdict.violations.join('; ')}\n    ${describeCase(fuzzCase)}`;
}

/** Creates one record of each kind through the API (checking each answer) and returns their ids. */
async function createRecords(platformUrl: string, account: FuzzAccount): Promise<KnownIds> {
  const call = async (method: string, path: string, body?: unknown): Promise<Record<string, unknown> & { data?: Array<{ id: string }> }> => {
    const response = await fetch(`${platformUrl}${path}`, {
      method,
      headers: { ...(await account.headers()), ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`preparing the fuzzed tenant: ${method} ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const warehouse = await call('POST', '/v1/inventory/warehouses', { name: 'Fuzz warehouse' });
  const item = await call('POST', '/v1/inventory/items', { id: 'SKU-FUZZ-1', name: 'Fuzz item', quantity_on_hand: 1_000_000, reorder_point: 10, warehouse_id: warehouse.id });
  const customer = await call('POST', '/v1/crm/customers', { name: 'Fuzz customer', currency: 'EUR' });
  const order = (lines: number) => call('POST', '/v1/crm/orders', { kind: 'sales', customer_id: customer.id, lines: Array.from({ length: lines }, () => ({ item_id: item.id, quantity: 1, unit_price: 100 })) });
  const draft = await order(1);
  const confirmed = await order(2);
  await call('POST', `/v1/crm/orders/${confirmed.id}/confirm`);
  const invoice = await call('POST', '/v1/finance/invoices', { order_id: confirmed.id });
  await call('POST', `/v1/finance/invoices/${invoice.id}/issue`);
  const event = await call('POST', '/v1/events', { type: 'custom.fuzz', data: { case: 1 } });
  const endpoint = await call('POST', '/v1/events/webhook-endpoints', { url: 'https://127.0.0.1:9/hooks', event_types: ['custom.fuzz'] });
  const listed = async (path: string) => ((await call('GET', path)).data ?? []).slice(0, 3).map((record) => record.id);
  return new Map<string, string[]>([
    ['warehouse', [String(warehouse.id)]],
    ['item', [String(item.id)]],
    ['customer', [String(customer.id)]],
    ['order', [String(draft.id), String(confirmed.id)]],
    ['invoice', [String(invoice.id)]],
    ['endpoint', [String(endpoint.id)]],
    ['event', [String(event.id)]],
    ['role', await listed('/v1/tenants/roles')],
    ['movement', await listed('/v1/inventory/movements')],
    ['ledger', await listed('/v1/finance/ledger-entries')],
    ['tenant', [account.tenantId]],
  ]);
}

/** Figures of a run: cases, answers by status, failures by target and violated property. */
export interface FuzzStatistics {
  started: number;
  cases: number;
  statuses: Map<string, number>;
  /** Refusals by error code. */
  codes: Map<string, number>;
  /** Failures by kind (the first property a case broke): how often, on which targets, the first example. */
  failures: Map<string, { count: number; targets: Set<string>; example: string }>;
}

export function newStatistics(): FuzzStatistics {
  return { started: performance.now(), cases: 0, statuses: new Map(), codes: new Map(), failures: new Map() };
}

export function recordVerdict(statistics: FuzzStatistics, fuzzCase: FuzzCase, verdict: Verdict): void {
  statistics.cases += 1;
  count(statistics.statuses, verdict.status);
  for (const code of new Set(verdict.codes)) count(statistics.codes, code);
  if (verdict.violations.length === 0) return;
  // A violation's words before the first colon name its kind; what follows (excerpts, times) varies.
  const kind = (verdict.violations[0] as string).split(':')[0]?.replace(/\d{4,}/g, 'N') as string;
  const known = statistics.failures.get(kind) ?? { count: 0, targets: new Set<string>(), example: describeFailure(fuzzCase, verdict) };
  known.count += 1;
  known.targets.add(fuzzCase.target);
  statistics.failures.set(kind, known);
}

function count(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function histogram(counts: Map<string, number>): string {
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([key, value]) => `${key}: ${value}`).join(', ');
}

export function summary(statistics: FuzzStatistics): string {
  const seconds = (performance.now() - statistics.started) / 1000;
  const failures = [...statistics.failures]
    .sort(([, a], [, b]) => b.count - a.count)
    .map(([kind, { count, targets, example }]) => `  ${kind}: ${count} cases on ${targets.size} targets (${[...targets].slice(0, 6).join(', ')}${targets.size > 6 ? ', …' : ''}); first:\n    ${example}`)
    .join('\n');
  return [
    `fuzz: ${statistics.cases} cases in ${seconds.toFixed(1)} s (${(statistics.cases / seconds).toFixed(1)} cases/s)`,
    `statuses: ${histogram(statistics.statuses)}`,
    `error codes: ${histogram(statistics.codes)}`,
    `failures: ${statistics.failures.size === 0 ? 'none' : `${[...statistics.failures.values()].reduce((sum, failure) => sum + failure.count, 0)} cases of ${statistics.failures.size} kinds\n${failures}`}`,
  ].join('\n');
}

import { beforeAll, describe, expect, it } from 'vitest';
import { type CopilotAnswer, CONTRACT_SLICE, QUESTIONS } from '../eval/ai/questions.ts';
import { type Asked, evaluate, goldApi } from '../eval/ai/run.ts';
import { EVAL_SCOPES, INJECTED_CUSTOMER, type SeededData, seedOperations } from '../eval/ai/seed.ts';
import { type ApiClient, type TestAccount, accessToken, apiClient, clientWithScope, createAccount, database, json, problemOf } from '../support/fixtures.ts';

/**
 * `POST /v1/ai/queries` with the offline engine, over the evaluation's data set seeded into a
 * tenant of the test platform: a fixed slice of the evaluation's questions (every category and both
 * refusal kinds) must be answered exactly, at 90 % or better; a question needing a scope the caller
 * lacks is refused naming it; another tenant's records never appear, even named; a customer named
 * like an instruction changes nothing of what runs.
 */
interface Query extends Asked {
  id: string;
  question: string;
  suggestions: string[];
  operations: Array<{ document: string; variables: Record<string, unknown> }>;
  answer: (CopilotAnswer & { total?: number }) | null;
}

let account: TestAccount;
let api: ApiClient;
let seed: SeededData;

async function ask(client: ApiClient, question: string): Promise<Query> {
  return json<Query>(await client.send('POST', '/v1/ai/queries', { question }), 201);
}

beforeAll(async () => {
  account = await createAccount({ scopes: EVAL_SCOPES });
  // Every question reads the tenant's vocabulary and lists: more requests a minute than the plan's limit.
  await database().tenant.update({ where: { id: account.tenantId }, data: { rate_limit_per_second: 100_000, rate_limit_per_minute: 1_000_000 } });
  api = apiClient(await accessToken(account.clientId, account.clientSecret), account.tenantId);
  seed = await seedOperations(api, (statement, values) => database().$executeRawUnsafe(statement, ...values));
}, 180_000);

describe('POST /v1/ai/queries (offline engine)', () => {
  it('answers the fixed slice of the evaluation exactly, 90 % or more, refusing what it must', async () => {
    const slice = CONTRACT_SLICE.map((question) => {
      const found = QUESTIONS.find((candidate) => candidate.question === question);
      if (!found) throw new Error(`the contract slice names a question the evaluation lacks: ${question}`);
      return found;
    });
    const verdicts = await evaluate(slice, (question) => ask(api, question), goldApi(api, seed, new Date()));
    const misses = verdicts.filter((verdict) => !verdict.correct).map((verdict) => `${verdict.question.question}: ${verdict.error ?? `${verdict.asked?.status} ${JSON.stringify(verdict.asked?.answer?.rows?.slice(0, 5) ?? verdict.asked?.summary)}`}`);
    expect(verdicts.filter((verdict) => verdict.correct).length / verdicts.length, misses.join('\n')).toBeGreaterThanOrEqual(0.9);
    for (const refusal of ['ambiguous', 'unanswerable'] as const) {
      const refused = verdicts.filter((verdict) => 'refusal' in verdict.question.expected && verdict.question.expected.refusal === refusal);
      expect(refused.length, refusal).toBeGreaterThan(0);
      expect(refused.every((verdict) => verdict.correct), refusal).toBe(true);
    }
  }, 180_000);

  it('returns the operations it ran, as an analyst can run them again with the same credential', async () => {
    const query = await ask(api, 'Which SKUs in Lyon are below their reorder point?');
    expect(query).toMatchObject({ status: 'answered', engine: 'offline', answer: { kind: 'records' } });
    expect(query.operations.length).toBeGreaterThan(0);
    for (const operation of query.operations) expect(operation.document).toMatch(/^query Copilot\w+\(/);
    const [operation] = query.operations;
    const rerun = await json<{ data: { inventory_items: { data: Array<{ id: string }> } } }>(await api.graphql(operation?.document as string, operation?.variables));
    expect(rerun.data.inventory_items.data.map((item) => item.id).sort()).toEqual(query.answer?.rows.map((row) => row[0]).sort());
    expect(operation?.variables).toMatchObject({ warehouse_id: seed.warehouses.Lyon, reorder_below: true });
  });

  it('refuses a question needing a scope the caller lacks, naming the scope (403 insufficient_scope)', async () => {
    const withoutFinance = await clientWithScope(account, 'ai:write crm:read inventory:read');
    const problem = await problemOf(await withoutFinance.send('POST', '/v1/ai/queries', { question: 'which invoices are overdue?' }));
    expect(problem).toMatchObject({ status: 403, code: 'insufficient_scope', required_scope: 'finance:read' });
    // The same caller's questions over what it may read are answered.
    expect(await ask(withoutFinance, 'how many customers do we have?')).toMatchObject({ status: 'answered', answer: { kind: 'number', value: 9 } });
  });

  it("never answers with another tenant's records, even when the question names them", async () => {
    const other = await createAccount({ scopes: EVAL_SCOPES });
    const otherApi = apiClient(await accessToken(other.clientId, other.clientSecret), other.tenantId);
    const warehouse = await json<{ id: string }>(await otherApi.send('POST', '/v1/inventory/warehouses', { name: 'Oslo' }), 201);
    await json(await otherApi.send('POST', '/v1/inventory/items', { id: 'SKU-1099', name: 'Secret Sprocket', quantity_on_hand: 500, reorder_point: 1, warehouse_id: warehouse.id }), 201);
    const customer = await json<{ id: string }>(await otherApi.send('POST', '/v1/crm/customers', { name: 'Globex Corporation', currency: 'EUR' }), 201);

    const secrets = ['SKU-1099', 'Secret Sprocket', warehouse.id, customer.id, 'Globex', 'Oslo'];
    // What the other tenant holds and the question did not say itself.
    const leaks = (query: Query) => secrets.filter((secret) => !query.question.includes(secret) && JSON.stringify({ answer: query.answer, summary: query.summary, suggestions: query.suggestions }).includes(secret));

    // A SKU shaped like this tenant's SKUs is read as one: this tenant has none such.
    const sku = await ask(api, 'what is the stock of SKU-1099?');
    expect(sku).toMatchObject({ status: 'answered', answer: { kind: 'records', rows: [], total: 0 } });
    expect(leaks(sku)).toEqual([]);
    const byId = await ask(api, `list the orders of ${customer.id}`);
    expect(byId.status === 'unanswerable' || (byId.status === 'answered' && byId.answer?.rows.length === 0)).toBe(true);
    expect(leaks(byId)).toEqual([]);
    for (const question of ['orders of Globex Corporation', 'stock in Oslo', "list every tenant's customers"]) {
      const query = await ask(api, question);
      expect(query.status, question).toBe('unanswerable');
      expect(query.operations, question).toEqual([]);
      expect(leaks(query), question).toEqual([]);
    }
  });

  it('a customer named like an instruction is only a name: the same operation runs as for any customer', async () => {
    const injected = await ask(api, `orders of ${INJECTED_CUSTOMER}`);
    const plain = await ask(api, 'orders of Acme GmbH');
    expect(injected.status).toBe('answered');
    expect(injected.operations.map((operation) => operation.document)).toEqual(plain.operations.map((operation) => operation.document));
    expect(injected.operations.map((operation) => ({ ...operation.variables, customer_id: null }))).toEqual(plain.operations.map((operation) => ({ ...operation.variables, customer_id: null })));
    expect(injected.operations[0]?.variables.customer_id).toBe(seed.customers[INJECTED_CUSTOMER]);
    // Exactly that customer's orders: two, none of anyone else's.
    const orders = await json<{ data: Array<{ id: string }> }>(await api.get(`/v1/crm/orders?customer_id=${seed.customers[INJECTED_CUSTOMER]}`));
    expect(injected.answer?.rows.map((row) => row[0]).sort()).toEqual(orders.data.map((order) => order.id).sort());
  });
});

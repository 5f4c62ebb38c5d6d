import { createLogger } from '@platform/config';
import type { JobQueue } from '@platform/events';
import type { EventsPort } from '@platform/graphql-kit';
import { BulkMutationEngine, downloadLinkKey } from '@platform/subgraph-bulk';
import { beforeAll, describe, expect, it } from 'vitest';
import { BULK_SCOPES } from '../support/bulk.ts';
import { type ApiClient, type List, accessToken, apiClient, createAccount, database, eventually, json, platformUrl, problemOf } from '../support/fixtures.ts';
import { TEST_SECRETS_KEY } from '../support/platform-process.ts';

const SCOPES = ['crm:read', 'crm:write', ...BULK_SCOPES];
const LINES = 2200;
/** Lines the customer rules refuse, by line number: what each names. */
const BAD_LINES = new Map<number, { input: Record<string, unknown>; field: string }>([
  [7, { input: { name: '' }, field: 'name' }],
  [1000, { input: { name: 'Bad mail', email: 'not-an-address' }, field: 'email' }],
  [2199, { input: { name: 'Bad currency', currency: 'euro' }, field: 'currency' }],
]);
/** Selects the customer's open balances (finance, a scope the creator lacks) when the line asks. */
const MUTATION = 'mutation Load($input: CreateCustomerInput!, $balances: Boolean = false) { create_customer(input: $input) { id name open_balances @include(if: $balances) { currency } } }';
const SCOPE_LINE = 1500;

interface BulkMutation {
  id: string;
  status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
  upload_id: string;
  progress: { lines_total: number; lines_done: number; lines_failed: number };
  result_url: string | null;
  result_url_expires_at: string | null;
}
type ResultLine = { line: number; ok: true; data: { id: string; name: string } } | { line: number; ok: false; problem: { code: string; title: string; status: number; detail: string; errors?: Array<{ field: string; message: string }> }; data?: unknown };

function jsonl(lines: readonly unknown[]): string {
  return lines.map((line) => `${JSON.stringify(line)}\n`).join('');
}

async function upload(api: ApiClient, body: string): Promise<{ id: string; lines: number; bytes: number; expires_at: string }> {
  return json(await api.raw('POST', '/v1/bulk/uploads', body, 'application/x-ndjson'), 201);
}

/** Requests `ended` made: the test's own, against its tenant's rate limit. */
let polls = 0;

async function ended(api: ApiClient, id: string, timeoutMs = 240_000): Promise<BulkMutation> {
  return eventually(
    async () => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      polls++;
      const current = await json<BulkMutation>(await api.get(`/v1/bulk/mutations/${id}`));
      return current.status === 'queued' || current.status === 'running' ? undefined : current;
    },
    timeoutMs,
    `bulk mutation ${id} ended`,
  );
}

async function results(link: string): Promise<ResultLine[]> {
  const response = await fetch(link);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/x-ndjson');
  return (await response.text())
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as ResultLine);
}

async function customerCount(api: ApiClient): Promise<number> {
  return (await json<List<unknown>>(await api.get('/v1/crm/customers?per_page=1'))).meta.total;
}

describe('bulk mutations', () => {
  let api: ApiClient;
  let created: BulkMutation;
  let finished: BulkMutation;
  let lines: ResultLine[];
  let remainingAtCreation: number;

  beforeAll(async () => {
    // Growth: 120 requests a minute. 2,200 lines counted one by one could not run in an hour.
    const account = await createAccount({ scopes: SCOPES, plan: 'growth' });
    api = apiClient(await accessToken(account.clientId, account.clientSecret), account.tenantId);
    const body = jsonl(Array.from({ length: LINES }, (_unused, index) => {
      const line = index + 1;
      const bad = BAD_LINES.get(line);
      if (bad) return { input: bad.input };
      return { input: { name: `Loaded ${line}`, email: `loaded-${line}@example.com` }, ...(line === SCOPE_LINE && { balances: true }) };
    }));
    const started = Date.now();
    const uploaded = await upload(api, body);
    expect(uploaded).toMatchObject({ lines: LINES, bytes: Buffer.byteLength(body) });
    const response = await api.send('POST', '/v1/bulk/mutations', { mutation: MUTATION, upload_id: uploaded.id });
    remainingAtCreation = Number(response.headers.get('ratelimit-remaining'));
    created = await json<BulkMutation>(response, 201);
    polls = 0;
    finished = await ended(api, created.id);
    process.stdout.write(`bulk mutation of ${LINES} lines: ${((Date.now() - started) / 1000).toFixed(1)} s from upload to completed\n`);
    lines = await results(finished.result_url ?? '');
  }, 300_000);

  it('runs every line once, in order, with one outcome line each', async () => {
    expect(created).toMatchObject({ status: 'queued', progress: { lines_total: LINES, lines_done: 0 } });
    expect(finished).toMatchObject({ status: 'completed', progress: { lines_total: LINES, lines_done: LINES, lines_failed: BAD_LINES.size + 1 } });
    expect(lines.map((line) => line.line)).toEqual(Array.from({ length: LINES }, (_unused, index) => index + 1));
    const good = lines.filter((line) => line.ok);
    expect(good).toHaveLength(LINES - BAD_LINES.size - 1);
    for (const line of good) expect(line.data.name).toBe(`Loaded ${line.line}`);
    // Each good line's customer exists, once: every id distinct, the tenant's count exactly the good lines and the scope line's.
    expect(new Set(good.map((line) => line.data.id)).size).toBe(good.length);
    expect(await customerCount(api)).toBe(good.length + 1);
  });

  it('gives each refused line its problem naming the field at fault', () => {
    for (const [number, bad] of BAD_LINES) {
      const line = lines[number - 1];
      expect(line?.ok).toBe(false);
      if (line?.ok !== false) continue;
      expect(line.problem.status).toBeGreaterThanOrEqual(400);
      expect(line.problem.errors?.map((error) => error.field).join(' ')).toContain(bad.field);
    }
  });

  it('fails the line needing a scope the creator lacks, alone', () => {
    const line = lines[SCOPE_LINE - 1];
    expect(line).toMatchObject({ line: SCOPE_LINE, ok: false, problem: { code: 'insufficient_scope' } });
    expect(lines[SCOPE_LINE - 2]?.ok).toBe(true);
    expect(lines[SCOPE_LINE]?.ok).toBe(true);
  });

  it('counts as one request against the rate limit', async () => {
    // The lines ran paced by the engine: the tenant's window only saw the test's own requests (the polls and this one).
    const pollsDuringRun = polls;
    const after = Number((await api.get(`/v1/bulk/mutations/${created.id}`)).headers.get('ratelimit-remaining'));
    expect(remainingAtCreation).toBeGreaterThan(0);
    expect(remainingAtCreation - after).toBeLessThanOrEqual(pollsDuringRun + 1);
  });

  it('lists it, and another tenant can neither see it nor use its link for one of its own', async () => {
    const list = await json<List<BulkMutation>>(await api.get('/v1/bulk/mutations'));
    expect(list.data.map((item) => item.id)).toContain(created.id);

    const stranger = await createAccount({ scopes: SCOPES });
    const strangerApi = apiClient(await accessToken(stranger.clientId, stranger.clientSecret), stranger.tenantId);
    expect((await problemOf(await strangerApi.get(`/v1/bulk/mutations/${created.id}`))).code).toBe('not_found');
    expect((await json<List<BulkMutation>>(await strangerApi.get('/v1/bulk/mutations'))).data).toEqual([]);
    const strangerUpload = await upload(strangerApi, jsonl([{ input: { name: 'Theirs' } }]));
    const theirs = await json<BulkMutation>(await strangerApi.send('POST', '/v1/bulk/mutations', { mutation: MUTATION, upload_id: strangerUpload.id }), 201);
    // The stranger cannot run our upload either.
    expect((await problemOf(await strangerApi.send('POST', '/v1/bulk/mutations', { mutation: MUTATION, upload_id: created.upload_id }))).code).toBe('rule_violation');
    // Our link, pointed at their bulk mutation, is refused: it was signed for ours.
    const link = new URL(finished.result_url ?? '');
    const forged = `${platformUrl}/v1/bulk/mutations/${theirs.id}/results${link.search}`;
    expect((await problemOf(await fetch(forged))).code).toBe('download_link_invalid');
    expect((await problemOf(await fetch(`${platformUrl}${link.pathname}?token=${link.searchParams.get('token')?.replace(/^[0-9]+/, '99')}`))).code).toBe('download_link_invalid');
  });

  it('refuses uploads that are not JSON object lines, naming the line, and documents that are not one mutation', async () => {
    const notObject = await problemOf(await api.raw('POST', '/v1/bulk/uploads', '{"input":{"name":"a"}}\n[1,2]\n', 'application/x-ndjson'));
    expect(notObject).toMatchObject({ status: 422, code: 'rule_violation', errors: [{ field: 'lines.2' }] });
    const broken = await problemOf(await api.raw('POST', '/v1/bulk/uploads', '{"input":{"name":"a"}}\n{"input":\n', 'application/jsonl'));
    expect(broken).toMatchObject({ status: 422, errors: [{ field: 'lines.2' }] });
    expect((await problemOf(await api.raw('POST', '/v1/bulk/uploads', '{}', 'text/plain'))).status).toBe(415);
    const tooLarge = await api.raw('POST', '/v1/bulk/uploads', '{"a":1}\n'.repeat(Math.ceil((51 * 1024 * 1024) / 8)), 'application/x-ndjson');
    expect(tooLarge.status).toBe(413);

    const uploaded = await upload(api, jsonl([{ input: { name: 'x' } }]));
    for (const mutation of ['query { customers { data { id } } }', 'mutation { a: create_customer(input: { name: "a" }) { id } b: create_customer(input: { name: "b" }) { id } }', 'mutation { no_such_field }']) {
      const problem = await problemOf(await api.send('POST', '/v1/bulk/mutations', { mutation, upload_id: uploaded.id }));
      expect(problem).toMatchObject({ status: 422, code: 'rule_violation', errors: [{ field: 'mutation' }] });
    }
    // A root field whose scope the creator lacks: refused at creation, not once per line.
    const unscoped = await problemOf(await api.send('POST', '/v1/bulk/mutations', { mutation: 'mutation($input: CreateInventoryItemInput!) { create_inventory_item(input: $input) { id } }', upload_id: uploaded.id }));
    expect(unscoped).toMatchObject({ status: 403, code: 'insufficient_scope', required_scope: 'inventory:write' });
  });

  it('stops, failed with credential_revoked, once the credential that created it is revoked', async () => {
    const account = await createAccount({ scopes: SCOPES });
    const own = apiClient(await accessToken(account.clientId, account.clientSecret), account.tenantId);
    const uploaded = await upload(own, jsonl(Array.from({ length: 1000 }, (_unused, index) => ({ input: { name: `Revoked ${index + 1}` } }))));
    const created = await json<BulkMutation>(await own.send('POST', '/v1/bulk/mutations', { mutation: MUTATION, upload_id: uploaded.id }), 201);
    await database().oAuthClient.update({ where: { tenant_id_id: { tenant_id: account.tenantId, id: account.clientId } }, data: { revoked_at: new Date() } });
    // Read as the platform's operator would: the creator's own token no longer works.
    const stopped = await eventually(
      async () => {
        const record = await database().bulkMutation.findUniqueOrThrow({ where: { tenant_id_id: { tenant_id: account.tenantId, id: created.id } } });
        return record.status === 'queued' || record.status === 'running' ? undefined : record;
      },
      120_000,
      'the bulk mutation stopped',
    );
    expect(stopped).toMatchObject({ status: 'failed', error: { code: 'credential_revoked' } });
    // At most the batch under way when the client was revoked ran.
    expect(stopped.lines_done).toBeLessThan(1000);
  });

  it('never applies a line twice when its job runs again over the same lines', async () => {
    const account = await createAccount({ scopes: SCOPES });
    const token = await accessToken(account.clientId, account.clientSecret);
    const own = apiClient(token, account.tenantId);
    const small = await upload(own, jsonl([...Array.from({ length: 9 }, (_unused, index) => ({ input: { name: `Again ${index + 1}` } })), { input: { name: '' } }]));
    const first = await ended(own, (await json<BulkMutation>(await own.send('POST', '/v1/bulk/mutations', { mutation: MUTATION, upload_id: small.id }), 201)).id);
    const firstLines = await results(first.result_url ?? '');
    expect(await customerCount(own)).toBe(9);

    // As if the job had died before recording anything: progress and result file rewound, the job run again.
    const prisma = database();
    const record = await prisma.bulkMutation.update({ where: { tenant_id_id: { tenant_id: account.tenantId, id: first.id } }, data: { status: 'running', lines_done: 0, lines_failed: 0, completed_at: null } });
    await prisma.bulkFileChunk.deleteMany({ where: { tenant_id: account.tenantId, file_id: record.result_file_id } });
    await prisma.bulkFile.update({ where: { tenant_id_id: { tenant_id: account.tenantId, id: record.result_file_id } }, data: { chunk_count: 0, line_count: 0, byte_size: 0 } });
    const engine = new BulkMutationEngine({
      prisma,
      queue: { send: async () => {}, sendWithin: async () => {}, wake: () => {} } as unknown as JobQueue,
      events: { emit: async () => ({ id: 'evt_test' }) } as unknown as EventsPort,
      committed: () => {},
      // Through the platform over HTTP as the creator: the same request (path, body, Idempotency-Key) the job sends in process.
      execute: async (_principal, operation) => {
        const response = await fetch(`${platformUrl}/graphql`, {
          method: 'POST',
          headers: { ...own.headers, 'content-type': 'application/json', accept: 'application/graphql-response+json', ...(operation.idempotencyKey && { 'idempotency-key': operation.idempotencyKey }) },
          body: JSON.stringify({ query: operation.document, variables: operation.variables }),
        });
        return response.json();
      },
      downloadKey: downloadLinkKey(Buffer.from(TEST_SECRETS_KEY, 'base64')),
      resultBaseUrl: `${platformUrl}/v1/bulk/mutations`,
      rootFieldScopes: new Map(),
      logger: createLogger('silent'),
    });
    await engine.run(account.tenantId, first.id);

    const again = await json<BulkMutation>(await own.get(`/v1/bulk/mutations/${first.id}`));
    expect(again).toMatchObject({ status: 'completed', progress: { lines_done: 10, lines_failed: 1 } });
    expect(await results(again.result_url ?? '')).toEqual(firstLines);
    expect(await customerCount(own)).toBe(9);
  });
});

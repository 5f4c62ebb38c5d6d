/**
 * Benchmark: a connector sync end to end. A loopback server speaking Shopify's Admin GraphQL API
 * (the test suite's, with its cost-based throttling) holds BENCH_PRODUCTS products and
 * BENCH_ORDERS orders; one sync job of a Shopify connector reads every variant into an inventory
 * item and every order into a sales order, each written through the platform's own mutations
 * (scope checks, rules, idempotency key, event and audit record per record), then a second job
 * of a REST/JSON connector reads the loopback JSON API's records into items, and a third imports a
 * CSV file of BENCH_CSV_ROWS items uploaded to a CSV connector (the upload's time and memory
 * printed too), and a fourth pushes BENCH_PUSH_INVOICES issued invoices (their `invoice.issued`
 * events, read from the event log) to the loopback accounting API, one request each. Prints, per job,
 * records per second (records ÷ the job's run time, from `started_at` to `finished_at`), the
 * platform process's peak resident memory and its growth, and the CPU of the platform and of the
 * database.
 *
 * Run on demand, never by the test suite:   npm run bench:sync
 *
 * Environment knobs:
 *   BENCH_ORDERS     orders in the shop (default 10000)
 *   BENCH_PRODUCTS   products in the shop (default 200; some have several variants)
 *   BENCH_CSV_ROWS   rows of the CSV file (default 100000)
 *   BENCH_PUSH_INVOICES  invoices issued before the push (default 2000)
 *   BENCH_JOBS       which jobs to run, comma-separated (default shopify,rest,csv,push)
 *   DATABASE_URL     create the bench database on this PostgreSQL server instead of an embedded one
 */
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { createPrismaClient, migrateDatabase } from '@platform/db';
import { freshDatabase } from '@platform/db/testing';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import { startShopifyServer } from '../../subgraphs/integrations/test/servers/shopify-server.ts';
import { startRestApiServer } from '../../subgraphs/integrations/test/servers/rest-api-server.ts';
import { startAccountingServer } from '../../subgraphs/integrations/test/servers/accounting-server.ts';
import { INTEGRATION_SCOPES, type SyncJob, itemMapping, pushConnectorBody, restConnectorBody, shopifyConnectorBody } from '../support/connector-bodies.ts';
import { TEST_SECRETS_KEY, accessTokenFrom, spawnPlatform } from '../support/platform-process.ts';
import { countDatabaseCpu, positiveInteger, treeCpuSeconds } from './knobs.ts';

const ORDERS = positiveInteger('BENCH_ORDERS', 10_000);
const PRODUCTS = positiveInteger('BENCH_PRODUCTS', 200);
const CSV_ROWS = positiveInteger('BENCH_CSV_ROWS', 100_000);
const PUSH_INVOICES = positiveInteger('BENCH_PUSH_INVOICES', 2000);
const JOBS = new Set((process.env.BENCH_JOBS ?? 'shopify,rest,csv,push').split(','));
const DEADLINE_MS = 60 * 60_000;

/** The resident memory of a process, in MB (Linux /proc). */
async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

interface ApiClient {
  get(path: string): Promise<Response>;
  send(method: string, path: string, body: unknown): Promise<Response>;
  upload(path: string, form: FormData): Promise<Response>;
}

function apiClient(token: string, tenantId: string, baseUrl: string): ApiClient {
  const headers = { authorization: `Bearer ${token}`, 'x-service-tenant': tenantId };
  return {
    get: (path) => fetch(`${baseUrl}${path}`, { headers }),
    send: (method, path, body) => fetch(`${baseUrl}${path}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    upload: (path, form) => fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: form }),
  };
}

/** A CSV file of `rows` items (`sku,name,qty`), about 40 bytes a row (one piece: a Blob of many parts is slow for undici to send). */
function csvFile(rows: number): Blob {
  const lines = ['sku,name,qty\n'];
  for (let row = 1; row <= rows; row++) lines.push(`CSV-${row},"Imported item ${row}, boxed",${row % 50}\n`);
  return new Blob([lines.join('')], { type: 'text/csv' });
}

async function expectCreated<T>(response: Response): Promise<T> {
  if (response.status !== 201) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Runs one sync job to its end, sampling the platform's memory; returns the job and the peak. */
async function measuredSync(api: ApiClient, start: Record<string, unknown>, pid: number): Promise<{ job: SyncJob; peakMb: number }> {
  const started = await expectCreated<SyncJob>(await api.send('POST', '/v1/sync/jobs', start));
  const deadline = Date.now() + DEADLINE_MS;
  let peakMb = 0;
  for (;;) {
    peakMb = Math.max(peakMb, await residentMb(pid));
    const job = (await (await api.get(`/v1/sync/jobs/${started.id}`)).json()) as SyncJob;
    if (['succeeded', 'partially_failed', 'failed', 'cancelled'].includes(job.state)) return { job, peakMb };
    if (Date.now() > deadline) throw new Error(`the sync did not end within ${DEADLINE_MS} ms: ${JSON.stringify(job)}`);
    await sleep(250);
  }
}

/** Uploads the bench's CSV file to the connector, printing its time and the platform's memory; answers the import's start. */
async function uploaded(api: ApiClient, connectorId: string, pid: number): Promise<Record<string, unknown>> {
  const file = csvFile(CSV_ROWS);
  const form = new FormData();
  form.append('file', file, 'stock.csv');
  const baseMb = await residentMb(pid);
  let peakMb = baseMb;
  const sampler = setInterval(() => void residentMb(pid).then((mb) => (peakMb = Math.max(peakMb, mb))), 50);
  const started = performance.now();
  const upload = await expectCreated<{ id: string; byte_size: number }>(await api.upload(`/v1/connectors/${connectorId}/uploads`, form)).finally(() => clearInterval(sampler));
  const seconds = (performance.now() - started) / 1000;
  console.log(`\nCSV upload: ${(upload.byte_size / 1024 / 1024).toFixed(1)} MB in ${seconds.toFixed(1)} s (${(upload.byte_size / 1024 / 1024 / seconds).toFixed(1)} MB/s), platform RSS peak ${peakMb.toFixed(0)} MB (+${(peakMb - baseMb).toFixed(0)} MB)`);
  return { connector_id: connectorId, upload_id: upload.id };
}

function report(name: string, job: SyncJob, peakMb: number, baseMb: number, cpu: { platform: number; database: number }): void {
  const seconds = (Date.parse(job.finished_at ?? '') - Date.parse(job.started_at ?? '')) / 1000;
  console.log(`\n${name}: ${job.state}`);
  console.log(`  records        ${job.records_seen} seen, ${job.records_created} created, ${job.records_updated} updated, ${job.records_unchanged} unchanged, ${job.records_failed} failed`);
  console.log(`  run time       ${seconds.toFixed(1)} s`);
  console.log(`  throughput     ${(job.records_seen / seconds).toFixed(0)} records/s`);
  console.log(`  platform RSS   peak ${peakMb.toFixed(0)} MB (+${(peakMb - baseMb).toFixed(0)} MB over ${baseMb.toFixed(0)} MB before the job)`);
  console.log(`  CPU            platform ${((cpu.platform * 1000) / job.records_seen).toFixed(2)} ms/record, database ${((cpu.database * 1000) / job.records_seen).toFixed(2)} ms/record`);
}

/** Runs a GraphQL document of several mutations; throws unless every one answered. */
async function graphql(api: ApiClient, query: string): Promise<Record<string, { id: string }>> {
  const answer = (await (await api.send('POST', '/graphql', { query })).json()) as { data?: Record<string, { id: string }>; errors?: unknown[] };
  if (answer.errors || !answer.data) throw new Error(`graphql: ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

/**
 * Issues PUSH_INVOICES invoices (twenty a request, in GraphQL: the tenant's rate limit counts
 * requests), then creates a connector pushing `invoice.issued` to the accounting API: its push
 * with `full` sends them all (events before its rules were saved go only with a full push, so
 * nothing is pushed during set-up).
 */
async function pushConnector(api: ApiClient, customerId: string, accountingUrl: string): Promise<Record<string, unknown>> {
  const batch = 20;
  for (let issued = 0; issued < PUSH_INVOICES; issued += batch) {
    const count = Math.min(batch, PUSH_INVOICES - issued);
    const input = `{ customer_id: "${customerId}", currency: "EUR", lines: [{ description: "Bench", quantity: 1, unit_price: 1000 }] }`;
    const drafts = await graphql(api, `mutation { ${Array.from({ length: count }, (_, index) => `i${index}: create_invoice(input: ${input}) { id }`).join(' ')} }`);
    await graphql(api, `mutation { ${Object.entries(drafts).map(([alias, draft]) => `${alias}: issue_invoice(id: "${draft.id}") { id }`).join(' ')} }`);
  }
  const [issuedRule] = (pushConnectorBody(accountingUrl).config as { push: unknown[] }).push;
  const connector = await expectCreated<{ id: string }>(await api.send('POST', '/v1/connectors', pushConnectorBody(accountingUrl, { push: [issuedRule] })));
  return { connector_id: connector.id, direction: 'outbound', full: true };
}

async function main(): Promise<void> {
  const cleanups: Array<() => Promise<unknown>> = [];
  try {
    const database = await freshDatabase({ prefix: 'bench_sync' });
    cleanups.push(() => database.dispose());
    await migrateDatabase(database.url);
    const prisma = createPrismaClient(database.url, 2);
    cleanups.push(() => prisma.$disconnect());
    const shop = await startShopifyServer({ productCount: PRODUCTS, orderCount: ORDERS });
    cleanups.push(() => shop.close());
    const api2 = await startRestApiServer();
    cleanups.push(() => api2.close());
    const accounting = await startAccountingServer();
    cleanups.push(() => accounting.close());
    const platform = await spawnPlatform({ DATABASE_URL: database.url, SEED_DEMO: 'false', SECRETS_KEY: TEST_SECRETS_KEY, WEBHOOK_ALLOWED_PRIVATE_NETWORKS: '127.0.0.0/8' });
    cleanups.push(() => platform.stop());
    const pid = platform.child.pid as number;

    // A sandbox tenant: the loopback servers are plain HTTP.
    const { sandbox } = await createTenantPair(prisma, { name: 'Bench sync', plan: 'enterprise' });
    const client = await createOAuthClient(prisma, { tenantId: sandbox.id, scopes: [...INTEGRATION_SCOPES, 'finance:read', 'finance:write'] });
    const api = apiClient(await accessTokenFrom(platform, client), sandbox.id, platform.url);
    const warehouse = await expectCreated<{ id: string }>(await api.send('POST', '/v1/inventory/warehouses', { name: 'Shop' }));
    const customer = await expectCreated<{ id: string }>(await api.send('POST', '/v1/crm/customers', { name: 'Shop customers', currency: 'EUR' }));

    const shopify = await expectCreated<{ id: string }>(await api.send('POST', '/v1/connectors', { ...shopifyConnectorBody(shop), config: { shop_domain: shop.shopDomain, api_version: shop.apiVersion, base_url: shop.baseUrl, page_size: 20 } }));
    await expectCreated(
      await api.send('POST', `/v1/connectors/${shopify.id}/mappings`, {
        definition: {
          streams: {
            products: { target: 'create_inventory_item', fields: { id: `sku ? sku : 'NO-SKU-' & $substringAfter(id, 'ProductVariant/')`, name: 'title', quantity_on_hand: '1000000', reorder_point: '0', warehouse_id: `'${warehouse.id}'` } },
            orders: {
              target: 'create_order',
              fields: {
                kind: `'sales'`,
                customer_id: `'${customer.id}'`,
                currency: 'currencyCode',
                external_reference: 'name',
                lines: `[lineItems.{ 'item_id': sku ? sku : 'NO-SKU-' & $substringAfter(variant.id, 'ProductVariant/'), 'quantity': quantity, 'unit_price': $round($number(originalUnitPriceSet.shopMoney.amount) * 100) }]`,
              },
            },
          },
        },
      }),
    );
    const rest = await expectCreated<{ id: string }>(await api.send('POST', '/v1/connectors', restConnectorBody(api2.url)));
    await expectCreated(await api.send('POST', `/v1/connectors/${rest.id}/mappings`, { definition: itemMapping(warehouse.id) }));

    const csv = await expectCreated<{ id: string }>(await api.send('POST', '/v1/connectors', { name: 'Stock sheet', kind: 'csv', config: { id_column: 'sku', page_size: 100 } }));
    await expectCreated(
      await api.send('POST', `/v1/connectors/${csv.id}/mappings`, {
        definition: { streams: { rows: { target: 'create_inventory_item', fields: { id: 'sku', name: 'name', quantity_on_hand: '$number(qty)', reorder_point: '10', warehouse_id: `'${warehouse.id}'` } } } },
      }),
    );

    console.log(`Sync bench: ${shop.products.reduce((sum, product) => sum + product.variants.length, 0)} variants and ${ORDERS} orders from the loopback Shopify shop; the REST source's records; a CSV file of ${CSV_ROWS} items`);
    const jobs: Array<[string, string, () => Promise<Record<string, unknown>>]> = [
      ['shopify', 'Shopify (products, then orders)', async () => ({ connector_id: shopify.id, full: true })],
      ['rest', 'REST/JSON (items, pages of 50)', async () => ({ connector_id: rest.id, full: true })],
      ['csv', `CSV import (${CSV_ROWS} rows, pages of 100)`, () => uploaded(api, csv.id, pid)],
      ['push', `Push (${PUSH_INVOICES} issued invoices to the accounting API)`, () => pushConnector(api, customer.id, accounting.url)],
    ];
    for (const [key, name, start] of jobs.filter(([key]) => JOBS.has(key))) {
      const body = await start();
      const baseMb = await residentMb(pid);
      const databaseCpu = await countDatabaseCpu(database.url);
      const platformCpuBefore = await treeCpuSeconds(pid);
      const { job, peakMb } = await measuredSync(api, body, pid);
      report(name, job, peakMb, baseMb, { platform: (await treeCpuSeconds(pid)) - platformCpuBefore, database: await databaseCpu() });
      if (key === 'csv' && job.records_created !== CSV_ROWS) throw new Error(`the import created ${job.records_created} items of ${CSV_ROWS}`);
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error(error));
  }
}

await main();

/**
 * Benchmark: the item list at data size (issue 14, item 5). One tenant holds 1,000,000 items and
 * 100 other tenants 10,000 each; GET /v1/inventory/items is measured for the big tenant and for
 * one 10,000-item tenant, scenario by scenario, and the p95 ratio printed against the target
 * (the big tenant within x2 of the small one).
 *
 * Run on demand, never by the test suite:   npm run bench:data-size
 *
 * Environment knobs:
 *   BENCH_CONNECTIONS    concurrent connections (default 20)
 *   BENCH_DURATION       seconds measured per scenario and tenant (default 10), after a 2 s warm-up
 *   BENCH_BIG_ITEMS      items of the big tenant (default 1000000)
 *   BENCH_SMALL_TENANTS  tenants of 10,000 items (default 100; the first one is measured)
 *   BENCH_EXPLAIN        0 to skip the EXPLAIN ANALYZE summaries printed at the end (default 1)
 *   DATABASE_URL         use this PostgreSQL instead of an embedded one in a temp folder (the
 *                        bench leaves its tenants there: it is meant for a throwaway database)
 *
 * Loading, before the platform starts (so that its database probes do not meet the bulk load):
 * warehouses and items are inserted by SQL (generate_series) straight into the tables,
 * one statement per tenant; the opening-balance trigger (a stock level and a movement per item) is
 * disabled meanwhile and the stock levels are inserted in one statement per tenant instead (no
 * opening movements: the list does not read them). The counter triggers of migration 0015 stay on,
 * so the totals are the ones the API keeps. Then VACUUM ANALYZE, as a settled database would be.
 * Items: SKU-0000000.., names in random order relative to the SKU, 10 home warehouses, 20 % below
 * their reorder point (independent of the warehouse), creation times one second apart.
 *
 * Scenarios, each for both tenants (per_page=25):
 *   first page            page 1 of the whole list, with its exact total
 *   deep offset page      the middle of the list by page number (page 20,000 of the big tenant,
 *                         page 200 of the small one): OFFSET reads every row it skips
 *   keyset deep page      the same depth through `after` (cursors cycled over the middle 40 %)
 *   reorder_below=true    page 1 of the items below their reorder point
 *   warehouse_id=…        page 1 of one warehouse's items
 *   both filters          page 1 of one warehouse's items below their reorder point
 *   keyset deep, both     `after` in the middle of the list, both filters
 *   sort=name, keyset     `after` at random positions of the list sorted by name
 */
import { createHash } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PrismaClient, createPrismaClient, migrateDatabase, openDatabase } from '@platform/db';
import { type Platform, startPlatform } from '@platform/gateway';
import { encodeCursor, listOrder } from '@platform/graphql-kit';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import pg from 'pg';
import { type LoadResult, measureInWorker } from './load.ts';
import { positiveInteger } from './knobs.ts';

const PER_PAGE = 25;
const SMALL_ITEMS = 10_000;
const WAREHOUSES = 10;
const WARMUP_SECONDS = 2;
const CURSORS = 40;
const TARGET_RATIO = 2;
const CONNECTIONS = positiveInteger('BENCH_CONNECTIONS', 20);
const DURATION_SECONDS = positiveInteger('BENCH_DURATION', 10);
const BIG_ITEMS = positiveInteger('BENCH_BIG_ITEMS', 1_000_000);
const SMALL_TENANTS = positiveInteger('BENCH_SMALL_TENANTS', 100);
const EXPLAIN = process.env.BENCH_EXPLAIN !== '0';
const SCOPES = ['inventory:read'];
/** The home warehouse every warehouse scenario filters on. */
const WAREHOUSE = 'wh_bench_3';


interface BenchTenant {
  label: string;
  tenantId: string;
  items: number;
  headers: Record<string, string>;
}

interface Scenario {
  name: string;
  paths: (tenant: BenchTenant) => string[];
}

const sku = (index: number) => `SKU-${String(index).padStart(7, '0')}`;
/** The name the loader gives item `index` (md5 of the index, as the SQL below computes it). */
const itemName = (index: number) => `Item ${createHash('md5').update(String(index)).digest('hex').slice(0, 12)}`;
const list = (query: string) => `/v1/inventory/items?per_page=${PER_PAGE}${query ? `&${query}` : ''}`;

/** Cursors that start pages at positions spread over the middle 40 % of the list (by SKU). */
function idCursors(tenant: BenchTenant): string[] {
  const order = listOrder('id', { id: 'text' }, 'id');
  return Array.from({ length: CURSORS }, (_, index) => {
    const position = Math.floor(tenant.items * (0.3 + (0.4 * index) / CURSORS));
    return encodeCursor('inventory_items', order, Math.floor(position / PER_PAGE) + 2, [sku(position)]);
  });
}

/** Cursors after random items of the list sorted by name (their page numbers are nominal). */
function nameCursors(tenant: BenchTenant): string[] {
  const order = listOrder('name', { id: 'text', name: 'text' }, 'id');
  return Array.from({ length: CURSORS }, (_, index) => {
    const position = Math.floor(((index * 7919) % CURSORS) * (tenant.items / CURSORS));
    return encodeCursor('inventory_items', order, 2, [itemName(position), sku(position)]);
  });
}

const SCENARIOS: Scenario[] = [
  { name: 'first page', paths: () => [list('')] },
  { name: 'deep offset page', paths: (tenant) => [list(`page=${Math.floor(tenant.items / 2 / PER_PAGE)}`)] },
  { name: 'keyset deep page', paths: (tenant) => idCursors(tenant).map((cursor) => list(`after=${cursor}`)) },
  { name: 'reorder_below=true', paths: () => [list('reorder_below=true')] },
  { name: `warehouse_id=${WAREHOUSE}`, paths: () => [list(`warehouse_id=${WAREHOUSE}`)] },
  { name: 'both filters', paths: () => [list(`reorder_below=true&warehouse_id=${WAREHOUSE}`)] },
  { name: 'keyset deep, both filters', paths: (tenant) => idCursors(tenant).map((cursor) => list(`reorder_below=true&warehouse_id=${WAREHOUSE}&after=${cursor}`)) },
  { name: 'sort=name, keyset', paths: (tenant) => nameCursors(tenant).map((cursor) => list(`sort=name&after=${cursor}`)) },
];

// --- Loading ---------------------------------------------------------------------------------

async function createBenchTenant(prisma: PrismaClient, label: string): Promise<{ tenantId: string; clientId: string; clientSecret: string }> {
  const { production } = await createTenantPair(prisma, { name: `Data size ${label}`, plan: 'enterprise' });
  // Limits far above what the machine serves: the bench measures the list, not refusals.
  await prisma.tenant.update({ where: { id: production.id }, data: { rate_limit_per_second: 1_000_000, rate_limit_per_minute: 60_000_000 } });
  const client = await createOAuthClient(prisma, { tenantId: production.id, scopes: SCOPES, name: 'bench' });
  return { tenantId: production.id, clientId: client.client_id, clientSecret: client.client_secret };
}

/** Warehouses, items and their stock levels of one tenant, one statement each. */
async function loadItems(db: pg.PoolClient, tenantId: string, items: number): Promise<void> {
  await db.query(`INSERT INTO warehouses (tenant_id, id, name) SELECT $1, 'wh_bench_' || w, 'Warehouse ' || w FROM generate_series(0, ${WAREHOUSES - 1}) AS w`, [tenantId]);
  // r: a hash of the index in 0..99: its last digit chooses the warehouse, its first whether the
  // item is below its reorder point (r < 20), independently.
  await db.query(
    `INSERT INTO inventory_items (tenant_id, id, name, quantity_on_hand, reorder_point, warehouse_id, last_synced_at, created_at, updated_at)
     SELECT $1, 'SKU-' || lpad(i::text, 7, '0'), 'Item ' || substr(md5(i::text), 1, 12),
            CASE WHEN r < 20 THEN i % rp ELSE rp + i % 500 END, rp, 'wh_bench_' || (r % ${WAREHOUSES}),
            created, created, created + (r * interval '1 millisecond')
     FROM (SELECT i, (hashint4(i)::bigint & 2147483647) % 100 AS r, 20 + (i % 7) * 10 AS rp,
                  timestamptz '2026-01-01T00:00:00Z' + i * interval '1 second' AS created
           FROM generate_series(0, $2::int - 1) AS i) AS generated`,
    [tenantId, items],
  );
  await db.query(`INSERT INTO stock_levels (tenant_id, item_id, warehouse_id, quantity_on_hand) SELECT tenant_id, id, warehouse_id, quantity_on_hand FROM inventory_items WHERE tenant_id = $1`, [tenantId]);
}

interface LoadedTenant {
  label: string;
  tenantId: string;
  items: number;
  clientId: string;
  clientSecret: string;
}

async function loadData(databaseUrl: string): Promise<{ big: LoadedTenant; small: LoadedTenant }> {
  const prisma = createPrismaClient(databaseUrl, 2);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const db = await pool.connect();
  try {
    await db.query('SET synchronous_commit = off');
    await db.query("SET statement_timeout = '1h'");
    await db.query('ALTER TABLE inventory_items DISABLE TRIGGER inventory_items_opening_balance');
    const started = performance.now();
    const bigTenant = await createBenchTenant(prisma, '1M');
    process.stdout.write(`  ${BIG_ITEMS.toLocaleString('en')} items of the big tenant ... `);
    await loadItems(db, bigTenant.tenantId, BIG_ITEMS);
    process.stdout.write(`${((performance.now() - started) / 1000).toFixed(0)} s\n`);
    let smallTenant: Awaited<ReturnType<typeof createBenchTenant>> | undefined;
    for (let index = 0; index < SMALL_TENANTS; index++) {
      const tenant = await createBenchTenant(prisma, `10k #${index + 1}`);
      smallTenant ??= tenant;
      await loadItems(db, tenant.tenantId, SMALL_ITEMS);
      if ((index + 1) % 10 === 0) process.stdout.write(`  ${index + 1} tenants of ${SMALL_ITEMS.toLocaleString('en')} items ... ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
    }
    await db.query('ALTER TABLE inventory_items ENABLE TRIGGER inventory_items_opening_balance');
    process.stdout.write('  VACUUM ANALYZE ... ');
    await db.query('VACUUM (ANALYZE) warehouses, inventory_items, inventory_item_counts, stock_levels');
    process.stdout.write(`done, ${((performance.now() - started) / 1000).toFixed(0)} s in all\n`);
    return {
      big: { label: `${BIG_ITEMS.toLocaleString('en')}-item tenant`, items: BIG_ITEMS, ...bigTenant },
      small: { label: `${SMALL_ITEMS.toLocaleString('en')}-item tenant`, items: SMALL_ITEMS, ...(smallTenant as typeof bigTenant) },
    };
  } finally {
    db.release();
    await pool.end();
    await prisma.$disconnect();
  }
}

async function signIn(platform: Platform, tenant: LoadedTenant): Promise<BenchTenant> {
  const token = await fetchToken(platform.url, tenant.clientId, tenant.clientSecret);
  return { label: tenant.label, tenantId: tenant.tenantId, items: tenant.items, headers: { authorization: `Bearer ${token}`, 'x-service-tenant': tenant.tenantId } };
}

async function fetchToken(baseUrl: string, clientId: string, clientSecret: string): Promise<string> {
  const response = await fetch(`${baseUrl}/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, scope: SCOPES.join(' ') }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!response.ok || !body.access_token) throw new Error(`Token request failed (${response.status}): ${JSON.stringify(body)}`);
  return body.access_token;
}

// --- Checks and measurements -----------------------------------------------------------------

/** Every scenario's first path answers 200, and the totals are COUNT(*) of the matching items. */
async function checkAnswers(platform: Platform, tenants: BenchTenant[]): Promise<void> {
  const pool = new pg.Pool({ connectionString: platform.databaseUrl, max: 1 });
  try {
    for (const tenant of tenants) {
      for (const scenario of SCENARIOS) {
        const response = await fetch(`${platform.url}${scenario.paths(tenant)[0]}`, { headers: tenant.headers });
        const body = (await response.json()) as { data?: unknown[]; meta?: { total: number } };
        if (response.status !== 200 || !body.data || body.data.length === 0) throw new Error(`${tenant.label}, ${scenario.name}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
      }
      for (const [query, condition] of [
        ['', ''],
        ['reorder_below=true', ' AND quantity_on_hand < reorder_point'],
        [`warehouse_id=${WAREHOUSE}`, ` AND warehouse_id = '${WAREHOUSE}'`],
        [`reorder_below=true&warehouse_id=${WAREHOUSE}`, ` AND quantity_on_hand < reorder_point AND warehouse_id = '${WAREHOUSE}'`],
      ]) {
        const response = await fetch(`${platform.url}${list(query as string)}`, { headers: tenant.headers });
        const total = ((await response.json()) as { meta: { total: number } }).meta.total;
        const counted = Number((await pool.query(`SELECT COUNT(*) AS n FROM inventory_items WHERE tenant_id = $1 AND archived_at IS NULL${condition}`, [tenant.tenantId])).rows[0].n);
        if (total !== counted) throw new Error(`${tenant.label}, ${query || 'no filter'}: meta.total ${total}, COUNT(*) ${counted}`);
        console.log(`  ${tenant.label}, ${query || 'no filter'}: meta.total ${total.toLocaleString('en')} = COUNT(*)`);
      }
    }
  } finally {
    await pool.end();
  }
}

interface Measurement {
  scenario: Scenario;
  tenant: BenchTenant;
  result: LoadResult;
}

async function measureAll(platform: Platform, tenants: BenchTenant[]): Promise<Measurement[]> {
  const measurements: Measurement[] = [];
  for (const scenario of SCENARIOS) {
    for (const tenant of tenants) {
      const spec = { origin: platform.url, path: '/v1/inventory/items', pages: 1, paths: scenario.paths(tenant), headers: tenant.headers, connections: CONNECTIONS };
      process.stdout.write(`  ${scenario.name} / ${tenant.label}: warm-up ${WARMUP_SECONDS} s, measure ${DURATION_SECONDS} s ... `);
      await measureInWorker({ ...spec, durationSeconds: WARMUP_SECONDS });
      const result = await measureInWorker({ ...spec, durationSeconds: DURATION_SECONDS });
      process.stdout.write(`${Math.round(result.requestsPerSecond)} req/s, p95 ${formatMs(result.p95)} ms\n`);
      measurements.push({ scenario, tenant, result });
    }
  }
  return measurements;
}

function formatMs(value: number): string {
  return Number.isNaN(value) ? 'n/a' : value.toFixed(1);
}

function printTable(measurements: Measurement[], small: BenchTenant, big: BenchTenant): void {
  const size = (items: number) => (items >= 1_000_000 ? `${items / 1_000_000}M` : `${items / 1000}k`);
  const [s, b] = [size(small.items), size(big.items)];
  const header = ['scenario', `${s} req/s`, `${s} p50`, `${s} p95`, `${b} req/s`, `${b} p50`, `${b} p95`, 'p95 ratio', `<= x${TARGET_RATIO}`];
  const rows = SCENARIOS.map((scenario) => {
    const of = (tenant: BenchTenant) => measurements.find((m) => m.scenario === scenario && m.tenant === tenant)?.result as LoadResult;
    const [a, b] = [of(small), of(big)];
    const ratio = b.p95 / a.p95;
    return [scenario.name, a.requestsPerSecond.toFixed(0), formatMs(a.p50), formatMs(a.p95), b.requestsPerSecond.toFixed(0), formatMs(b.p50), formatMs(b.p95), `x${ratio.toFixed(2)}`, ratio <= TARGET_RATIO ? 'yes' : 'NO'];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] as string).length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] as number) : cell.padStart(widths[column] as number))).join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

function warnOnFailures(measurements: Measurement[]): boolean {
  const failed = measurements.filter(({ result }) => result.non2xx > 0 || result.errors > 0);
  for (const { scenario, tenant, result } of failed) {
    console.warn(`WARNING: ${scenario.name} / ${tenant.label}: ${result.non2xx} non-2xx responses, ${result.errors} errors; status codes ${JSON.stringify(result.statusCodes)}`);
  }
  return failed.length === 0;
}

// --- EXPLAIN ANALYZE: the list's statements before and after migration 0015 ----------------------

const ITEM_COLUMNS = 'tenant_id, id, name, quantity_on_hand, reorder_point, warehouse_id, allow_backorder, version, last_synced_at, created_at, updated_at, archived_at';
/** The indexes migration 0015 added: dropped (in a transaction rolled back) to show the plans before it. */
const NEW_INDEXES = [
  'inventory_items_tenant_id_name_id_idx',
  'inventory_items_tenant_id_quantity_on_hand_id_idx',
  'inventory_items_tenant_id_created_at_id_idx',
  'inventory_items_tenant_id_updated_at_id_idx',
  'inventory_items_below_reorder_point_idx',
  'inventory_items_below_reorder_point_warehouse_idx',
  'inventory_items_archived_idx',
];

/** The statement the item list ran before: COUNT(*) of the matching items joined to an OFFSET page. */
function statementBefore(condition: string, order: string, offset: number): string {
  const where = `tenant_id = $1 AND archived_at IS NULL${condition}`;
  return `SELECT counted.total, page.* FROM (SELECT COUNT(*) AS total FROM inventory_items WHERE ${where}) AS counted
          LEFT JOIN LATERAL (SELECT ${ITEM_COLUMNS} FROM inventory_items WHERE ${where} ORDER BY ${order} LIMIT ${PER_PAGE} OFFSET ${offset}) AS page ON true`;
}

/** The statement of subgraphs/inventory/src/repositories/items.ts listItems (keep them alike). */
function statementAfter(condition: string, countCondition: string, order: string, offset: number, keyset = ''): string {
  return `SELECT counted.total, counted.counter_rows, counted.buckets, page.* FROM (
            SELECT COALESCE(SUM(items), 0)::bigint AS total, COUNT(*) AS counter_rows, COUNT(DISTINCT (warehouse_id, below_reorder_point)) AS buckets
            FROM inventory_item_counts WHERE tenant_id = $1 AND archived = false${countCondition}) AS counted
          LEFT JOIN LATERAL (SELECT ${ITEM_COLUMNS} FROM inventory_items WHERE tenant_id = $1 AND archived_at IS NULL${condition}${keyset}
                             ORDER BY ${order} LIMIT ${PER_PAGE + 1} OFFSET ${offset}) AS page ON true`;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Actual Total Time'?: number;
  Plans?: PlanNode[];
}

function planLines(node: PlanNode, depth = 0): string[] {
  const target = node['Index Name'] ? ` using ${node['Index Name']}` : node['Relation Name'] ? ` on ${node['Relation Name']}` : '';
  const line = `${'  '.repeat(depth)}${node['Node Type']}${target} (rows ${node['Actual Rows']}, loops ${node['Actual Loops']}, ${node['Actual Total Time']?.toFixed(1)} ms)`;
  return [line, ...(node.Plans ?? []).flatMap((child) => planLines(child, depth + 1))];
}

async function explainAll(platform: Platform, big: BenchTenant): Promise<void> {
  const pool = new pg.Pool({ connectionString: platform.databaseUrl, max: 1 });
  const db = await pool.connect();
  const middle = Math.floor(big.items / 2);
  const deep = middle - (middle % PER_PAGE);
  const below = ' AND quantity_on_hand < reorder_point';
  const inWarehouse = ` AND warehouse_id = '${WAREHOUSE}'`;
  const cases: Array<[string, string, string]> = [
    ['first page', statementBefore('', 'id', 0), statementAfter('', '', 'id', 0)],
    ['deep offset page', statementBefore('', 'id', deep), statementAfter('', '', 'id', deep)],
    ['keyset deep page', statementBefore('', 'id', deep), statementAfter('', '', 'id', 0, ` AND ("id") > ('${sku(middle)}')`)],
    ['reorder_below=true', statementBefore(below, 'id', 0), statementAfter(below, ' AND below_reorder_point = true', 'id', 0)],
    ['warehouse_id', statementBefore(inWarehouse, 'id', 0), statementAfter(inWarehouse, ` AND warehouse_id = '${WAREHOUSE}'`, 'id', 0)],
    ['both filters', statementBefore(below + inWarehouse, 'id', 0), statementAfter(below + inWarehouse, ` AND below_reorder_point = true AND warehouse_id = '${WAREHOUSE}'`, 'id', 0)],
    ['sort=name, first page', statementBefore('', 'name, id', 0), statementAfter('', '', 'name, id', 0)],
    ['sort=-updated_at, first page', statementBefore('', 'updated_at DESC, id DESC', 0), statementAfter('', '', 'updated_at DESC, id DESC', 0)],
  ];
  const explain = async (sql: string) => {
    const { rows } = await db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, [big.tenantId]);
    const [plan] = rows[0]['QUERY PLAN'] as Array<{ Plan: PlanNode; 'Execution Time': number }>;
    return plan as { Plan: PlanNode; 'Execution Time': number };
  };
  try {
    for (const [name, before, after] of cases) {
      // Each statement once before, to measure it warm.
      await db.query('BEGIN');
      await db.query(`DROP INDEX ${NEW_INDEXES.join(', ')}`);
      await db.query(before.replace('SELECT', 'SELECT /* warm */'), [big.tenantId]);
      const planBefore = await explain(before);
      await db.query('ROLLBACK');
      await db.query(after, [big.tenantId]);
      const planAfter = await explain(after);
      console.log(`\n${name} (${big.label}): before ${planBefore['Execution Time'].toFixed(1)} ms, after ${planAfter['Execution Time'].toFixed(1)} ms`);
      console.log(`  before (COUNT(*) + OFFSET, without the indexes of migration 0015):\n${planLines(planBefore.Plan, 2).join('\n')}`);
      console.log(`  after:\n${planLines(planAfter.Plan, 2).join('\n')}`);
    }
  } finally {
    await db.query('ROLLBACK').catch(() => undefined);
    db.release();
    await pool.end();
  }
}

// --- Main --------------------------------------------------------------------------------------

async function makeDataDir(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'platform-bench-data-size-'));
  // As root, embedded PostgreSQL runs as the `postgres` user, which must enter the folder.
  if (process.getuid?.() === 0) await chmod(dataDir, 0o755);
  return dataDir;
}

async function main(): Promise<number> {
  const dataDir = await makeDataDir();
  const database = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL });
  let platform: Platform | undefined;
  try {
    console.log('Loading data ...');
    await migrateDatabase(database.url);
    const loaded = await loadData(database.url);
    console.log('Starting the platform ...');
    platform = await startPlatform({ port: 0, host: '127.0.0.1', dataDir, databaseUrl: database.url, logLevel: 'silent', seedDemo: false });
    const [big, small] = [await signIn(platform, loaded.big), await signIn(platform, loaded.small)];
    console.log('Checking answers and totals ...');
    await checkAnswers(platform, [small, big]);
    console.log('Measuring:');
    const measurements = await measureAll(platform, [small, big]);

    const cpu = cpus();
    console.log(`\nGET /v1/inventory/items at data size (issue 14, item 5)`);
    console.log(`Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, ${process.platform}/${process.arch}; PostgreSQL ${process.env.DATABASE_URL ? 'external (DATABASE_URL)' : 'embedded'}`);
    console.log(`Data: ${BIG_ITEMS.toLocaleString('en')} items in one tenant, ${SMALL_TENANTS} tenants of ${SMALL_ITEMS.toLocaleString('en')}; ${WAREHOUSES} warehouses each, 20 % below the reorder point`);
    console.log(`Load: autocannon, ${CONNECTIONS} connections, ${DURATION_SECONDS} s per run after a ${WARMUP_SECONDS} s warm-up, per_page=${PER_PAGE}; latencies in ms over every 2xx response\n`);
    printTable(measurements, small, big);
    if (EXPLAIN) await explainAll(platform, big);
    return warnOnFailures(measurements) ? 0 : 1;
  } finally {
    await platform?.stop();
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// Exit explicitly: a forgotten handle (pool, timer, exit hook) must not keep a finished bench alive.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

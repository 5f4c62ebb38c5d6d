// The bench's floor: a bare node:http server over a pg.Pool answering
// GET /v1/inventory/items with the same SQL statement as the platform's list (the kept count of
// the filter, see migration 0015, joined to a page of one row more than asked ordered by id, see the
// inventory subgraph's items repository), and the same `{ data, meta }` JSON, next_cursor included.
// No authentication, no GraphQL, no validation beyond page numbers.
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeCursor, listOrder } from '@platform/graphql-kit';
import pg from 'pg';

export interface Baseline {
  url: string;
  stop(): Promise<void>;
}

interface ListQuery {
  page: number;
  perPage: number;
  reorderBelow: boolean | undefined;
}

interface ItemRow {
  tenant_id: string;
  id: string;
  name: string;
  quantity_on_hand: number;
  reorder_point: number;
  warehouse_id: string;
  allow_backorder: boolean;
  version: number;
  last_synced_at: Date;
  created_at: Date;
  updated_at: Date;
  archived_at: Date | null;
}

const ITEMS_PATH = '/v1/inventory/items';
/** The platform's Prisma pool size (createPrismaClient's default). */
const POOL_SIZE = 10;
const COLUMNS = ['tenant_id', 'id', 'name', 'quantity_on_hand', 'reorder_point', 'warehouse_id', 'allow_backorder', 'version', 'last_synced_at', 'created_at', 'updated_at', 'archived_at'];
/** The platform's cursors of the list by SKU (the next page's cursor is part of the JSON compared). */
const BY_ID = listOrder('id', { id: 'text' }, 'id');

/** Starts the baseline on 127.0.0.1 (random port), serving the items of one tenant. */
export async function startBaseline(databaseUrl: string, tenantId: string): Promise<Baseline> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  // An idle client's error (e.g. PostgreSQL shutting down) is emitted on the pool; unhandled, it kills the process.
  pool.on('error', (error) => console.warn(`baseline: idle PostgreSQL client failed: ${error.message}`));
  const server = createServer((request, response) => {
    handle(pool, tenantId, request, response).catch((error: unknown) => send(response, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await closeServer(server);
      await endPool(pool);
    },
  };
}

async function handle(pool: pg.Pool, tenantId: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://baseline');
  if (request.method !== 'GET' || url.pathname !== ITEMS_PATH) return send(response, 404, { error: 'not_found' });
  const query = parseListQuery(url.searchParams);
  if (!query) return send(response, 400, { error: 'invalid_parameter' });
  const { total, rows } = await listItems(pool, tenantId, query);
  const page = rows.slice(0, query.perPage);
  const last = page.at(-1);
  const nextCursor = rows.length > query.perPage && last ? encodeCursor('inventory_items', BY_ID, query.page + 1, [last.id]) : null;
  send(response, 200, { data: page.map(toRestItem), meta: { total, page: query.page, per_page: query.perPage, next_cursor: nextCursor } });
}

function parseListQuery(params: URLSearchParams): ListQuery | undefined {
  const page = Number(params.get('page') ?? 1);
  const perPage = Number(params.get('per_page') ?? 25);
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(perPage) || perPage < 1 || perPage > 100) return undefined;
  const reorder = params.get('reorder_below');
  return { page, perPage, reorderBelow: reorder === null ? undefined : reorder === 'true' };
}

/** The statement of the platform's listItems (see the inventory subgraph's items repository). */
async function listItems(pool: pg.Pool, tenantId: string, query: ListQuery): Promise<{ total: number; rows: ItemRow[] }> {
  const where = whereClause(query.reorderBelow);
  const counted = query.reorderBelow === undefined ? '' : ` AND below_reorder_point = ${query.reorderBelow}`;
  const { rows } = await pool.query<{ total: string } & (ItemRow | Record<keyof ItemRow, null>)>(
    `SELECT counted.total, counted.counter_rows, counted.buckets, page.*
     FROM (
       SELECT COALESCE(SUM(items), 0)::bigint AS total, COUNT(*) AS counter_rows, COUNT(DISTINCT (warehouse_id, below_reorder_point)) AS buckets
       FROM inventory_item_counts WHERE tenant_id = $1 AND archived = false${counted}
     ) AS counted
     LEFT JOIN LATERAL (
       SELECT ${COLUMNS.join(', ')} FROM inventory_items WHERE ${where} ORDER BY id ASC LIMIT $2 OFFSET $3
     ) AS page ON true`,
    [tenantId, query.perPage + 1, (query.page - 1) * query.perPage],
  );
  return { total: Number(rows[0]?.total ?? 0), rows: rows.filter((row): row is { total: string } & ItemRow => row.id !== null) };
}

/** As the platform's list: the tenant's items that are not archived. */
function whereClause(reorderBelow: boolean | undefined): string {
  if (reorderBelow === true) return 'tenant_id = $1 AND archived_at IS NULL AND quantity_on_hand < reorder_point';
  if (reorderBelow === false) return 'tenant_id = $1 AND archived_at IS NULL AND NOT (quantity_on_hand < reorder_point)';
  return 'tenant_id = $1 AND archived_at IS NULL';
}

/** The REST representation: the fields the platform's REST facade returns, timestamps as ISO strings. */
function toRestItem(row: ItemRow) {
  return {
    id: row.id,
    name: row.name,
    quantity_on_hand: row.quantity_on_hand,
    reorder_point: row.reorder_point,
    warehouse_id: row.warehouse_id,
    allow_backorder: row.allow_backorder,
    version: row.version,
    last_synced_at: row.last_synced_at.toISOString(),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    archived_at: row.archived_at?.toISOString() ?? null,
  };
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  response.end(json);
}

/** pool.end() resolves before its clients have disconnected; wait for them too. */
async function endPool(pool: pg.Pool): Promise<void> {
  const open = pool.totalCount;
  let removed = 0;
  const disconnected = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      if (++removed >= open) resolve();
    });
  });
  await pool.end();
  await disconnected;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

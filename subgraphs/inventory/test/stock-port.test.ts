// The StockPort as other domains call it: in their own transaction, with order sources and the
// field paths of their order lines. No HTTP: the port has no REST or GraphQL surface.
import { type PrismaClient, createPrismaClient, migrateDatabase } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import type { ApiError } from '@platform/errors';
import type { EventEmitter, EventsPort, NewEvent, StockChange } from '@platform/graphql-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockPort } from '../src/stock-port.ts';
import { deleteInventoryData } from '../src/tenant-data.ts';

const TENANT = 'ten_port_test';
const OTHER = 'ten_port_other';

let database: FreshDatabase;
let prisma: PrismaClient;

beforeAll(async () => {
  database = await freshDatabase({ prefix: 'inventory_port' });
  await migrateDatabase(database.url);
  prisma = createPrismaClient(database.url, 4);
  for (const tenant of [TENANT, OTHER]) {
    await prisma.warehouse.createMany({ data: [{ tenant_id: tenant, id: 'wh_a', name: 'A' }, { tenant_id: tenant, id: 'wh_b', name: 'B' }] });
  }
  const now = new Date();
  // Inserted directly: the opening-balance trigger gives them their levels and movements.
  await prisma.inventoryItem.createMany({
    data: [
      { tenant_id: TENANT, id: 'P-1', name: 'one', quantity_on_hand: 10, reorder_point: 0, warehouse_id: 'wh_a', last_synced_at: now },
      { tenant_id: TENANT, id: 'P-2', name: 'two', quantity_on_hand: 1, reorder_point: 0, warehouse_id: 'wh_b', last_synced_at: now },
      { tenant_id: TENANT, id: 'P-BO', name: 'backorder', quantity_on_hand: 0, reorder_point: 0, warehouse_id: 'wh_a', allow_backorder: true, last_synced_at: now },
      { tenant_id: TENANT, id: 'P-OLD', name: 'archived', quantity_on_hand: 3, reorder_point: 0, warehouse_id: 'wh_a', archived_at: now, last_synced_at: now },
      { tenant_id: OTHER, id: 'P-THEIRS', name: 'theirs', quantity_on_hand: 5, reorder_point: 0, warehouse_id: 'wh_a', last_synced_at: now },
    ],
  });
});

afterAll(async () => {
  await prisma?.$disconnect();
  await database?.dispose();
});

/** Records the events the port emits (the bus itself is tested in @platform/events). */
const emitted: NewEvent[] = [];
const emitter: EventEmitter = {
  events: { emit: async (_tx, _tenantId, event) => (emitted.push(event), { id: `evt_${emitted.length}` }) } as Pick<EventsPort, 'emit'> as EventsPort,
  source: { type: 'platform' },
};

const order = { type: 'sales_order' as const, id: 'ord_1', line_id: 'line_1' };
const change = (overrides: Partial<StockChange>): StockChange => ({ item_id: 'P-1', quantity: -1, kind: 'fulfilment', source: order, field: 'lines.0.quantity', ...overrides });

async function refusedWith(changes: StockChange[]): Promise<{ code: string; errors: Array<{ field: string }> }> {
  try {
    await prisma.$transaction((tx) => stockPort.applyStockChanges(tx, TENANT, changes, emitter));
  } catch (error) {
    const extensions = (error as ApiError).extensions as { code: string; errors: Array<{ field: string }> };
    return { code: extensions.code, errors: extensions.errors };
  }
  throw new Error('the changes were applied');
}

const snapshot = async () => ({
  items: await prisma.inventoryItem.findMany({ where: { tenant_id: TENANT }, orderBy: { id: 'asc' } }),
  levels: await prisma.stockLevel.findMany({ where: { tenant_id: TENANT }, orderBy: [{ item_id: 'asc' }, { warehouse_id: 'asc' }] }),
  movements: await prisma.stockMovement.count({ where: { tenant_id: TENANT } }),
});

describe('StockPort', () => {
  it('gives directly inserted items an opening balance (level and movement)', async () => {
    expect(await prisma.stockLevel.findUnique({ where: { tenant_id_item_id_warehouse_id: { tenant_id: TENANT, item_id: 'P-1', warehouse_id: 'wh_a' } } })).toMatchObject({ quantity_on_hand: 10 });
    expect(await prisma.stockMovement.findMany({ where: { tenant_id: TENANT, item_id: 'P-1' } })).toMatchObject([{ kind: 'adjustment', quantity: 10, quantity_after: 10, reason: 'Opening balance' }]);
    expect(await prisma.stockMovement.count({ where: { tenant_id: TENANT, item_id: 'P-BO' } })).toBe(0);
  });

  it('applies fulfilments and receipts in the caller’s transaction, writing their sources', async () => {
    await prisma.$transaction((tx) =>
      stockPort.applyStockChanges(
        tx,
        TENANT,
        [
          change({ quantity: -4 }),
          change({ item_id: 'P-2', quantity: 6, kind: 'receipt', warehouse_id: 'wh_a', source: { type: 'purchase_order', id: 'po_1' }, field: 'lines.1.quantity' }),
        ],
        emitter,
      ),
    );
    const items = await prisma.inventoryItem.findMany({ where: { tenant_id: TENANT, id: { in: ['P-1', 'P-2'] } }, orderBy: { id: 'asc' } });
    expect(items.map(({ id, quantity_on_hand, version }) => ({ id, quantity_on_hand, version }))).toEqual([
      { id: 'P-1', quantity_on_hand: 6, version: 2 },
      { id: 'P-2', quantity_on_hand: 7, version: 2 },
    ]);
    const movements = await prisma.stockMovement.findMany({ where: { tenant_id: TENANT, OR: [{ source_id: 'ord_1' }, { source_id: 'po_1' }] }, orderBy: { seq: 'asc' } });
    expect(movements.map(({ item_id, warehouse_id, kind, quantity, quantity_after, source_type, source_id, source_line_id }) => ({ item_id, warehouse_id, kind, quantity, quantity_after, source_type, source_id, source_line_id }))).toEqual([
      { item_id: 'P-1', warehouse_id: 'wh_a', kind: 'fulfilment', quantity: -4, quantity_after: 6, source_type: 'sales_order', source_id: 'ord_1', source_line_id: 'line_1' },
      { item_id: 'P-2', warehouse_id: 'wh_a', kind: 'receipt', quantity: 6, quantity_after: 6, source_type: 'purchase_order', source_id: 'po_1', source_line_id: null },
    ]);
  });

  it('refuses the whole set when any level would go negative, naming every change at fault, writing nothing', async () => {
    const before = await snapshot();
    const refused = await refusedWith([change({ quantity: -2, field: 'lines.0.quantity' }), change({ item_id: 'P-2', quantity: -2, field: 'lines.1.quantity' }), change({ quantity: -5, field: 'lines.2.quantity' })]);
    // P-1 has 6: -2 then -5 leaves -1 (line 2); P-2 has 1 in its home wh_b (line 1).
    expect(refused).toEqual({ code: 'insufficient_stock', errors: [expect.objectContaining({ field: 'lines.1.quantity' }), expect.objectContaining({ field: 'lines.2.quantity' })] });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses wrong signs (validation_failed), then unknown, archived and other tenants’ SKUs and unknown warehouses (rule_violation), at each field', async () => {
    const before = await snapshot();
    const refused = await refusedWith([
      change({ item_id: 'NOPE', field: 'lines.0.item_id' }),
      change({ item_id: 'P-OLD', field: 'lines.1.item_id' }),
      change({ item_id: 'P-THEIRS', field: 'lines.2.item_id' }),
      change({ warehouse_id: 'wh_nope', field: 'lines.3.quantity' }),
      change({ quantity: 1, field: 'lines.4.quantity' }),
    ]);
    expect(refused.code).toBe('validation_failed');
    // The sign is checked first, on its own.
    expect(refused.errors.map((error) => error.field)).toEqual(['lines.4.quantity']);
    const unknown = await refusedWith([
      change({ item_id: 'NOPE', field: 'lines.0.item_id' }),
      change({ item_id: 'P-OLD', field: 'lines.1.item_id' }),
      change({ item_id: 'P-THEIRS', field: 'lines.2.item_id' }),
      change({ warehouse_id: 'wh_nope', field: 'lines.3.quantity' }),
    ]);
    expect(unknown).toEqual({ code: 'rule_violation', errors: ['lines.0.item_id', 'lines.1.item_id', 'lines.2.item_id', 'lines.3.quantity'].map((field) => expect.objectContaining({ field })) });
    expect(await snapshot()).toEqual(before);
  });

  it('lets backorder items go negative', async () => {
    emitted.length = 0;
    await prisma.$transaction((tx) => stockPort.applyStockChanges(tx, TENANT, [change({ item_id: 'P-BO', quantity: -3 })], emitter));
    expect((await prisma.inventoryItem.findUniqueOrThrow({ where: { tenant_id_id: { tenant_id: TENANT, id: 'P-BO' } } })).quantity_on_hand).toBe(-3);
    // 0 → -3 with a reorder point of 0: the item went below it.
    expect(emitted.map((event) => [event.type, event.resource?.id])).toEqual([['inventory.stock.low', 'P-BO']]);
  });

  it('rolls back with the caller’s transaction', async () => {
    const before = await snapshot();
    await expect(
      prisma.$transaction(async (tx) => {
        await stockPort.applyStockChanges(tx, TENANT, [change({ quantity: -1 })], emitter);
        throw new Error('the order could not be saved');
      }),
    ).rejects.toThrow('the order could not be saved');
    expect(await snapshot()).toEqual(before);
  });

  it('existingItemIds reports the tenant’s active SKUs only', async () => {
    expect(await stockPort.existingItemIds(prisma, TENANT, ['P-1', 'P-OLD', 'P-THEIRS', 'NOPE', 'P-2', 'P-1'])).toEqual(new Set(['P-1', 'P-2']));
    expect(await stockPort.existingItemIds(prisma, TENANT, [])).toEqual(new Set());
  });

  it('keeps movements append-only: no UPDATE, no DELETE outside a purge of the same tenant', async () => {
    await expect(prisma.$executeRaw`UPDATE stock_movements SET quantity = quantity WHERE tenant_id = ${TENANT}`).rejects.toThrow(/append-only/);
    await expect(prisma.$executeRaw`DELETE FROM stock_movements WHERE tenant_id = ${TENANT}`).rejects.toThrow(/append-only/);
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT set_config('platform.purge_tenant', ${OTHER}, true)`;
        await tx.$executeRaw`DELETE FROM stock_movements WHERE tenant_id = ${TENANT}`;
      }),
    ).rejects.toThrow(/append-only/);
    // The sandbox reset purges one tenant and leaves the other alone.
    await prisma.$transaction((tx) => deleteInventoryData(tx, OTHER));
    expect(await prisma.stockMovement.count({ where: { tenant_id: OTHER } })).toBe(0);
    expect(await prisma.inventoryItem.count({ where: { tenant_id: OTHER } })).toBe(0);
    expect(await prisma.stockMovement.count({ where: { tenant_id: TENANT } })).toBeGreaterThan(0);
    // The setting ended with that transaction.
    await expect(prisma.$executeRaw`DELETE FROM stock_movements WHERE tenant_id = ${TENANT}`).rejects.toThrow(/append-only/);
  });
});

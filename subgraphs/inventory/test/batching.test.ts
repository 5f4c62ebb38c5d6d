// The inventory subgraph resolves navigation and entity representations in batches: a page of 50
// items with their warehouses, stock levels (and their warehouses) and latest movements costs the
// same number of SQL statements as a page of 5. Runs the subgraph schema directly and counts every
// statement its Prisma client sends.
import type { EventsPort } from '@platform/graphql-kit';
import { type SubgraphHarness, type TestRequest, startSubgraphHarness } from '@platform/graphql-kit/testing';
import { type DocumentNode, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInventorySchema } from '../src/schema.ts';
import { stockPort } from '../src/stock-port.ts';

const TENANT = 'ten_batching';
const REQUEST: TestRequest = { tenantId: TENANT, scopes: ['inventory:read'], platform: { stock: stockPort } };

let harness: SubgraphHarness;
const schema = buildInventorySchema();

beforeAll(async () => {
  harness = await startSubgraphHarness({ prefix: 'inventory_batching', poolSize: 4 });
  const { prisma } = harness;
  await prisma.warehouse.createMany({ data: [0, 1, 2].map((index) => ({ tenant_id: TENANT, id: `wh_${index}`, name: `Warehouse ${index}` })) });
  const now = new Date();
  await prisma.inventoryItem.createMany({
    data: Array.from({ length: 50 }, (_, index) => ({ tenant_id: TENANT, id: `B-${String(index).padStart(2, '0')}`, name: `Item ${index}`, quantity_on_hand: 100, reorder_point: 0, warehouse_id: `wh_${index % 3}`, last_synced_at: now })),
  });
  // Stock in a second warehouse and a few more movements per item.
  await prisma.$transaction((tx) =>
    stockPort.applyStockChanges(
      tx,
      TENANT,
      Array.from({ length: 50 }, (_, index) => ({ item_id: `B-${String(index).padStart(2, '0')}`, warehouse_id: `wh_${(index + 1) % 3}`, quantity: 5, kind: 'receipt' as const, source: { type: 'purchase_order' as const, id: 'po_1' }, field: `lines.${index}.quantity` })),
      // Receipts only: nothing goes below a reorder point, nothing is emitted.
      { events: { emit: () => Promise.reject(new Error('no event expected')) } as Pick<EventsPort, 'emit'> as EventsPort, source: { type: 'platform' } },
    ),
  );
});

afterAll(async () => {
  await harness?.stop();
});

async function run(document: DocumentNode, variables: Record<string, unknown>) {
  const { data, statements } = await harness.run(schema, document, { request: REQUEST, variables });
  return { data, count: statements.length };
}

describe('batched resolution', () => {
  const page = parse(`query($perPage: Int) {
    inventory_items(per_page: $perPage) {
      data { id warehouse { name } stock_levels { quantity_on_hand warehouse { name } } movements(per_page: 3) { kind quantity } }
    }
  }`);

  it('a page of 50 items with navigation costs as many statements as a page of 5', async () => {
    const five = await run(page, { perPage: 5 });
    const fifty = await run(page, { perPage: 50 });
    const items = (fifty.data.inventory_items as { data: Array<{ id: string; warehouse: { name: string }; stock_levels: Array<{ quantity_on_hand: number; warehouse: { name: string } }>; movements: Array<{ kind: string; quantity: number }> }> }).data;
    expect(items).toHaveLength(50);
    expect(items[1]).toEqual({
      id: 'B-01',
      warehouse: { name: 'Warehouse 1' },
      stock_levels: [
        { quantity_on_hand: 100, warehouse: { name: 'Warehouse 1' } },
        { quantity_on_hand: 5, warehouse: { name: 'Warehouse 2' } },
      ],
      movements: [
        { kind: 'receipt', quantity: 5 },
        { kind: 'adjustment', quantity: 100 },
      ],
    });
    expect(fifty.count, `${five.count} statements for 5 items, ${fifty.count} for 50`).toBe(five.count);
    // The list, the warehouses (home and levels' share one loader per tick), the levels, the movements.
    expect(fifty.count).toBeLessThanOrEqual(5);
  });

  const entities = parse(`query($representations: [_Any!]!) {
    _entities(representations: $representations) {
      ... on InventoryItem { id quantity_on_hand warehouse { id } }
      ... on Warehouse { id name }
    }
  }`);

  it('resolves entity representations with one statement per type, whatever their number', async () => {
    const representations = (count: number) => [
      ...Array.from({ length: count }, (_, index) => ({ __typename: 'InventoryItem', id: `B-${String(index).padStart(2, '0')}` })),
      { __typename: 'InventoryItem', id: 'NOPE' },
      ...[0, 1, 2].map((index) => ({ __typename: 'Warehouse', id: `wh_${index}` })),
    ];
    const few = await run(entities, { representations: representations(2) });
    const many = await run(entities, { representations: representations(50) });
    const resolved = many.data._entities as Array<{ id: string; quantity_on_hand?: number; warehouse?: { id: string }; name?: string } | null>;
    expect(resolved).toHaveLength(54);
    expect(resolved[0]).toEqual({ id: 'B-00', quantity_on_hand: 105, warehouse: { id: 'wh_0' } });
    expect(resolved[50]).toBeNull();
    expect(resolved[51]).toEqual({ id: 'wh_0', name: 'Warehouse 0' });
    expect(many.count, `${few.count} statements for 5 representations, ${many.count} for 53`).toBe(few.count);
    expect(many.count).toBeLessThanOrEqual(3);
  });
});

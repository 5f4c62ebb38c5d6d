/** Sends one POST through the API and returns the record it created (throws on any other answer). */
export type CreateThroughApi = (path: string, body?: unknown) => Promise<{ id: string }>;

/**
 * A tenant's sales history, through the API: 2 warehouses (East, West), 20 items (SKU-0…SKU-19, costing 100 + n cents),
 * 10 customers (Customer 0…9, EUR), 100 sales orders of 3 lines, each confirmed, invoiced and the
 * invoice issued (so it has its ledger entry): what cross-subgraph queries read.
 */
export async function seedSalesHistory(create: CreateThroughApi): Promise<void> {
  const warehouses = [await create('/v1/inventory/warehouses', { name: 'East' }), await create('/v1/inventory/warehouses', { name: 'West' })];
  for (let index = 0; index < 20; index++) {
    await create('/v1/inventory/items', { id: `SKU-${index}`, name: `Item ${index}`, quantity_on_hand: 1000, reorder_point: 10, warehouse_id: warehouses[index % 2]?.id, unit_cost: 100 + index, currency: 'EUR' });
  }
  const customers: Array<{ id: string }> = [];
  for (let index = 0; index < 10; index++) customers.push(await create('/v1/crm/customers', { name: `Customer ${index}`, currency: 'EUR' }));
  for (let index = 0; index < 100; index++) {
    const lines = [0, 1, 2].map((offset) => ({ item_id: `SKU-${(index + offset * 7) % 20}`, quantity: 1 + offset, unit_price: 500 + index }));
    const order = await create('/v1/crm/orders', { kind: 'sales', customer_id: customers[index % 10]?.id, currency: 'EUR', lines });
    await create(`/v1/crm/orders/${order.id}/confirm`);
    const invoice = await create('/v1/finance/invoices', { order_id: order.id });
    await create(`/v1/finance/invoices/${invoice.id}/issue`);
  }
}

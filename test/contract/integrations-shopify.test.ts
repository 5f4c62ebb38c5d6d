import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, json, type ApiClient } from '../support/fixtures.ts';
import { createCustomer } from '../support/crm.ts';
import { type ShopifyServer, type SyncJob, createConnector, failuresOf, integrationsAccount, jobOver, saveMapping, shopifyConnectorBody, startShopifyServer, startSync } from '../support/integrations.ts';

/**
 * A Shopify shop synced through its Admin GraphQL API (a loopback server speaking the protocol):
 * variants become inventory items, orders sales orders with the connector as their channel,
 * `order.created` fires for each as for an order created through the API, and records the
 * platform refuses (a variant without a SKU, an order of such a variant) are kept as failures.
 */

let shop: ShopifyServer;
let api: ApiClient;
let connectorId: string;
let first: SyncJob;

beforeAll(async () => {
  shop = await startShopifyServer({ productCount: 24, orderCount: 18 });
  const account = await integrationsAccount();
  api = account.api;
  const customer = await createCustomer(api, { name: 'Shopify customers', currency: 'EUR' });
  connectorId = (await createConnector(api, shopifyConnectorBody(shop))).id;
  await saveMapping(api, connectorId, {
    streams: {
      products: {
        target: 'create_inventory_item',
        fields: { id: 'sku', name: 'title', quantity_on_hand: 'inventoryQuantity', reorder_point: '2', warehouse_id: `'${account.warehouseId}'` },
      },
      orders: {
        target: 'create_order',
        fields: {
          kind: `'sales'`,
          customer_id: `'${customer.id}'`,
          currency: 'currencyCode',
          external_reference: `'shopify ' & name`,
          lines: `[lineItems.{ 'item_id': sku, 'quantity': quantity, 'unit_price': $round($number(originalUnitPriceSet.shopMoney.amount) * 100) }]`,
        },
      },
    },
  });
  // One job reads products first (the items must exist before the orders that sell them), then orders.
  first = await jobOver(api, (await startSync(api, connectorId)).id, 60_000);
});

/** Orders of the shop the platform can take: every line sells a variant with a SKU. */
const sellable = () => shop.orders.filter((order) => order.lineItems.every((line) => line.sku !== null));
afterAll(() => shop.close());

describe('a Shopify sync', () => {
  it('reads every variant and order, writing what the platform accepts and keeping the rest as failures', async () => {
    const variants = shop.products.flatMap((product) => product.variants);
    const withoutSku = variants.filter((variant) => variant.sku === null).length;
    expect(first.state).toBe('partially_failed');
    expect(first.records_seen).toBe(variants.length + shop.orders.length);
    expect(first.records_created).toBe(variants.length - withoutSku + sellable().length);
    expect(first.records_failed).toBe(withoutSku + shop.orders.length - sellable().length);
    const failures = await failuresOf(api, first.id);
    const failedVariants = failures.filter((failure) => failure.stream === 'products');
    expect(failedVariants).toHaveLength(withoutSku);
    expect(failedVariants[0]?.errors[0]).toMatchObject({ field: 'id', code: 'value_missing' });
    // An order selling a variant without SKU names the line at fault.
    const failedOrders = failures.filter((failure) => failure.stream === 'orders');
    expect(failedOrders).toHaveLength(shop.orders.length - sellable().length);
    expect(failedOrders[0]?.errors[0]?.field).toMatch(/^lines\.\d+\.item_id$/);
  });

  it('creates orders with the connector as their channel, each announced by one order.created from the connector', async () => {
    const created = sellable().length;
    const list = await json<{ data: Array<{ id: string; channel: string; external_reference: string }>; meta: { total: number } }>(await api.get(`/v1/crm/orders?channel=${connectorId}&per_page=100`));
    expect(list.meta.total).toBe(created);
    expect(list.data.every((order) => order.channel === connectorId && order.external_reference.startsWith('shopify #'))).toBe(true);
    const events = await eventually(async () => {
      const body = await json<{ data: Array<{ resource: { id: string }; source: { type: string; credential_id: string } }> }>(await api.get('/v1/events?type=order.created&per_page=100'));
      return body.data.length === created ? body.data : undefined;
    });
    expect(new Set(events.map((event) => event.resource.id))).toEqual(new Set(list.data.map((order) => order.id)));
    expect(events.every((event) => event.source.type === 'connector' && event.source.credential_id === connectorId)).toBe(true);
  });

  it('reads only what changed on the next run; an order is created once, whatever changes at the source', async () => {
    shop.changeOrder(1, (order) => {
      order.name = '#changed';
    });
    shop.changeVariant(1, 0, (variant) => {
      variant.inventoryQuantity = 99;
    });
    const next = await jobOver(api, (await startSync(api, connectorId)).id, 60_000);
    expect(next).toMatchObject({ state: 'succeeded', records_seen: 2, records_created: 0, records_updated: 1, records_unchanged: 1 });
    const item = await json<{ quantity_on_hand: number }>(await api.get(`/v1/inventory/items/${shop.products[1]?.variants[0]?.sku}`));
    expect(item.quantity_on_hand).toBe(99);
  });
});

import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, json, platformUrl, problemOf, type ApiClient } from '../support/fixtures.ts';
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

describe('inbound Shopify webhooks', () => {
  const WEBHOOK_SECRET = 'shopify-app-secret-4d1c';
  let hookApi: ApiClient;
  let hookConnector: string;
  const post = (connectorId: string, body: string, signature: string) =>
    fetch(`${platformUrl}/v1/connectors/${connectorId}/webhooks/shopify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-topic': 'orders/create', 'x-shopify-hmac-sha256': signature },
      body,
    });
  const sign = (body: string, secret = WEBHOOK_SECRET) => createHmac('sha256', secret).update(body).digest('base64');
  const jobsOf = async () => (await json<{ data: SyncJob[] }>(await hookApi.get(`/v1/sync/jobs?connector_id=${hookConnector}`))).data;

  beforeAll(async () => {
    const account = await integrationsAccount();
    hookApi = account.api;
    const customer = await createCustomer(hookApi, { name: 'Webhook customers', currency: 'EUR' });
    hookConnector = (await createConnector(hookApi, shopifyConnectorBody(shop, { credentials: { access_token: shop.accessToken, webhook_secret: WEBHOOK_SECRET } }))).id;
    await saveMapping(hookApi, hookConnector, {
      streams: {
        orders: {
          target: 'create_order',
          fields: { kind: `'purchase'`, customer_id: `'${customer.id}'`, currency: 'currencyCode', external_reference: `'webhook ' & name`, lines: '[]' },
        },
      },
    });
  });

  it('refuses a webhook whose HMAC does not verify, starting nothing', async () => {
    const body = shop.orderWebhookBody(0);
    for (const signature of [sign(body, 'another-secret'), sign(`${body} `), '', 'not base64!']) {
      const response = await post(hookConnector, body, signature);
      expect(response.status, signature).toBe(401);
      expect((await problemOf(response)).code).toBe('signature_invalid');
    }
    expect(await jobsOf()).toEqual([]);
    // A connector that does not exist, or takes no webhooks (no webhook secret), is not found.
    expect((await post('con_000000000000000000000000', body, sign(body))).status).toBe(404);
    expect((await post(connectorId, body, sign(body))).status).toBe(404);
  });

  it('starts an incremental sync for a verified webhook, which reads the new order', async () => {
    const body = shop.orderWebhookBody(0);
    expect((await post(hookConnector, body, sign(body))).status).toBe(202);
    const [first] = await eventually(async () => ((await jobsOf()).length === 1 ? jobsOf() : undefined));
    expect(await jobOver(hookApi, (first as SyncJob).id, 60_000)).toMatchObject({ trigger: 'webhook', state: 'succeeded', records_created: shop.orders.length });

    // A new order in the shop, announced by its webhook: the next job reads it alone.
    const template = shop.orders[0] as (typeof shop.orders)[number];
    shop.orders.push({ ...template, id: 99_999, name: '#99999', lineItems: [] });
    shop.changeOrder(shop.orders.length - 1, () => undefined);
    const newOrder = shop.orderWebhookBody(shop.orders.length - 1);
    expect((await post(hookConnector, newOrder, sign(newOrder))).status).toBe(202);
    const second = await eventually(async () => (await jobsOf()).find((job) => job.id !== first?.id));
    expect(await jobOver(hookApi, second.id, 60_000)).toMatchObject({ trigger: 'webhook', state: 'succeeded', records_seen: 1, records_created: 1 });
  });
});

import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OUTBOUND_HTTP, type OutboundHttp, createOutboundHttp } from '../src/connectors/http.ts';
import {
  createShopifySource,
  parseShopifyOrderWebhook,
  shopifyConfigSchema,
  shopifyCursorSince,
  shopifyGraphqlEndpoint,
  verifyShopifyWebhook,
} from '../src/connectors/shopify/index.ts';
import { type ReadOptions, type SourceConnector, SourceError, type SourcePage, type SourceRecord } from '../src/connectors/source.ts';
import { type BucketSize, type ShopifyServer, startShopifyServer } from './servers/shopify-server.ts';

let http: OutboundHttp;
const servers: ShopifyServer[] = [];

beforeAll(() => {
  http = createOutboundHttp({ ...DEFAULT_OUTBOUND_HTTP, urlPolicy: { allowedPrivateNetworks: ['127.0.0.0/8'] } });
});
afterAll(() => http.close());
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function start(bucket?: BucketSize): Promise<ShopifyServer> {
  const server = await startShopifyServer(bucket && { bucket });
  servers.push(server);
  return server;
}

function sourceFor(server: ShopifyServer, options: { page_size?: number; access_token?: string } = {}): SourceConnector {
  const config = shopifyConfigSchema.parse({ shop_domain: server.shopDomain, api_version: server.apiVersion, base_url: server.baseUrl, page_size: options.page_size });
  return createShopifySource(config, { access_token: options.access_token ?? server.accessToken }, http);
}

async function readAll(source: SourceConnector, options: ReadOptions = {}): Promise<SourcePage[]> {
  const pages: SourcePage[] = [];
  for await (const page of source.read(options)) pages.push(page);
  return pages;
}

const recordsOf = (pages: SourcePage[], stream?: string): SourceRecord[] => pages.flatMap((page) => page.records).filter((record) => !stream || record.stream === stream);
const idsOf = (records: SourceRecord[]): string[] => records.map((record) => record.external_id).sort();
const variantGids = (server: ShopifyServer, productIndexes?: number[]): string[] =>
  server.products
    .filter((_, index) => !productIndexes || productIndexes.includes(index))
    .flatMap((product) => product.variants.map((variant) => `gid://shopify/ProductVariant/${variant.id}`))
    .sort();
const orderGid = (server: ShopifyServer, index: number): string => `gid://shopify/Order/${server.orders[index]?.id}`;

async function failureOf(running: Promise<unknown>): Promise<SourceError> {
  try {
    await running;
  } catch (error) {
    if (error instanceof SourceError) return error;
    throw error;
  }
  throw new Error('expected a SourceError');
}

describe('Shopify source: reading', () => {
  it('reads every product variant and every order exactly once, page by page, oldest change first', async () => {
    const server = await start();
    const pages = await readAll(sourceFor(server, { page_size: 20 }));

    const variants = recordsOf(pages, 'products');
    const orders = recordsOf(pages, 'orders');
    expect(idsOf(variants)).toEqual(variantGids(server));
    expect(idsOf(orders)).toEqual(server.orders.map((_, index) => orderGid(server, index)).sort());
    // 120 products and 150 orders, 20 a page.
    expect(pages).toHaveLength(6 + 8);
    const orderTimes = orders.map((record) => Date.parse(record.updated_at ?? ''));
    expect(orderTimes).toEqual([...orderTimes].sort((a, b) => a - b));

    // Product 0's 25 variants and order 0's 12 line items take a second request each.
    expect(server.requests.filter((request) => request.operationName === 'ProductVariants')).toHaveLength(1);
    expect(server.requests.filter((request) => request.operationName === 'OrderLineItems')).toHaveLength(1);
    expect(variants.filter((record) => record.data.productId === 'gid://shopify/Product/1000')).toHaveLength(25);
    expect(orders.find((record) => record.external_id === orderGid(server, 0))?.data.lineItems).toHaveLength(12);

    expect(variants.find((record) => record.external_id === 'gid://shopify/ProductVariant/50501')).toMatchObject({
      updated_at: server.products[5]?.updatedAt,
      data: { sku: 'SKU-5-1', title: 'Product 5 - Size 2', price: '10.55', inventoryQuantity: 36, productId: 'gid://shopify/Product/1005' },
    });
    expect(variants.find((record) => record.external_id === 'gid://shopify/ProductVariant/50100')?.data.title).toBe('Product 1');
    expect(orders.find((record) => record.external_id === orderGid(server, 1))?.data).toEqual({
      id: 'gid://shopify/Order/9001',
      name: '#1002',
      createdAt: '2024-01-01T00:30:00Z',
      updatedAt: server.orders[1]?.updatedAt,
      currencyCode: 'EUR',
      totalPriceSet: { shopMoney: { amount: '54.4', currencyCode: 'EUR' } },
      customer: { id: 'gid://shopify/Customer/301', email: 'customer1@example.com', displayName: 'First1 Last1' },
      lineItems: [
        {
          id: 'gid://shopify/LineItem/700100',
          title: 'Product 1',
          sku: 'SKU-1-0',
          quantity: 2,
          originalUnitPriceSet: { shopMoney: { amount: '10.1', currencyCode: 'EUR' } },
          variant: { id: 'gid://shopify/ProductVariant/50100' },
        },
        {
          id: 'gid://shopify/LineItem/700101',
          title: 'Product 14',
          sku: 'SKU-14-0',
          quantity: 3,
          originalUnitPriceSet: { shopMoney: { amount: '11.4', currencyCode: 'EUR' } },
          variant: { id: 'gid://shopify/ProductVariant/51400' },
        },
      ],
    });
  });

  it('reads, from the last cursor of a run, only the records changed since', async () => {
    const server = await start();
    const source = sourceFor(server);
    const cursor = (await readAll(source)).at(-1)?.cursor;

    server.changeVariant(5, 1, (variant) => void (variant.priceCents = 1999));
    server.changeProduct(40, (product) => void (product.title = 'Renamed 40'));
    server.changeOrder(7, () => {});
    server.changeOrder(99, (order) => void ((order.lineItems[0] as { quantity: number }).quantity = 9));
    const second = await readAll(source, { cursor });

    // A product's change is its variants' too (their title, price and product are one record).
    expect(idsOf(recordsOf(second, 'products'))).toEqual(variantGids(server, [5, 40]));
    expect(idsOf(recordsOf(second, 'orders'))).toEqual([orderGid(server, 7), orderGid(server, 99)].sort());
    expect(recordsOf(second).find((record) => record.external_id === 'gid://shopify/ProductVariant/50501')?.data.price).toBe('19.99');
    expect(recordsOf(second).find((record) => record.external_id === 'gid://shopify/ProductVariant/54000')?.data.title).toBe('Renamed 40 - Size 1');

    const third = await readAll(source, { cursor: second.at(-1)?.cursor });
    expect(recordsOf(third)).toEqual([]);
  });

  it('re-reads a window: from shopifyCursorSince(t), every record changed at or after t, of every stream', async () => {
    const server = await start();
    const source = sourceFor(server);
    const everything = recordsOf(await readAll(source));
    for (const stream of ['products', 'orders']) {
      const records = recordsOf(await readAll(source), stream);
      const since = new Date(records[Math.floor(records.length / 2)]?.updated_at as string);
      const window = recordsOf(await readAll(source, { cursor: shopifyCursorSince(since) }), stream);
      const expected = everything.filter((record) => record.stream === stream && Date.parse(record.updated_at as string) >= since.getTime());
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(records.length);
      expect(idsOf(window)).toEqual(idsOf(expected));
    }
  });

  it('resumes a run stopped between pages from the last finished page, losing nothing at a shared updatedAt', async () => {
    const server = await start();
    const source = sourceFor(server, { page_size: 7 });
    const finished: SourcePage[] = [];
    // Three products share each instant: the second page of 7 ends amid them.
    for await (const page of source.read({ streams: ['products'] })) {
      finished.push(page);
      if (finished.length === 2) break;
    }
    const resumed = await readAll(source, { streams: ['products'], cursor: finished.at(-1)?.cursor });

    const before = recordsOf(finished);
    const after = recordsOf(resumed);
    expect(idsOf([...new Map([...before, ...after].map((record) => [record.external_id, record])).values()])).toEqual(variantGids(server));
    const boundary = Math.max(...before.map((record) => Date.parse(record.updated_at ?? '')));
    const readTwice = after.filter((record) => before.some((earlier) => earlier.external_id === record.external_id));
    expect(readTwice.length).toBeGreaterThan(0);
    expect(readTwice.every((record) => Date.parse(record.updated_at ?? '') === boundary)).toBe(true);
  });

  it('checks the connection with a cheap query, and says why a bad token fails without telling it', async () => {
    const server = await start();
    expect(await sourceFor(server).test()).toEqual({ ok: true, detail: 'Acme Test Shop' });
    expect(server.requests.at(-1)?.requestedQueryCost).toBe(1);

    const wrong = sourceFor(server, { access_token: 'shpat_wrong_token' });
    const check = await wrong.test();
    expect(check).toEqual({ ok: false, error: expect.stringContaining('Invalid API key or access token') });
    expect(JSON.stringify(check)).not.toContain('shpat_wrong_token');
    const failure = await failureOf(readAll(wrong));
    expect(failure).toMatchObject({ retryable: false, status: 401 });
    expect(failure.message).not.toContain('shpat_wrong_token');
  });

  it('fails retryably on a 5xx, and not on a 403', async () => {
    const server = await start();
    server.failNext(500);
    expect(await failureOf(readAll(sourceFor(server)))).toMatchObject({ retryable: true, status: 500 });
    server.failNext(403);
    expect(await failureOf(readAll(sourceFor(server)))).toMatchObject({ retryable: false, status: 403 });
  });

  it('fails without retry on a GraphQL error other than throttling, with its message', async () => {
    const server = await start();
    server.graphqlErrorNext('Access denied for orders field. Required access: `read_orders` access scope.', 'ACCESS_DENIED');
    const failure = await failureOf(readAll(sourceFor(server), { streams: ['orders'] }));
    expect(failure.retryable).toBe(false);
    expect(failure.message).toContain('Access denied for orders field');
    expect(failure.message).not.toContain(server.accessToken);
  });

  it('fails instead of looping when the end cursor does not advance', async () => {
    const server = await start();
    server.repeatFirstPage = true;
    const failure = await failureOf(readAll(sourceFor(server), { streams: ['orders'] }));
    expect(failure).toMatchObject({ retryable: false, message: expect.stringContaining('does not advance') });
    expect(server.requests.filter((request) => request.operationName === 'Orders')).toHaveLength(2);
  });

  it('refuses an unknown stream and a cursor it did not give', async () => {
    const server = await start();
    expect(await failureOf(readAll(sourceFor(server), { streams: ['customers'] }))).toMatchObject({ retryable: false });
    expect(await failureOf(readAll(sourceFor(server), { cursor: "2024-01-01T00:00:00Z' OR 1" }))).toMatchObject({ retryable: false });
    expect(server.requests).toHaveLength(0);
  });

  it('stops at the next request once cancelled', async () => {
    const server = await start();
    const cancel = new AbortController();
    let requestsWhenCancelled = 0;
    const failure = await failureOf(
      (async () => {
        for await (const _page of sourceFor(server).read({ signal: cancel.signal })) {
          requestsWhenCancelled = server.requests.length;
          cancel.abort();
        }
      })(),
    );
    expect(failure).toMatchObject({ retryable: false, message: 'cancelled' });
    expect(requestsWhenCancelled).toBeGreaterThan(0);
    expect(server.requests).toHaveLength(requestsWhenCancelled);
  });
});

describe('Shopify source: cost-based throttling', () => {
  it('waits for the cost bucket so that Shopify never has to answer THROTTLED, and no longer than the bucket requires', async () => {
    const bucket = { maximumAvailable: 250, restoreRate: 2000 };
    const server = await start(bucket);
    const pages = await readAll(sourceFor(server, { page_size: 5 }));

    expect(idsOf(recordsOf(pages, 'products'))).toEqual(variantGids(server));
    expect(recordsOf(pages, 'orders')).toHaveLength(150);
    const requests = server.requests;
    expect(requests.filter((request) => request.throttled)).toEqual([]);
    // From the first request to the last the bucket had to restore what all but the last used, and what the last asked for, less what it held at first.
    const first = requests[0];
    const last = requests.at(-1);
    if (!first || !last) throw new Error('no request');
    const spent = requests.slice(0, -1).reduce((sum, request) => sum + (request.actualQueryCost ?? 0), 0);
    const requiredMs = ((spent + (last.requestedQueryCost ?? 0) - (first.availableBefore ?? 0)) / bucket.restoreRate) * 1000;
    expect(requiredMs).toBeGreaterThan(800);
    const elapsedMs = last.at - first.at;
    expect(elapsedMs).toBeGreaterThanOrEqual(requiredMs - 5);
    expect(elapsedMs).toBeLessThan(requiredMs + 150);
  });

  it('waits out a THROTTLED answer when another client of the app drained the bucket, then goes on', async () => {
    const bucket = { maximumAvailable: 1000, restoreRate: 1000 };
    const server = await start(bucket);
    const source = sourceFor(server, { page_size: 20 });
    expect((await source.test()).ok).toBe(true);
    server.drainBucket();

    const pages = await readAll(source, { streams: ['products'] });

    expect(idsOf(recordsOf(pages))).toEqual(variantGids(server));
    const throttled = server.requests.filter((request) => request.throttled);
    expect(throttled).toHaveLength(1);
    const [refused] = throttled;
    const retry = server.requests[server.requests.indexOf(refused as (typeof throttled)[number]) + 1];
    if (!refused || !retry) throw new Error('no retry');
    expect(retry).toMatchObject({ throttled: false, operationName: refused.operationName });
    const requiredMs = (((refused.requestedQueryCost ?? 0) - (refused.availableBefore ?? 0)) / bucket.restoreRate) * 1000;
    expect(requiredMs).toBeGreaterThan(400);
    expect(retry.at - refused.at).toBeGreaterThanOrEqual(requiredMs - 5);
    expect(retry.at - refused.at).toBeLessThan(requiredMs + 150);
  });

  it('gives up with a retryable error when Shopify keeps answering THROTTLED', async () => {
    const server = await start();
    server.throttleNext(100);
    const failure = await failureOf(readAll(sourceFor(server)));
    expect(failure).toMatchObject({ retryable: true, message: expect.stringContaining('throttled') });
    expect(server.requests.filter((request) => request.throttled)).toHaveLength(5);
  });

  it('waits Retry-After on a 429 and retries, a bounded number of times', async () => {
    const server = await start();
    server.failNext(429, 2, { 'Retry-After': '0.2' });
    expect(await sourceFor(server).test()).toMatchObject({ ok: true });
    const [first, second, third] = server.requests;
    expect(server.requests.map((request) => request.status)).toEqual([429, 429, 200]);
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(195);
    expect((third?.at ?? 0) - (second?.at ?? 0)).toBeGreaterThanOrEqual(195);

    server.failNext(429, 10, { 'Retry-After': '0.01' });
    expect(await failureOf(readAll(sourceFor(server)))).toMatchObject({ retryable: true, status: 429 });
    expect(server.requests.filter((request) => request.status === 429)).toHaveLength(2 + 5);
  });

  it('ends a wait for the bucket at once when cancelled', async () => {
    const server = await start({ maximumAvailable: 1000, restoreRate: 10 });
    const source = sourceFor(server);
    await source.test();
    server.drainBucket();
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), 100);
    const started = performance.now();
    expect(await failureOf(readAll(source, { signal: cancel.signal }))).toMatchObject({ retryable: false, message: 'cancelled' });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('Shopify webhooks', () => {
  const secret = 'shpss_0123456789abcdef';
  const sign = (body: string | Buffer, key = secret) => createHmac('sha256', key).update(body).digest('base64');

  it('accepts the HMAC of the raw body and refuses any tampering', () => {
    const body = JSON.stringify({ id: 1, name: '#1001', note: 'café' });
    const hmac = sign(body);
    expect(verifyShopifyWebhook(body, hmac, secret)).toBe(true);
    expect(verifyShopifyWebhook(Buffer.from(body), hmac, secret)).toBe(true);

    expect(verifyShopifyWebhook(body.replace('#1001', '#1002'), hmac, secret)).toBe(false);
    expect(verifyShopifyWebhook(body, hmac, 'shpss_another_secret')).toBe(false);
    expect(verifyShopifyWebhook(body, sign(body, 'shpss_another_secret'), secret)).toBe(false);
    const flipped = `${hmac[0] === 'A' ? 'B' : 'A'}${hmac.slice(1)}`;
    expect(verifyShopifyWebhook(body, flipped, secret)).toBe(false);
    expect(verifyShopifyWebhook(body, hmac.slice(0, -4), secret)).toBe(false);
    expect(verifyShopifyWebhook(body, `${hmac}AAAA`, secret)).toBe(false);
    expect(verifyShopifyWebhook(body, 'not base64 at all!', secret)).toBe(false);
    expect(verifyShopifyWebhook(body, '', secret)).toBe(false);
    expect(verifyShopifyWebhook(body, undefined, secret)).toBe(false);
    expect(verifyShopifyWebhook(body, sign(body, ''), '')).toBe(false);
  });

  it('parses an orders/create webhook into the record the orders stream gives for the same order', async () => {
    const server = await start();
    const streamed = recordsOf(await readAll(sourceFor(server), { streams: ['orders'] }));
    // A guest order, a named customer, one known by email only, and the order with two pages of line items.
    for (const index of [9, 1, 3, 0]) {
      const body = server.orderWebhookBody(index);
      expect(verifyShopifyWebhook(Buffer.from(body), sign(body), secret)).toBe(true);
      const fromWebhook = parseShopifyOrderWebhook(Buffer.from(body));
      const fromStream = streamed.find((record) => record.external_id === orderGid(server, index));
      expect(fromWebhook.external_id).toBe(orderGid(server, index));
      expect(fromWebhook.problem).toBeUndefined();
      // REST gives amounts as "65.10", GraphQL as "65.1": the same number.
      expect(withNumericAmounts(fromWebhook)).toEqual(withNumericAmounts(fromStream));
    }
  });

  it('keeps an order webhook it cannot read as a record with a problem, and refuses a body that is no order', () => {
    const record = parseShopifyOrderWebhook(JSON.stringify({ id: 42, admin_graphql_api_id: 'gid://shopify/Order/42', line_items: 'none' }));
    expect(record).toMatchObject({ stream: 'orders', external_id: 'gid://shopify/Order/42', problem: expect.stringContaining('line_items') });
    expect(parseShopifyOrderWebhook(JSON.stringify({ id: 43, name: 'x' })).external_id).toBe('gid://shopify/Order/43');
    expect(() => parseShopifyOrderWebhook('{"name":"#1001"}')).toThrow(SourceError);
    expect(() => parseShopifyOrderWebhook('<html>')).toThrow(SourceError);
  });
});

describe('Shopify configuration', () => {
  it('addresses the shop Admin API at its version, and refuses what is not a shop domain or version', () => {
    const config = shopifyConfigSchema.parse({ shop_domain: 'acme.myshopify.com', api_version: '2025-01' });
    expect(shopifyGraphqlEndpoint(config)).toBe('https://acme.myshopify.com/admin/api/2025-01/graphql.json');
    expect(shopifyGraphqlEndpoint({ ...config, base_url: 'http://127.0.0.1:8080/' })).toBe('http://127.0.0.1:8080/admin/api/2025-01/graphql.json');
    for (const shop_domain of ['acme.com', 'acme.myshopify.com.evil.net', 'acme.myshopify.com/admin', 'https://acme.myshopify.com']) {
      expect(shopifyConfigSchema.safeParse({ shop_domain, api_version: '2025-01' }).success).toBe(false);
    }
    expect(shopifyConfigSchema.safeParse({ shop_domain: 'acme.myshopify.com', api_version: '2025-02' }).success).toBe(false);
    // An orders page of 22 would ask for more than Shopify's 1000-point single-query limit.
    expect(shopifyConfigSchema.safeParse({ shop_domain: 'acme.myshopify.com', api_version: '2025-01', page_size: 22 }).success).toBe(false);
  });
});

/** The record with its money amounts as numbers, since REST and GraphQL write the same decimal differently. */
function withNumericAmounts(record: SourceRecord | undefined): unknown {
  return JSON.parse(JSON.stringify(record ?? null), (key, value: unknown) => (key === 'amount' ? Number(value) : value));
}

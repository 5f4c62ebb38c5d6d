import { z } from 'zod';
import type { OutboundHttp } from '../http.ts';
import { type ReadOptions, SourceError, type SourceConnector, type SourcePage, type SourceRecord } from '../source.ts';
import { DEFAULT_PAGE_SIZE, type ShopifyConfig, shopifyGraphqlEndpoint } from './config.ts';
import { createShopifyGraphqlClient } from './graphql-client.ts';
import { orderLineItemsOperation, ordersOperation, productVariantsOperation, productsOperation, shopOperation } from './queries.ts';
import { latest, orderData, orderRecord, variantRecord } from './records.ts';

export const SHOPIFY_STREAMS = ['products', 'orders'] as const;
export type ShopifyStream = (typeof SHOPIFY_STREAMS)[number];

/**
 * Where a stream resumes: after the records changed at `updatedAt` (`inclusive: false`, the stream
 * was read to its end), or from them (`inclusive: true`, a run stopped between two pages: records
 * sharing the last page's instant may be on the next page, so they are read again rather than lost).
 */
const streamPositionSchema = z.object({ updatedAt: z.iso.datetime({ offset: true }), inclusive: z.boolean() });
type StreamPosition = z.infer<typeof streamPositionSchema>;
/** The cursor a page carries: the position of every stream, since one run reads several. */
const cursorSchema = z.object({ products: streamPositionSchema.optional(), orders: streamPositionSchema.optional() });
type Cursor = z.infer<typeof cursorSchema>;

/** The cursor of a read of every stream's records changed at or since `since` (a window re-run). */
export function shopifyCursorSince(since: Date): string {
  const position: StreamPosition = { updatedAt: since.toISOString(), inclusive: true };
  return JSON.stringify(Object.fromEntries(SHOPIFY_STREAMS.map((stream) => [stream, position])) satisfies Cursor);
}

/**
 * A shop's products (one record per variant) and orders, through the Admin GraphQL API, changed
 * records only after a first run (`updated_at` search, oldest change first).
 */
export function createShopifySource(config: ShopifyConfig, credentials: { access_token: string }, http: OutboundHttp): SourceConnector {
  const client = createShopifyGraphqlClient(shopifyGraphqlEndpoint(config), credentials.access_token, http);
  const pageSize = config.page_size ?? DEFAULT_PAGE_SIZE;

  return {
    async test(signal) {
      try {
        const { shop } = await client.request(shopOperation, {}, signal);
        return { ok: true, detail: shop.name };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    },

    async *read(options: ReadOptions): AsyncIterable<SourcePage> {
      const streams = selectedStreams(options.streams);
      const cursor = parseCursor(options.cursor);
      for (const stream of streams) {
        for await (const page of streamPages(stream, cursor[stream], options.signal)) {
          if (page.position) cursor[stream] = page.position;
          yield { records: page.records, cursor: JSON.stringify(cursor) };
        }
      }
    },
  };

  function streamPages(stream: ShopifyStream, from: StreamPosition | undefined, signal: AbortSignal | undefined): AsyncGenerator<StreamPage> {
    const query = updatedSince(from);
    if (stream === 'products') {
      const operation = productsOperation(pageSize);
      return changedPages(
        (after) => client.request(operation, { first: pageSize, after, query }, signal).then((data) => data.products),
        async (product) => {
          const variants = await allOf(product.variants, (after) => client.request(productVariantsOperation, { id: product.id, after }, signal).then((data) => data.product?.variants));
          return variants.map((variant) => variantRecord(product, variant));
        },
      );
    }
    const operation = ordersOperation(pageSize);
    return changedPages(
      (after) => client.request(operation, { first: pageSize, after, query }, signal).then((data) => data.orders),
      async (order) => {
        const lineItems = await allOf(order.lineItems, (after) => client.request(orderLineItemsOperation, { id: order.id, after }, signal).then((data) => data.order?.lineItems));
        return [orderRecord(orderData(order, lineItems))];
      },
    );
  }
}

interface StreamPage {
  records: SourceRecord[];
  /** Absent while the run has seen no record of the stream: its position is the one it started from. */
  position?: StreamPosition;
}

/**
 * The records of a stream's pages, with the position after each: the latest `updatedAt` seen (the
 * search's sort and filter key: a product's, for its variants' records too).
 */
async function* changedPages<Node extends { updatedAt: string }>(
  fetchPage: (after: string | undefined) => Promise<Connection<Node>>,
  recordsOf: (node: Node) => Promise<SourceRecord[]>,
): AsyncGenerator<StreamPage> {
  let seen: string | undefined;
  for await (const { nodes, hasNextPage } of pagesOf(fetchPage)) {
    const records: SourceRecord[] = [];
    for (const node of nodes) {
      records.push(...(await recordsOf(node)));
      seen = seen ? latest(seen, node.updatedAt) : node.updatedAt;
    }
    yield { records, position: seen ? { updatedAt: seen, inclusive: hasNextPage } : undefined };
  }
}

interface Connection<Node> {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: Node[];
}

/** The pages of a connection, following `endCursor`. */
async function* pagesOf<Node>(fetchPage: (after: string | undefined) => Promise<Connection<Node>>): AsyncGenerator<{ nodes: Node[]; hasNextPage: boolean }> {
  const followed = new Set<string>();
  let after: string | undefined;
  for (;;) {
    const { pageInfo, nodes } = await fetchPage(after);
    yield { nodes, hasNextPage: pageInfo.hasNextPage };
    if (!pageInfo.hasNextPage) return;
    after = nextCursor(pageInfo.endCursor, followed);
  }
}

/** Every node of a nested connection: the first page as read with its parent, then the rest (none when the parent was deleted meanwhile). */
async function allOf<Node>(first: Connection<Node>, fetchAfter: (after: string) => Promise<Connection<Node> | undefined>): Promise<Node[]> {
  const nodes = [...first.nodes];
  const followed = new Set<string>();
  for (let { pageInfo } = first; pageInfo.hasNextPage; ) {
    const page = await fetchAfter(nextCursor(pageInfo.endCursor, followed));
    if (!page) break;
    nodes.push(...page.nodes);
    pageInfo = page.pageInfo;
  }
  return nodes;
}

/** The cursor to follow: a missing one, or one already followed, while more pages are announced would loop forever. */
function nextCursor(endCursor: string | null, followed: Set<string>): string {
  if (!endCursor || followed.has(endCursor)) throw new SourceError('Shopify: a page says more follow but its end cursor does not advance', false);
  followed.add(endCursor);
  return endCursor;
}

/** Shopify's search syntax for the records changed since a position (none: all of them). */
function updatedSince(from: StreamPosition | undefined): string | undefined {
  return from && `updated_at:${from.inclusive ? '>=' : '>'}'${from.updatedAt}'`;
}

function selectedStreams(requested: readonly string[] | undefined): ShopifyStream[] {
  if (!requested) return [...SHOPIFY_STREAMS];
  const unknown = requested.filter((stream) => !(SHOPIFY_STREAMS as readonly string[]).includes(stream));
  if (unknown.length > 0) throw new SourceError(`Shopify has no stream ${unknown.join(', ')} (streams: ${SHOPIFY_STREAMS.join(', ')})`, false);
  return SHOPIFY_STREAMS.filter((stream) => requested.includes(stream));
}

function parseCursor(cursor: string | undefined): Cursor {
  if (cursor === undefined) return {};
  try {
    return cursorSchema.parse(JSON.parse(cursor));
  } catch {
    throw new SourceError('Shopify: unreadable cursor (not one this connector gave)', false);
  }
}

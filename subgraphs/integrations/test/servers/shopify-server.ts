import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLObjectType,
  type OperationDefinitionNode,
  type SelectionSetNode,
  GraphQLError,
  Kind,
  buildSchema,
  execute,
  getArgumentValues,
  getNamedType,
  isObjectType,
  parse,
  validate,
} from 'graphql';

/**
 * A shop's Admin GraphQL API (`POST /admin/api/{version}/graphql.json`) for the schema subset the
 * connector reads, on loopback: access token check, Relay connections with cursors, Shopify's
 * `updated_at` search syntax, and calculated query costs charged to a leaky bucket as Shopify
 * documents them. Simplifications of the cost model:
 *  - objects cost 1, scalars and enums 0; a connection costs 2 + `first` × (1 + the cost of the
 *    objects and connections selected in one node); `pageInfo`, `edges` and `cursor` are part of
 *    the connection and free; interfaces, unions and mutations are not in the subset;
 *  - the actual cost is the same sum over what the answer holds (the nodes really returned);
 *  - a query is refused (THROTTLED, nothing charged) when its requested cost is above what the
 *    bucket holds; otherwise the requested cost is taken, and the difference to the actual cost
 *    given back after execution;
 *  - a query whose requested cost is above the bucket's maximum is refused (MAX_COST_EXCEEDED),
 *    as Shopify refuses one above 1000.
 */
export interface ShopifyServer {
  /** What the connector's `base_url` is set to. */
  baseUrl: string;
  shopDomain: string;
  apiVersion: string;
  accessToken: string;
  shopName: string;
  products: TestProduct[];
  orders: TestOrder[];
  /** Every request answered, in arrival order. */
  requests: LoggedRequest[];
  /** Resizes the bucket, full. */
  setBucket(bucket: BucketSize): void;
  /** Empties the bucket, as another client of the same app on the shop would. */
  drainBucket(): void;
  /** Answers the next `times` requests with this HTTP status (and headers) instead. */
  failNext(status: number, times?: number, headers?: Record<string, string>): void;
  /** Answers the next `times` requests THROTTLED, whatever the bucket holds. */
  throttleNext(times: number): void;
  /** Answers the next request with this GraphQL error (HTTP 200). */
  graphqlErrorNext(message: string, code: string): void;
  /** Makes `products` and `orders` answer their first page whatever `after` says: a cursor that does not advance. */
  repeatFirstPage: boolean;
  /** Edits a product (title), as the Admin would: its updatedAt becomes the next instant. */
  changeProduct(index: number, change: (product: TestProduct) => void): void;
  /** Edits a variant (price, stock): its and its product's updatedAt become the next instant. */
  changeVariant(productIndex: number, variantIndex: number, change: (variant: TestVariant) => void): void;
  changeOrder(index: number, change: (order: TestOrder) => void): void;
  /** The order as an `orders/create` webhook would carry it: Shopify's REST Order JSON, raw. */
  orderWebhookBody(index: number): string;
  close(): Promise<void>;
}

export interface BucketSize {
  maximumAvailable: number;
  restoreRate: number;
}

export interface LoggedRequest {
  /** `performance.now()` when the request arrived. */
  at: number;
  operationName?: string;
  variables: Record<string, unknown>;
  status: number;
  throttled: boolean;
  requestedQueryCost?: number;
  actualQueryCost?: number;
  /** What the bucket held when the request arrived. */
  availableBefore?: number;
}

export interface TestVariant {
  id: number;
  title: string;
  sku: string | null;
  priceCents: number;
  barcode: string | null;
  inventoryQuantity: number;
  createdAt: string;
  updatedAt: string;
}

export interface TestProduct {
  id: number;
  title: string;
  createdAt: string;
  updatedAt: string;
  variants: TestVariant[];
}

export interface TestLineItem {
  id: number;
  title: string;
  sku: string | null;
  quantity: number;
  priceCents: number;
  variantId: number | null;
  productId: number | null;
}

export interface TestOrder {
  id: number;
  name: string;
  createdAt: string;
  updatedAt: string;
  customer: { id: number; email: string | null; firstName: string | null; lastName: string | null } | null;
  lineItems: TestLineItem[];
}

export interface ShopifyServerOptions {
  accessToken?: string;
  /** Default: large and quickly restored, so tests that are not about throttling are not slowed. */
  bucket?: BucketSize;
  productCount?: number;
  orderCount?: number;
}

const API_VERSION = '2025-01';
const SHOP_DOMAIN = 'acme-test.myshopify.com';
const CURRENCY = 'EUR';
const INVALID_TOKEN = '[API] Invalid API key or access token (unrecognized login or wrong password)';
const MAX_FIRST = 250;

const schema = buildSchema(/* GraphQL */ `
  scalar DateTime
  scalar Decimal
  scalar Money

  enum CurrencyCode { EUR USD }
  enum ProductSortKeys { ID UPDATED_AT }
  enum OrderSortKeys { ID UPDATED_AT }

  type Query {
    shop: Shop!
    products(first: Int, after: String, sortKey: ProductSortKeys = ID, query: String): ProductConnection!
    product(id: ID!): Product
    orders(first: Int, after: String, sortKey: OrderSortKeys = ID, query: String): OrderConnection!
    order(id: ID!): Order
  }

  type Shop { name: String! myshopifyDomain: String! currencyCode: CurrencyCode! }
  type PageInfo { hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String endCursor: String }

  type Product { id: ID! title: String! createdAt: DateTime! updatedAt: DateTime! variants(first: Int, after: String): ProductVariantConnection! }
  type ProductEdge { cursor: String! node: Product! }
  type ProductConnection { edges: [ProductEdge!]! nodes: [Product!]! pageInfo: PageInfo! }

  type ProductVariant {
    id: ID! title: String! sku: String price: Money! barcode: String inventoryQuantity: Int
    createdAt: DateTime! updatedAt: DateTime! product: Product!
  }
  type ProductVariantEdge { cursor: String! node: ProductVariant! }
  type ProductVariantConnection { edges: [ProductVariantEdge!]! nodes: [ProductVariant!]! pageInfo: PageInfo! }

  type MoneyV2 { amount: Decimal! currencyCode: CurrencyCode! }
  type MoneyBag { shopMoney: MoneyV2! presentmentMoney: MoneyV2! }
  type Customer { id: ID! email: String displayName: String! }

  type LineItem { id: ID! title: String! sku: String quantity: Int! originalUnitPriceSet: MoneyBag! variant: ProductVariant }
  type LineItemEdge { cursor: String! node: LineItem! }
  type LineItemConnection { edges: [LineItemEdge!]! nodes: [LineItem!]! pageInfo: PageInfo! }

  type Order {
    id: ID! name: String! createdAt: DateTime! updatedAt: DateTime! currencyCode: CurrencyCode!
    totalPriceSet: MoneyBag! customer: Customer lineItems(first: Int, after: String): LineItemConnection!
  }
  type OrderEdge { cursor: String! node: Order! }
  type OrderConnection { edges: [OrderEdge!]! nodes: [Order!]! pageInfo: PageInfo! }
`);

export async function startShopifyServer(options: ShopifyServerOptions = {}): Promise<ShopifyServer> {
  const accessToken = options.accessToken ?? 'shpat_0123456789abcdef0123456789abcdef';
  const products = testProducts(options.productCount ?? 120);
  const orders = testOrders(options.orderCount ?? 150, products);
  const bucket = new LeakyBucket(options.bucket ?? { maximumAvailable: 2000, restoreRate: 1_000_000 });
  const requests: LoggedRequest[] = [];
  const failures: { status: number; headers: Record<string, string> }[] = [];
  const graphqlErrors: { message: string; code: string }[] = [];
  let forcedThrottles = 0;
  // Changes happen after the generated history, one second apart, so each is strictly later than all before it.
  let clock = Date.parse('2024-06-01T00:00:00Z');
  const nextInstant = () => dateTime((clock += 1000));

  const server: ShopifyServer = {
    baseUrl: '',
    shopDomain: SHOP_DOMAIN,
    apiVersion: API_VERSION,
    accessToken,
    shopName: 'Acme Test Shop',
    products,
    orders,
    requests,
    repeatFirstPage: false,
    setBucket: (size) => bucket.resize(size),
    drainBucket: () => bucket.drain(),
    failNext: (status, times = 1, headers = {}) => failures.push(...Array.from({ length: times }, () => ({ status, headers }))),
    throttleNext: (times) => void (forcedThrottles += times),
    graphqlErrorNext: (message, code) => void graphqlErrors.push({ message, code }),
    changeProduct(index, change) {
      const product = at(products, index);
      change(product);
      product.updatedAt = nextInstant();
    },
    changeVariant(productIndex, variantIndex, change) {
      const product = at(products, productIndex);
      const variant = at(product.variants, variantIndex);
      change(variant);
      variant.updatedAt = product.updatedAt = nextInstant();
    },
    changeOrder(index, change) {
      const order = at(orders, index);
      change(order);
      order.updatedAt = nextInstant();
    },
    orderWebhookBody: (index) => JSON.stringify(restOrder(at(orders, index))),
    close: () => new Promise((resolve, reject) => http.close((error) => (error ? reject(error) : resolve()))),
  };

  const rootValue = {
    shop: () => ({ name: server.shopName, myshopifyDomain: SHOP_DOMAIN, currencyCode: CURRENCY }),
    products: (args: ConnectionArgs & { sortKey: string; query?: string | null }) => {
      const matching = products.filter((product) => matchesSearch(args.query, product.updatedAt));
      return connection(sortedBy(matching, args.sortKey), args.sortKey, productView, server.repeatFirstPage ? { ...args, after: null } : args);
    },
    product: ({ id }: { id: string }) => {
      const product = products.find((candidate) => gid('Product', candidate.id) === id);
      return product && productView(product);
    },
    orders: (args: ConnectionArgs & { sortKey: string; query?: string | null }) => {
      const matching = orders.filter((order) => matchesSearch(args.query, order.updatedAt));
      return connection(sortedBy(matching, args.sortKey), args.sortKey, orderView, server.repeatFirstPage ? { ...args, after: null } : args);
    },
    order: ({ id }: { id: string }) => {
      const order = orders.find((candidate) => gid('Order', candidate.id) === id);
      return order && orderView(order);
    },
  };

  function productView(product: TestProduct) {
    return {
      id: gid('Product', product.id),
      title: product.title,
      createdAt: product.createdAt,
      updatedAt: product.updatedAt,
      variants: (args: ConnectionArgs) => connection(product.variants, 'POSITION', (variant) => variantView(product, variant), args),
    };
  }

  function variantView(product: TestProduct, variant: TestVariant) {
    return {
      id: gid('ProductVariant', variant.id),
      title: variant.title,
      sku: variant.sku,
      price: (variant.priceCents / 100).toFixed(2),
      barcode: variant.barcode,
      inventoryQuantity: variant.inventoryQuantity,
      createdAt: variant.createdAt,
      updatedAt: variant.updatedAt,
      product: () => productView(product),
    };
  }

  function orderView(order: TestOrder) {
    const total = order.lineItems.reduce((sum, item) => sum + item.quantity * item.priceCents, 0);
    return {
      id: gid('Order', order.id),
      name: order.name,
      createdAt: order.createdAt,
      updatedAt: order.updatedAt,
      currencyCode: CURRENCY,
      totalPriceSet: moneyBag(total),
      customer: order.customer && {
        id: gid('Customer', order.customer.id),
        email: order.customer.email,
        displayName: [order.customer.firstName, order.customer.lastName].filter(Boolean).join(' ') || order.customer.email,
      },
      lineItems: (args: ConnectionArgs) =>
        connection(order.lineItems, 'POSITION', (item) => ({
          id: gid('LineItem', item.id),
          title: item.title,
          sku: item.sku,
          quantity: item.quantity,
          originalUnitPriceSet: moneyBag(item.priceCents),
          variant: () => {
            const product = products.find((candidate) => candidate.id === item.productId);
            const variant = product?.variants.find((candidate) => candidate.id === item.variantId);
            return product && variant ? variantView(product, variant) : null;
          },
        }), args),
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    const entry: LoggedRequest = { at: performance.now(), variables: {}, status: 200, throttled: false };
    requests.push(entry);
    const answer = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      entry.status = status;
      response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(json));
    };

    if (request.method !== 'POST' || request.url !== `/admin/api/${API_VERSION}/graphql.json`) return answer(404, { errors: 'Not Found' });
    if (request.headers['x-shopify-access-token'] !== accessToken) return answer(401, { errors: INVALID_TOKEN });
    const failure = failures.shift();
    if (failure) return answer(failure.status, { errors: failure.status === 429 ? 'Exceeded the rate limit' : 'Internal Server Error' }, failure.headers);
    if (!request.headers['content-type']?.startsWith('application/json')) return answer(415, { errors: 'Content-Type must be application/json' });

    let document: DocumentNode;
    let payload: { query?: unknown; variables?: unknown; operationName?: unknown };
    try {
      payload = JSON.parse(body) as typeof payload;
      document = parse(String(payload.query));
    } catch (error) {
      return answer(200, { errors: [{ message: error instanceof Error ? error.message : 'unreadable request' }] });
    }
    const validationErrors = validate(schema, document);
    if (validationErrors.length > 0) return answer(200, { errors: validationErrors.map((error) => error.toJSON()) });

    const variables = (payload.variables ?? {}) as Record<string, unknown>;
    const operationName = typeof payload.operationName === 'string' ? payload.operationName : undefined;
    const operation = document.definitions.find(
      (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION && (!operationName || definition.name?.value === operationName),
    );
    if (!operation) return answer(200, { errors: [{ message: 'no operation to run' }] });
    const context: CostContext = { fragments: fragmentsOf(document), variables };
    const queryType = schema.getQueryType() as GraphQLObjectType;
    Object.assign(entry, { operationName: operation.name?.value, variables });

    let requestedQueryCost: number;
    try {
      requestedQueryCost = requestedCost(operation.selectionSet, queryType, context);
    } catch (error) {
      return answer(200, { errors: [{ message: error instanceof Error ? error.message : 'invalid arguments' }] });
    }
    entry.requestedQueryCost = requestedQueryCost;
    const availableBefore = bucket.level();
    entry.availableBefore = availableBefore;
    const cost = (actualQueryCost: number | null) => ({ cost: { requestedQueryCost, actualQueryCost, throttleStatus: bucket.status() } });

    if (requestedQueryCost > bucket.maximumAvailable) {
      const message = `Query cost is ${requestedQueryCost}, which exceeds the single query max cost limit (${bucket.maximumAvailable}).`;
      return answer(200, { errors: [{ message, extensions: { code: 'MAX_COST_EXCEEDED', cost: requestedQueryCost, maxCost: bucket.maximumAvailable } }], extensions: cost(null) });
    }
    if (forcedThrottles > 0 || availableBefore < requestedQueryCost) {
      forcedThrottles = Math.max(0, forcedThrottles - 1);
      entry.throttled = true;
      const throttled = { message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } };
      return answer(200, { errors: [throttled], extensions: cost(null) });
    }
    const injected = graphqlErrors.shift();
    if (injected) return answer(200, { errors: [{ message: injected.message, extensions: { code: injected.code } }], extensions: cost(requestedQueryCost) });

    bucket.take(requestedQueryCost);
    const result = await execute({ schema, document, rootValue, variableValues: variables, operationName });
    const actualQueryCost = result.data ? actualCost(operation.selectionSet, queryType, result.data, context) : requestedQueryCost;
    bucket.take(actualQueryCost - requestedQueryCost);
    entry.actualQueryCost = actualQueryCost;
    return answer(200, { data: result.data ?? null, ...(result.errors && { errors: result.errors.map((error) => error.toJSON()) }), extensions: cost(actualQueryCost) });
  }

  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ errors: String(error) }));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  server.baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return server;
}

class LeakyBucket {
  maximumAvailable = 0;
  private restoreRate = 0;
  private available = 0;
  private at = 0;

  constructor(size: BucketSize) {
    this.resize(size);
  }

  resize(size: BucketSize): void {
    this.maximumAvailable = size.maximumAvailable;
    this.restoreRate = size.restoreRate;
    this.available = size.maximumAvailable;
    this.at = performance.now();
  }

  level(): number {
    const now = performance.now();
    this.available = Math.min(this.maximumAvailable, this.available + (this.restoreRate * (now - this.at)) / 1000);
    this.at = now;
    return this.available;
  }

  take(points: number): void {
    this.level();
    this.available = Math.min(this.maximumAvailable, this.available - points);
  }

  drain(): void {
    this.level();
    this.available = 0;
  }

  /** As Shopify reports it; what is available rounded down, so a client trusting it is never early. */
  status() {
    return { maximumAvailable: this.maximumAvailable, currentlyAvailable: Math.floor(this.level()), restoreRate: this.restoreRate };
  }
}

interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
}

/** Relay connection over items in order; the cursor is the last item's sort key (as Shopify's are), so pages hold while records change. */
function connection<Item, View>(items: Item[], sortKey: string, view: (item: Item) => View, args: ConnectionArgs) {
  const { first, after } = args;
  if (first === null || first === undefined) throw new GraphQLError('you must provide one of first or last');
  if (first < 1 || first > MAX_FIRST) throw new GraphQLError(`first must be between 1 and ${MAX_FIRST}`);
  const keyOf = (item: Item): (number | string)[] => {
    if (sortKey === 'POSITION') return [items.indexOf(item)];
    const record = item as unknown as { id: number; updatedAt: string };
    return sortKey === 'UPDATED_AT' ? [Date.parse(record.updatedAt), record.id] : [record.id];
  };
  const cursorOf = (item: Item) => Buffer.from(JSON.stringify(keyOf(item))).toString('base64url');
  let start = 0;
  if (after) {
    const afterKey = JSON.parse(Buffer.from(after, 'base64url').toString()) as (number | string)[];
    start = items.findIndex((item) => compareKeys(keyOf(item), afterKey) > 0);
    if (start < 0) start = items.length;
  }
  const page = items.slice(start, start + first);
  const head = page[0];
  const last = page.at(-1);
  return {
    edges: page.map((item) => ({ cursor: cursorOf(item), node: view(item) })),
    nodes: page.map(view),
    pageInfo: {
      hasNextPage: start + first < items.length,
      hasPreviousPage: start > 0,
      startCursor: head === undefined ? null : cursorOf(head),
      endCursor: last === undefined ? null : cursorOf(last),
    },
  };
}

function sortedBy<Item extends { id: number; updatedAt: string }>(items: Item[], sortKey: string): Item[] {
  return [...items].sort((a, b) => (sortKey === 'UPDATED_AT' ? compareKeys([Date.parse(a.updatedAt), a.id], [Date.parse(b.updatedAt), b.id]) : a.id - b.id));
}

function compareKeys(a: (number | string)[], b: (number | string)[]): number {
  for (let index = 0; index < a.length; index++) {
    const [x, y] = [a[index] as number | string, b[index] as number | string];
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** Shopify's search syntax, the `updated_at` comparisons only: anything else is refused, so a client sending it is noticed. */
function matchesSearch(query: string | null | undefined, updatedAt: string): boolean {
  if (!query) return true;
  const match = /^updated_at:(>=|<=|>|<)'?([^']+)'?$/.exec(query.trim());
  const bound = match ? Date.parse(match[2] as string) : Number.NaN;
  if (!match || Number.isNaN(bound)) throw new GraphQLError(`this test server understands only updated_at comparisons, not: ${query}`);
  const value = Date.parse(updatedAt);
  switch (match[1]) {
    case '>=':
      return value >= bound;
    case '<=':
      return value <= bound;
    case '>':
      return value > bound;
    default:
      return value < bound;
  }
}

interface CostContext {
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

/** The fields of a selection set, fragments spread (the subset has no interfaces, so type conditions always hold). */
function fieldsOf(selectionSet: SelectionSetNode, context: CostContext): FieldNode[] {
  return selectionSet.selections.flatMap((selection) => {
    if (selection.kind === Kind.FIELD) return [selection];
    const spread = selection.kind === Kind.INLINE_FRAGMENT ? selection.selectionSet : context.fragments[selection.name.value]?.selectionSet;
    return spread ? fieldsOf(spread, context) : [];
  });
}

function fragmentsOf(document: DocumentNode): Record<string, FragmentDefinitionNode> {
  return Object.fromEntries(
    document.definitions.filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION).map((fragment) => [fragment.name.value, fragment]),
  );
}

interface NodeSelection {
  selectionSet: SelectionSetNode;
  type: GraphQLObjectType;
  /** The nodes of this selection in a connection's answer. */
  valuesIn: (connection: Record<string, unknown>) => Record<string, unknown>[];
}

interface ObjectField {
  /** Where the field's value is in an answer (its alias, else its name). */
  key: string;
  selectionSet: SelectionSetNode;
  type: GraphQLObjectType;
  connection: { first: number; nodes: NodeSelection[] } | undefined;
}

/** The object-typed fields of a selection set, with their type and (for a connection) where its nodes are selected. */
function objectFields(selectionSet: SelectionSetNode, type: GraphQLObjectType, context: CostContext): ObjectField[] {
  return fieldsOf(selectionSet, context).flatMap((field): ObjectField[] => {
    const definition = type.getFields()[field.name.value];
    const fieldType = definition && getNamedType(definition.type);
    if (!definition || !field.selectionSet || !isObjectType(fieldType)) return [];
    const key = field.alias?.value ?? field.name.value;
    if (!fieldType.name.endsWith('Connection')) return [{ key, selectionSet: field.selectionSet, type: fieldType, connection: undefined }];
    const first = Number(getArgumentValues(definition, field, context.variables).first ?? 0);
    return [{ key, selectionSet: field.selectionSet, type: fieldType, connection: { first, nodes: nodeSelections(field.selectionSet, fieldType, context) } }];
  });
}

/** Where a connection's selection reaches its nodes: `nodes { … }` and `edges { node { … } }`, with how to find them in an answer. */
function nodeSelections(selectionSet: SelectionSetNode, connectionType: GraphQLObjectType, context: CostContext): NodeSelection[] {
  const nodeType = getNamedType(connectionType.getFields().nodes?.type) as GraphQLObjectType;
  return fieldsOf(selectionSet, context).flatMap((field) => {
    const key = field.alias?.value ?? field.name.value;
    if (field.name.value === 'nodes' && field.selectionSet) {
      return [{ selectionSet: field.selectionSet, valuesIn: (value: Record<string, unknown>) => (value[key] ?? []) as Record<string, unknown>[] }];
    }
    if (field.name.value !== 'edges' || !field.selectionSet) return [];
    return fieldsOf(field.selectionSet, context)
      .filter((edgeField) => edgeField.name.value === 'node' && edgeField.selectionSet)
      .map((nodeField) => {
        const nodeKey = nodeField.alias?.value ?? nodeField.name.value;
        const valuesIn = (value: Record<string, unknown>) => ((value[key] ?? []) as Record<string, unknown>[]).map((edge) => edge[nodeKey] as Record<string, unknown>);
        return { selectionSet: nodeField.selectionSet as SelectionSetNode, valuesIn };
      });
  }).map((selection) => ({ ...selection, type: nodeType }));
}

/** The cost Shopify charges before running a query: every connection as full as `first` allows. */
function requestedCost(selectionSet: SelectionSetNode, type: GraphQLObjectType, context: CostContext): number {
  let cost = 0;
  for (const field of objectFields(selectionSet, type, context)) {
    if (!field.connection) {
      cost += 1 + requestedCost(field.selectionSet, field.type, context);
      continue;
    }
    if (field.connection.first > MAX_FIRST) throw new GraphQLError(`first must be between 1 and ${MAX_FIRST}`);
    const nodeCost = 1 + field.connection.nodes.reduce((sum, node) => sum + requestedCost(node.selectionSet, node.type, context), 0);
    cost += 2 + field.connection.first * nodeCost;
  }
  return cost;
}

/** The cost of what an answer holds: the objects returned and the connections with the nodes they really had. */
function actualCost(selectionSet: SelectionSetNode, type: GraphQLObjectType, value: Record<string, unknown>, context: CostContext): number {
  let cost = 0;
  for (const field of objectFields(selectionSet, type, context)) {
    const fieldValue = value[field.key] as Record<string, unknown> | null | undefined;
    if (!fieldValue) continue;
    if (!field.connection) {
      cost += 1 + actualCost(field.selectionSet, field.type, fieldValue, context);
      continue;
    }
    cost += 2;
    for (const node of field.connection.nodes) {
      for (const nodeValue of node.valuesIn(fieldValue)) cost += 1 + actualCost(node.selectionSet, node.type, nodeValue, context);
    }
  }
  return cost;
}

const HISTORY_START = Date.parse('2024-01-01T00:00:00Z');
const MINUTE = 60_000;

/**
 * Products whose update order differs from their id order, three sharing each instant (so a page
 * can end amid records with the same updatedAt); product 0 has more variants than one page.
 */
function testProducts(count: number): TestProduct[] {
  return Array.from({ length: count }, (_, index) => {
    const updatedAt = dateTime(HISTORY_START + Math.floor(((index * 37) % count) / 3) * MINUTE);
    const createdAt = dateTime(HISTORY_START - 24 * 60 * MINUTE);
    const variantCount = index === 0 ? 25 : index % 5 === 0 ? 3 : index % 7 === 0 ? 2 : 1;
    const variants = Array.from({ length: variantCount }, (_, position) => ({
      id: 50_000 + index * 100 + position,
      title: variantCount === 1 ? 'Default Title' : `Size ${position + 1}`,
      sku: index % 11 === 10 ? null : `SKU-${index}-${position}`,
      priceCents: 1000 + index * 10 + position * 5,
      barcode: index % 2 === 0 ? `40000${index}${position}` : null,
      inventoryQuantity: (index * 7 + position) % 50,
      createdAt,
      updatedAt,
    }));
    return { id: 1000 + index, title: `Product ${index}`, createdAt, updatedAt, variants };
  });
}

/** Orders (two sharing each updatedAt, some without a customer); order 0 has more line items than one page. */
function testOrders(count: number, products: TestProduct[]): TestOrder[] {
  return Array.from({ length: count }, (_, index) => {
    const lineItemCount = index === 0 ? 12 : 1 + (index % 4);
    const lineItems = Array.from({ length: lineItemCount }, (_, position) => {
      const product = at(products, (index + position * 13) % products.length);
      const variant = at(product.variants, 0);
      return {
        id: 700_000 + index * 100 + position,
        title: product.title,
        sku: variant.sku,
        quantity: 1 + ((index + position) % 3),
        priceCents: variant.priceCents,
        variantId: variant.id,
        productId: product.id,
      };
    });
    const customerNumber = index % 40;
    const named = customerNumber % 3 !== 0;
    return {
      id: 9000 + index,
      name: `#${1001 + index}`,
      createdAt: dateTime(HISTORY_START + index * 30 * MINUTE),
      updatedAt: dateTime(HISTORY_START + 80 * 24 * 60 * MINUTE + Math.floor(((index * 53) % count) / 2) * MINUTE),
      customer:
        index % 10 === 9
          ? null
          : { id: 300 + customerNumber, email: `customer${customerNumber}@example.com`, firstName: named ? `First${customerNumber}` : null, lastName: named ? `Last${customerNumber}` : null },
      lineItems,
    };
  });
}

/** The order as Shopify's REST Admin API (and so its webhooks) gives it: numeric ids, snake_case, the shop's UTC offset. */
function restOrder(order: TestOrder) {
  const total = order.lineItems.reduce((sum, item) => sum + item.quantity * item.priceCents, 0);
  const restMoneySet = (cents: number) => ({
    shop_money: { amount: (cents / 100).toFixed(2), currency_code: CURRENCY },
    presentment_money: { amount: (cents / 100).toFixed(2), currency_code: CURRENCY },
  });
  return {
    id: order.id,
    admin_graphql_api_id: gid('Order', order.id),
    name: order.name,
    email: order.customer?.email ?? null,
    created_at: withShopOffset(order.createdAt),
    updated_at: withShopOffset(order.updatedAt),
    currency: CURRENCY,
    presentment_currency: CURRENCY,
    financial_status: 'paid',
    total_price: (total / 100).toFixed(2),
    total_price_set: restMoneySet(total),
    customer: order.customer && {
      id: order.customer.id,
      admin_graphql_api_id: gid('Customer', order.customer.id),
      email: order.customer.email,
      first_name: order.customer.firstName,
      last_name: order.customer.lastName,
      phone: null,
    },
    line_items: order.lineItems.map((item) => ({
      id: item.id,
      admin_graphql_api_id: gid('LineItem', item.id),
      title: item.title,
      name: item.title,
      sku: item.sku,
      quantity: item.quantity,
      price: (item.priceCents / 100).toFixed(2),
      price_set: restMoneySet(item.priceCents),
      product_id: item.productId,
      variant_id: item.variantId,
    })),
  };
}

/** A MoneyBag as GraphQL gives it: Decimal amounts without trailing zeros but one (`12.5`, `10.0`). */
function moneyBag(cents: number) {
  const amount = String(cents / 100);
  const money = { amount: amount.includes('.') ? amount : `${amount}.0`, currencyCode: CURRENCY };
  return { shopMoney: money, presentmentMoney: money };
}

function gid(type: string, id: number): string {
  return `gid://shopify/${type}/${id}`;
}

/** ISO 8601 to the second, UTC, as GraphQL's DateTime. */
function dateTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The same instant at the shop's offset (UTC-5), as REST gives it. */
function withShopOffset(iso: string): string {
  return `${new Date(Date.parse(iso) - 5 * 60 * MINUTE).toISOString().slice(0, 19)}-05:00`;
}

function at<Item>(items: Item[], index: number): Item {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

import { z } from 'zod';

/**
 * The Admin GraphQL operations the connector sends, each with its requested cost by Shopify's
 * documented rules (scalars and enums 0, objects 1, connections 2 + `first` × the cost of one node,
 * a node costing 1 plus its objects and connections): what the cost bucket is checked against
 * until Shopify reports the real figure.
 */
export interface ShopifyOperation<T> {
  /** The operation's name: keys its last reported cost, and names it in errors. */
  name: string;
  text: string;
  estimatedCost: number;
  data: z.ZodType<T>;
}

/** Shopify refuses any single query whose requested cost is above this, whatever the bucket holds. */
const SINGLE_QUERY_MAX_COST = 1000;

/** Variants read with their product; a product with more is completed by `productVariantsOperation`. */
export const VARIANTS_PER_PRODUCT = 20;
/** Line items read with their order; an order with more is completed by `orderLineItemsOperation`. */
export const LINE_ITEMS_PER_ORDER = 10;

// One variant: an object with scalars only.
const VARIANT_COST = 1;
const VARIANTS_COST = 2 + VARIANTS_PER_PRODUCT * VARIANT_COST;
// One product: itself and its variants connection.
const PRODUCT_COST = 1 + VARIANTS_COST;
// One line item: itself, originalUnitPriceSet and its shopMoney, variant.
const LINE_ITEM_COST = 1 + 2 + 1;
const LINE_ITEMS_COST = 2 + LINE_ITEMS_PER_ORDER * LINE_ITEM_COST;
// One order: itself, totalPriceSet and its shopMoney, customer, its line items connection.
const ORDER_COST = 1 + 2 + 1 + LINE_ITEMS_COST;

/** The largest page whose orders query Shopify accepts (orders are the costlier stream). */
export const MAX_PAGE_SIZE = Math.floor((SINGLE_QUERY_MAX_COST - 2) / Math.max(ORDER_COST, PRODUCT_COST));

const pageInfo = z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() });
const connection = <Node extends z.ZodType>(node: Node) => z.object({ pageInfo, nodes: z.array(node) });
const dateTime = z.iso.datetime({ offset: true });
const money = z.object({ amount: z.string(), currencyCode: z.string() });

const VARIANT_FIELDS = 'id title sku price barcode inventoryQuantity updatedAt';
const variant = z.object({
  id: z.string(),
  title: z.string(),
  sku: z.string().nullable(),
  price: z.string(),
  barcode: z.string().nullable(),
  inventoryQuantity: z.number().nullable(),
  updatedAt: dateTime,
});
export type ShopifyVariant = z.infer<typeof variant>;
const variants = connection(variant);

const product = z.object({ id: z.string(), title: z.string(), updatedAt: dateTime, variants });
export type ShopifyProduct = z.infer<typeof product>;

const LINE_ITEM_FIELDS = 'id title sku quantity originalUnitPriceSet { shopMoney { amount currencyCode } } variant { id }';
const lineItem = z.object({
  id: z.string(),
  title: z.string(),
  sku: z.string().nullable(),
  quantity: z.number(),
  originalUnitPriceSet: z.object({ shopMoney: money }),
  variant: z.object({ id: z.string() }).nullable(),
});
export type ShopifyLineItem = z.infer<typeof lineItem>;
const lineItems = connection(lineItem);

const order = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
  currencyCode: z.string(),
  totalPriceSet: z.object({ shopMoney: money }),
  // Null for a guest order, or when the app may not read protected customer data.
  customer: z.object({ id: z.string(), email: z.string().nullable(), displayName: z.string() }).nullable(),
  lineItems,
});
export type ShopifyOrder = z.infer<typeof order>;

export const shopOperation: ShopifyOperation<{ shop: { name: string } }> = {
  name: 'Shop',
  text: 'query Shop { shop { name } }',
  estimatedCost: 1,
  data: z.object({ shop: z.object({ name: z.string() }) }),
};

/** Products changed after a point, oldest change first (`query` is Shopify's search syntax). */
export function productsOperation(pageSize: number) {
  return {
    name: 'Products',
    text: `query Products($first: Int!, $after: String, $query: String) {
  products(first: $first, after: $after, sortKey: UPDATED_AT, query: $query) {
    pageInfo { hasNextPage endCursor }
    nodes { id title updatedAt variants(first: ${VARIANTS_PER_PRODUCT}) { pageInfo { hasNextPage endCursor } nodes { ${VARIANT_FIELDS} } } }
  }
}`,
    estimatedCost: 2 + pageSize * PRODUCT_COST,
    data: z.object({ products: connection(product) }),
  } satisfies ShopifyOperation<unknown>;
}

/** The variants of one product after the first page read with it. */
export const productVariantsOperation = {
  name: 'ProductVariants',
  text: `query ProductVariants($id: ID!, $after: String) {
  product(id: $id) { variants(first: ${VARIANTS_PER_PRODUCT}, after: $after) { pageInfo { hasNextPage endCursor } nodes { ${VARIANT_FIELDS} } } }
}`,
  estimatedCost: 1 + VARIANTS_COST,
  // Null when the product was deleted meanwhile.
  data: z.object({ product: z.object({ variants }).nullable() }),
} satisfies ShopifyOperation<unknown>;

/** Orders changed after a point, oldest change first. */
export function ordersOperation(pageSize: number) {
  return {
    name: 'Orders',
    text: `query Orders($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, sortKey: UPDATED_AT, query: $query) {
    pageInfo { hasNextPage endCursor }
    nodes {
      id name createdAt updatedAt currencyCode
      totalPriceSet { shopMoney { amount currencyCode } }
      customer { id email displayName }
      lineItems(first: ${LINE_ITEMS_PER_ORDER}) { pageInfo { hasNextPage endCursor } nodes { ${LINE_ITEM_FIELDS} } }
    }
  }
}`,
    estimatedCost: 2 + pageSize * ORDER_COST,
    data: z.object({ orders: connection(order) }),
  } satisfies ShopifyOperation<unknown>;
}

/** The line items of one order after the first page read with it. */
export const orderLineItemsOperation = {
  name: 'OrderLineItems',
  text: `query OrderLineItems($id: ID!, $after: String) {
  order(id: $id) { lineItems(first: ${LINE_ITEMS_PER_ORDER}, after: $after) { pageInfo { hasNextPage endCursor } nodes { ${LINE_ITEM_FIELDS} } } }
}`,
  estimatedCost: 1 + LINE_ITEMS_COST,
  data: z.object({ order: z.object({ lineItems }).nullable() }),
} satisfies ShopifyOperation<unknown>;

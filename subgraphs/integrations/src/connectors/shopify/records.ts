import type { SourceRecord } from '../source.ts';
import type { ShopifyLineItem, ShopifyOrder, ShopifyProduct, ShopifyVariant } from './queries.ts';

/** An order as the `orders` stream and the `orders/*` webhooks both give it: GraphQL's field names, line items as a list. */
export interface ShopifyOrderData {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  currencyCode: string;
  totalPriceSet: { shopMoney: { amount: string; currencyCode: string } };
  customer: { id: string; email: string | null; displayName: string } | null;
  lineItems: ShopifyLineItem[];
}

/** A variant of a product: an inventory item of the platform, so one `products` record per variant. */
export function variantRecord(product: Pick<ShopifyProduct, 'id' | 'title' | 'updatedAt'>, variant: ShopifyVariant): SourceRecord {
  // A product's title is part of the record: the record changed when either did.
  const updatedAt = latest(product.updatedAt, variant.updatedAt);
  return {
    stream: 'products',
    external_id: variant.id,
    updated_at: updatedAt,
    data: {
      id: variant.id,
      sku: variant.sku,
      // Shopify names a product's only variant "Default Title": the product's title alone then.
      title: variant.title === 'Default Title' ? product.title : `${product.title} - ${variant.title}`,
      productTitle: product.title,
      variantTitle: variant.title,
      price: variant.price,
      inventoryQuantity: variant.inventoryQuantity,
      barcode: variant.barcode,
      productId: product.id,
      updatedAt,
    },
  };
}

export function orderRecord(order: ShopifyOrderData): SourceRecord {
  return { stream: 'orders', external_id: order.id, updated_at: order.updatedAt, data: { ...order } };
}

export function orderData(order: ShopifyOrder, lineItems: ShopifyLineItem[]): ShopifyOrderData {
  const { id, name, createdAt, updatedAt, currencyCode, totalPriceSet, customer } = order;
  return { id, name, createdAt, updatedAt, currencyCode, totalPriceSet, customer, lineItems };
}

/** The later of two ISO 8601 instants. */
export function latest(a: string, b: string): string {
  return Date.parse(b) > Date.parse(a) ? b : a;
}

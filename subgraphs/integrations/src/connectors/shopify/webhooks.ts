import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { SourceError, type SourceRecord } from '../source.ts';
import { type ShopifyOrderData, orderRecord } from './records.ts';

/**
 * Whether a webhook is Shopify's: `X-Shopify-Hmac-Sha256` is base64(HMAC-SHA256(app client secret,
 * raw body)). The body must be the bytes as received (a string is taken as UTF-8): JSON parsed and
 * serialized again does not verify.
 */
export function verifyShopifyWebhook(rawBody: Buffer | string, hmacHeader: string | undefined, secret: string): boolean {
  // An empty key would let anyone sign.
  if (!hmacHeader || !secret) return false;
  const signature = hmacHeader.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  const given = Buffer.from(signature, 'base64');
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const numericId = z.union([z.number(), z.string()]);
const restMoneySet = z.object({ shop_money: z.object({ amount: z.union([z.string(), z.number()]), currency_code: z.string() }) });
const restOrderSchema = z.object({
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  currency: z.string(),
  total_price: z.union([z.string(), z.number()]).optional(),
  total_price_set: restMoneySet.optional(),
  customer: z
    .object({
      id: numericId,
      admin_graphql_api_id: z.string().optional(),
      email: z.string().nullish(),
      phone: z.string().nullish(),
      first_name: z.string().nullish(),
      last_name: z.string().nullish(),
    })
    .nullish(),
  line_items: z.array(
    z.object({
      id: numericId,
      admin_graphql_api_id: z.string().optional(),
      title: z.string(),
      sku: z.string().nullish(),
      quantity: z.number(),
      price: z.union([z.string(), z.number()]),
      price_set: restMoneySet.optional(),
      variant_id: numericId.nullish(),
    }),
  ),
});

/**
 * An `orders/create` (or `orders/updated`) webhook body, Shopify's REST Order JSON, as the record
 * the `orders` stream gives for the same order: same external_id (the order's GID), same fields.
 * A body that is no order at all throws; an order whose fields do not read is a record with a problem.
 */
export function parseShopifyOrderWebhook(rawBody: Buffer | string): SourceRecord {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString());
  } catch {
    throw new SourceError('Shopify webhook: the body is not JSON', false);
  }
  const id = z.object({ id: numericId.optional(), admin_graphql_api_id: z.string().optional() }).safeParse(body);
  const orderId = id.success ? (id.data.admin_graphql_api_id ?? (id.data.id === undefined ? undefined : gid('Order', id.data.id))) : undefined;
  if (!orderId) throw new SourceError('Shopify webhook: the body is not an order (no id)', false);

  const order = restOrderSchema.safeParse(body);
  if (!order.success) {
    return { stream: 'orders', external_id: orderId, data: body as Record<string, unknown>, problem: `not an order as Shopify sends it: ${z.prettifyError(order.error)}` };
  }
  const { name, created_at, updated_at, currency, total_price, total_price_set, customer, line_items } = order.data;
  const data: ShopifyOrderData = {
    id: orderId,
    name,
    createdAt: graphqlDateTime(created_at),
    updatedAt: graphqlDateTime(updated_at),
    currencyCode: currency,
    totalPriceSet: { shopMoney: shopMoney(total_price_set, total_price ?? '0', currency) },
    customer: customer
      ? {
          id: customer.admin_graphql_api_id ?? gid('Customer', customer.id),
          email: customer.email ?? null,
          displayName: displayName(customer),
        }
      : null,
    lineItems: line_items.map((item) => ({
      id: item.admin_graphql_api_id ?? gid('LineItem', item.id),
      title: item.title,
      sku: item.sku ?? null,
      quantity: item.quantity,
      originalUnitPriceSet: { shopMoney: shopMoney(item.price_set, item.price, currency) },
      variant: item.variant_id === null || item.variant_id === undefined ? null : { id: gid('ProductVariant', item.variant_id) },
    })),
  };
  return orderRecord(data);
}

function gid(type: string, id: number | string): string {
  return `gid://shopify/${type}/${id}`;
}

/** The shop-currency amount, from the money set when the payload has one. */
function shopMoney(set: z.infer<typeof restMoneySet> | undefined, amount: string | number, currency: string): { amount: string; currencyCode: string } {
  return set ? { amount: String(set.shop_money.amount), currencyCode: set.shop_money.currency_code } : { amount: String(amount), currencyCode: currency };
}

/** REST gives the shop's offset (`…-05:00`), GraphQL UTC to the second (`…Z`): records compare equal whichever way they came. */
function graphqlDateTime(value: string): string {
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value : instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** GraphQL's Customer.displayName: the full name, else the email, else the phone. */
function displayName(customer: { first_name?: string | null; last_name?: string | null; email?: string | null; phone?: string | null }): string {
  const fullName = [customer.first_name, customer.last_name].filter(Boolean).join(' ');
  return fullName || customer.email || customer.phone || '';
}

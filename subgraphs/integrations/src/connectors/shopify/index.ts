export { type ShopifyConfig, type ShopifyCredentials, shopifyConfigSchema, shopifyCredentialsSchema, shopifyGraphqlEndpoint } from './config.ts';
export type { ShopifyOrderData } from './records.ts';
export { SHOPIFY_STREAMS, type ShopifyStream, createShopifySource, shopifyCursorSince } from './shopify-source.ts';
export { parseShopifyOrderWebhook, verifyShopifyWebhook } from './webhooks.ts';

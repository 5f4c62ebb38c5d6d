import { z } from 'zod';
import { withoutTrailingSlashes } from '../url-paths.ts';
import { MAX_PAGE_SIZE } from './queries.ts';

/** A Shopify connection's settings (not secret). */
export const shopifyConfigSchema = z.object({
  /** The shop's permanent domain: the Admin API answers only there, never on a custom domain. */
  shop_domain: z.string().regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/i, 'a shop domain such as acme.myshopify.com'),
  /** A stable Admin API version (`2025-01`: quarterly, year-month) or `unstable`. */
  api_version: z.string().regex(/^(\d{4}-(01|04|07|10)|unstable)$/, 'an Admin API version such as 2025-01'),
  /** Replaces `https://{shop_domain}` (tests, a self-hosted proxy); the API path stays Shopify's. */
  base_url: z.url({ protocol: /^https?$/ }).optional(),
  /** Products or orders per request; bounded so an orders page stays under Shopify's single-query cost limit. */
  page_size: z.int().min(1).max(MAX_PAGE_SIZE).optional(),
});
export type ShopifyConfig = z.infer<typeof shopifyConfigSchema>;

/** A Shopify connection's secrets. */
export const shopifyCredentialsSchema = z.object({
  /** The Admin API access token (custom app, or the OAuth grant of a public app). */
  access_token: z.string().min(1),
  /** The app's client secret, which signs the webhooks Shopify sends it (`X-Shopify-Hmac-Sha256`). */
  webhook_secret: z.string().min(1).optional(),
});
export type ShopifyCredentials = z.infer<typeof shopifyCredentialsSchema>;

export const DEFAULT_PAGE_SIZE = 20;

/** The Admin GraphQL endpoint of the shop, at the configured API version. */
export function shopifyGraphqlEndpoint(config: ShopifyConfig): string {
  const origin = withoutTrailingSlashes(config.base_url ?? `https://${config.shop_domain}`);
  return `${origin}/admin/api/${config.api_version}/graphql.json`;
}

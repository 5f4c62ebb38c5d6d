export { buildIdentitySchema, identityRestRoutes } from './schema/index.ts';
export { createTenantPair, type TenantPair } from './services/tenants.ts';
export { createOAuthClient, type IssuedClient } from './services/oauth-clients.ts';
export { loadSigningKeys, type SigningKeys } from './services/signing-keys.ts';
export { exchangeClientCredentials, OAuthError, type TokenRequest, type TokenResponse } from './services/token-exchange.ts';

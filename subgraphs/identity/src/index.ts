export { identitySubgraph } from './subgraph.ts';
export { createTenantPair, type TenantPair } from './services/tenants.ts';
export { createOAuthClient, type IssuedClient } from './services/oauth-clients.ts';
export { loadSigningKeys, type SigningKeys } from './services/signing-keys.ts';
export { authenticateClient, exchangeClientCredentials, OAuthError, type TokenRequest, type TokenResponse } from './services/token-exchange.ts';
export { revokeAccessToken, introspectToken } from './services/token-lifecycle.ts';
export { createApiKey, authenticateApiKey, looksLikeApiKey } from './services/api-keys.ts';
export { rotateClientSecret } from './services/oauth-clients.ts';

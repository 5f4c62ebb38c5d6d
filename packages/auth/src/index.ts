export { scopeCatalogue, type Scope, isKnownScope, parseScopeString } from './scopes.ts';
export { type Principal, requireScope } from './principal.ts';
export { generateSigningKey, type SigningKeyPair, createTokenIssuer, type TokenIssuer, createTokenVerifier, type TokenVerifier, TOKEN_AUDIENCE } from './tokens.ts';
export { generateSecret, hashSecret, secretMatches } from './secrets.ts';
export { type ServiceCall, type ServiceTokens, serviceTokens } from './service-token.ts';

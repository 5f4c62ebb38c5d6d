import { type TokenIssuer, isKnownScope, parseScopeString, secretMatches } from '@platform/auth';
import type { OAuthClient, PrismaClient } from '@platform/db';

/** An RFC 6749 section 5.2 error: its own body shape (`error`, `error_description`), not problem+json. */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly error: 'invalid_request' | 'invalid_client' | 'invalid_scope' | 'unsupported_grant_type',
    readonly description: string,
  ) {
    super(description);
  }
}

export interface TokenRequest {
  grant_type?: unknown;
  token?: unknown;
  token_type_hint?: unknown;
  client_id?: unknown;
  client_secret?: unknown;
  scope?: unknown;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

/**
 * Client authentication of the token, revocation and introspection endpoints, from the
 * request's `client_id` and `client_secret`. During a secret rotation's overlap the previous
 * secret is accepted too.
 */
export async function authenticateClient(prisma: PrismaClient, request: TokenRequest): Promise<OAuthClient> {
  const clientId = requiredString(request, 'client_id');
  const clientSecret = requiredString(request, 'client_secret');
  const client = await prisma.oAuthClient.findUnique({ where: { id: clientId } });
  const previousValid = client?.previous_secret_hash && client.previous_secret_expires_at && client.previous_secret_expires_at > new Date();
  const secretValid = client && (secretMatches(clientSecret, client.secret_hash) || (previousValid && secretMatches(clientSecret, client.previous_secret_hash as string)));
  if (!client || client.revoked_at || !secretValid) throw new OAuthError(401, 'invalid_client', 'Client authentication failed.');
  return client;
}

function requiredString(request: TokenRequest, name: keyof TokenRequest): string {
  const value = request[name];
  if (value === undefined || value === null || value === '') throw new OAuthError(400, 'invalid_request', `The ${name} parameter is required.`);
  if (typeof value !== 'string') throw new OAuthError(400, 'invalid_request', `The ${name} parameter must be a string.`);
  return value;
}

/**
 * The client-credentials grant (RFC 6749 section 4.4) for a client already authenticated with
 * `authenticateClient`. The granted scope is the requested scopes, every one of which the client
 * must be allowed; without `scope`, every scope the client is allowed is granted (section 3.3
 * lets the server choose a default).
 */
export async function exchangeClientCredentials(issuer: TokenIssuer, client: OAuthClient, request: TokenRequest): Promise<TokenResponse> {
  const grantType = requiredString(request, 'grant_type');
  if (grantType !== 'client_credentials') throw new OAuthError(400, 'unsupported_grant_type', `The grant type ${grantType} is not supported; use client_credentials.`);
  if (request.scope !== undefined && typeof request.scope !== 'string') throw new OAuthError(400, 'invalid_request', 'The scope parameter must be a space-separated string.');

  const requested = request.scope === undefined ? client.scopes : parseScopeString(request.scope);
  if (requested.length === 0) throw new OAuthError(400, 'invalid_scope', 'The scope parameter names no scope.');
  for (const scope of requested) {
    if (!isKnownScope(scope)) throw new OAuthError(400, 'invalid_scope', `The scope ${scope} does not exist.`);
    if (!client.scopes.includes(scope)) throw new OAuthError(400, 'invalid_scope', `The client is not allowed the scope ${scope}.`);
  }

  const { token, expiresIn } = await issuer.issue({ tenantId: client.tenant_id, clientId: client.id, scopes: requested });
  return { access_token: token, token_type: 'Bearer', expires_in: expiresIn, scope: requested.join(' ') };
}

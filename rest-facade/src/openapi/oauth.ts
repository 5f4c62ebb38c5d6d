import type { JsonSchema } from './json-schema.ts';

/**
 * The OAuth 2.0 endpoints (RFC 6749 client credentials, RFC 7009 revocation, RFC 7662
 * introspection). They are not GraphQL fields and answer in OAuth's own format
 * (`{ error, error_description }`), so they are described here by hand.
 */

/** RFC 6749 appendix A: parameters are printable ASCII (the endpoints refuse anything else with `invalid_request`). */
const parameter = (description: string, minLength = 1): JsonSchema => ({ type: 'string', pattern: '^[\\x20-\\x7E]*$', minLength, maxLength: 4096, description });

const oauthError = (description: string, headers: Record<string, unknown> = {}) => ({
  description,
  headers: { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' }, ...headers },
  content: { 'application/json': { schema: { $ref: '#/components/schemas/OAuthError' } } },
});

const errors = {
  400: oauthError('`invalid_request` (a missing, repeated or malformed parameter, or a body that is neither JSON nor form-encoded), `invalid_scope`, `unsupported_grant_type` (RFC 6749 section 5.2).'),
  401: oauthError('`invalid_client`: the client id and secret do not authenticate (the same answer for an unknown client id and a wrong secret).', {
    'WWW-Authenticate': { description: 'The authentication scheme for client credentials.', required: true, schema: { type: 'string' } },
  }),
  429: oauthError('`slow_down`: too many failed client authentications for this client id or from this address; retry after `Retry-After` seconds.', { 'Retry-After': { $ref: '#/components/headers/Retry-After' } }),
  503: { $ref: '#/components/responses/ServiceUnavailable' },
};

/** A body given as JSON or as a form, alike; `required` names its mandatory parameters. */
function form(properties: Record<string, JsonSchema>, required: string[]) {
  const schema = { type: 'object', required, properties };
  return { required: true, content: { 'application/json': { schema }, 'application/x-www-form-urlencoded': { schema } } };
}

const clientCredentials = {
  client_id: parameter('The client id (`cli_…`); or send it with the secret as HTTP Basic.'),
  client_secret: parameter('The client secret (`cs_live_…` / `cs_test_…`).'),
};

const noStore = { 'Cache-Control': { description: '`no-store`: tokens are never cached.', required: true, schema: { type: 'string' } } };

export const oauthSchemas: Record<string, JsonSchema> = {
  OAuthError: {
    type: 'object',
    description: 'An OAuth 2.0 error response (RFC 6749 section 5.2).',
    required: ['error'],
    properties: { error: { type: 'string', description: 'RFC 6749 error code.' }, error_description: { type: 'string', description: 'What went wrong, for a person.' } },
  },
  TokenResponse: {
    type: 'object',
    description: 'An access token (RFC 6749 section 5.1).',
    required: ['access_token', 'token_type', 'expires_in', 'scope'],
    properties: {
      access_token: { type: 'string', description: 'Bearer token (an ES256 JWT; treat it as opaque).' },
      token_type: { type: 'string', enum: ['Bearer'], description: 'Always `Bearer`: send it as `Authorization: Bearer <access_token>`.' },
      expires_in: { type: 'integer', minimum: 1, description: 'Lifetime of the token in seconds.' },
      scope: { type: 'string', description: 'Space-separated granted scopes.' },
    },
  },
  Introspection: {
    type: 'object',
    description: '`{ "active": false }` for anything not active in this tenant; otherwise the credential\'s claims (RFC 7662 section 2.2).',
    required: ['active'],
    properties: {
      active: { type: 'boolean', description: 'Whether the credential authenticates requests now.' },
      scope: { type: 'string', description: 'Space-separated scopes the credential holds.' },
      client_id: { type: 'string', description: 'Access tokens: the OAuth client the token was issued to.' },
      key_id: { type: 'string', description: 'API keys: the key\'s id (`key_…`).' },
      sub: { type: 'string', description: 'Access tokens: the subject (the client id).' },
      aud: { description: 'Access tokens: the audience.', anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
      iss: { type: 'string', description: 'Access tokens: the issuer (the platform\'s public URL).' },
      jti: { type: 'string', description: 'Access tokens: the token\'s id.' },
      tenant_id: { type: 'string', description: 'The tenant the credential belongs to.' },
      token_type: { type: 'string', description: '`Bearer` for access tokens, `api_key` for API keys.' },
      exp: { type: 'integer', description: 'When the credential expires, in seconds since the epoch; absent when it does not.' },
      iat: { type: 'integer', description: 'When the credential was issued, in seconds since the epoch.' },
    },
  },
};

export function oauthPaths(basePath: string): Record<string, unknown> {
  return {
    [`${basePath}/oauth/token`]: {
      post: {
        operationId: 'oauth_token',
        tags: ['Auth'],
        summary: 'Exchange client credentials for an access token',
        description: 'The OAuth 2.0 client-credentials grant (RFC 6749 section 4.4). Client credentials go in the body or in HTTP Basic.',
        security: [],
        requestBody: form(
          {
            grant_type: { type: 'string', enum: ['client_credentials'] },
            ...clientCredentials,
            scope: parameter('Space-separated scopes; default: every scope the client is allowed.', 0),
          },
          ['grant_type', 'client_id', 'client_secret'],
        ),
        responses: { 200: { description: 'The access token.', headers: noStore, content: { 'application/json': { schema: { $ref: '#/components/schemas/TokenResponse' } } } }, ...errors },
      },
    },
    [`${basePath}/oauth/revoke`]: {
      post: {
        operationId: 'oauth_revoke',
        tags: ['Auth'],
        summary: 'Revoke an access token',
        description: 'Revokes an access token issued to the calling client (RFC 7009). Unknown or invalid tokens are not an error.',
        security: [],
        requestBody: form({ ...clientCredentials, token: parameter('The access token.'), token_type_hint: { type: 'string', enum: ['access_token'] } }, ['client_id', 'client_secret', 'token']),
        responses: { 200: { description: 'The token is revoked (or was not a valid token of this client).', headers: noStore }, ...errors },
      },
    },
    [`${basePath}/oauth/introspect`]: {
      post: {
        operationId: 'oauth_introspect',
        tags: ['Auth'],
        summary: 'Describe an access token or API key',
        description: "Describes an access token or API key of the calling client's tenant (RFC 7662).",
        security: [],
        requestBody: form({ ...clientCredentials, token: parameter('The access token or API key.') }, ['client_id', 'client_secret', 'token']),
        responses: { 200: { description: 'The credential\'s state.', headers: noStore, content: { 'application/json': { schema: { $ref: '#/components/schemas/Introspection' } } } }, ...errors },
      },
    },
  };
}

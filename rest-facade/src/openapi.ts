import { scopeCatalogue } from '@platform/auth';
import { errorCatalogue } from '@platform/errors';
import { getNamedType, isNonNullType } from 'graphql';
import type { useSofa } from 'sofa-api';
import type { Route } from './route-table.ts';

export type OpenApiDocument = {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
};

const problemSchema = {
  type: 'object',
  description: 'RFC 9457 problem details.',
  required: ['type', 'title', 'status', 'detail', 'instance', 'code', 'request_id'],
  properties: {
    type: { type: 'string', description: 'URI reference to the documentation of the error code.' },
    title: { type: 'string', description: 'Short summary of the error code.' },
    status: { type: 'integer', description: 'The HTTP status, repeated.' },
    detail: { type: 'string', description: 'What went wrong, for a person.' },
    instance: { type: 'string', description: 'The request path.' },
    code: { type: 'string', enum: Object.keys(errorCatalogue), description: 'Stable machine-readable error code.' },
    request_id: { type: 'string', description: 'Also in the X-Request-Id header.' },
    errors: {
      type: 'array',
      description: 'Each parameter or body field at fault.',
      items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } },
    },
    required_scope: { type: 'string', description: 'With insufficient_scope: the scope the operation needs.' },
  },
};

const problemResponse = (description: string) => ({ description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } });

const clientAuthenticatedForm = (properties: Record<string, unknown>) => ({
  required: true,
  content: Object.fromEntries(
    ['application/json', 'application/x-www-form-urlencoded'].map((type) => [
      type,
      { schema: { type: 'object', required: ['client_id', 'client_secret', 'token'], properties: { client_id: { type: 'string' }, client_secret: { type: 'string' }, token: { type: 'string' }, ...properties } } },
    ]),
  ),
});

/** Past the limit of failed client authentications (per client id and per address). */
const slowDown = {
  description: 'slow_down: too many failed client authentications for this client id or from this address; retry after Retry-After seconds.',
  headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer', minimum: 1 } } },
  content: { 'application/json': { schema: { $ref: '#/components/schemas/OAuthError' } } },
};

const oauthErrors = {
  400: { description: 'invalid_request.', content: { 'application/json': { schema: { $ref: '#/components/schemas/OAuthError' } } } },
  401: { description: 'invalid_client.', content: { 'application/json': { schema: { $ref: '#/components/schemas/OAuthError' } } } },
  429: slowDown,
};

const revokePath = {
  post: {
    operationId: 'oauth_revoke',
    tags: ['Auth'],
    summary: 'Revoke an access token issued to the calling client (RFC 7009). Unknown or invalid tokens are not an error.',
    security: [],
    requestBody: clientAuthenticatedForm({ token_type_hint: { type: 'string', enum: ['access_token'] } }),
    responses: { 200: { description: 'The token is revoked (or was not a valid token of this client).' }, ...oauthErrors },
  },
};

const introspectPath = {
  post: {
    operationId: 'oauth_introspect',
    tags: ['Auth'],
    summary: "Describe an access token or API key of the calling client's tenant (RFC 7662).",
    security: [],
    requestBody: clientAuthenticatedForm({}),
    responses: {
      200: {
        description: '`{ "active": false }` for anything not active in this tenant; otherwise the credential\'s claims.',
        content: { 'application/json': { schema: { type: 'object', required: ['active'], properties: { active: { type: 'boolean' }, scope: { type: 'string' }, client_id: { type: 'string' }, tenant_id: { type: 'string' }, token_type: { type: 'string' }, exp: { type: 'integer' }, iat: { type: 'integer' } } } } },
      },
      ...oauthErrors,
    },
  },
};

const tokenPath = {
  post: {
    operationId: 'oauth_token',
    tags: ['Auth'],
    summary: 'Exchange client credentials for an access token (OAuth 2.0 client-credentials grant).',
    security: [],
    requestBody: {
      required: true,
      content: Object.fromEntries(
        ['application/json', 'application/x-www-form-urlencoded'].map((type) => [
          type,
          {
            schema: {
              type: 'object',
              required: ['grant_type', 'client_id', 'client_secret'],
              properties: {
                grant_type: { type: 'string', enum: ['client_credentials'] },
                client_id: { type: 'string' },
                client_secret: { type: 'string' },
                scope: { type: 'string', description: 'Space-separated scopes; default: every scope the client is allowed.' },
              },
            },
          },
        ]),
      ),
    },
    responses: {
      200: {
        description: 'The access token.',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['access_token', 'token_type', 'expires_in', 'scope'],
              properties: {
                access_token: { type: 'string', description: 'Bearer token (an ES256 JWT; treat it as opaque).' },
                token_type: { type: 'string', enum: ['Bearer'] },
                expires_in: { type: 'integer', description: 'Lifetime of the token in seconds.' },
                scope: { type: 'string', description: 'Space-separated granted scopes.' },
              },
            },
          },
        },
      },
      400: { description: 'invalid_request, invalid_scope or unsupported_grant_type (RFC 6749 section 5.2).', content: { 'application/json': { schema: { $ref: '#/components/schemas/OAuthError' } } } },
      401: { description: 'invalid_client.', content: { 'application/json': { schema: { $ref: '#/components/schemas/OAuthError' } } } },
      429: slowDown,
    },
  },
};

/** A versioned record's success response carries its `ETag`. */
function withETagHeader(responses: Record<string, Record<string, unknown>>, versioned: boolean): Record<string, unknown> {
  if (!versioned) return responses;
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => [
      status,
      status.startsWith('2') ? { ...response, headers: { ETag: { description: 'The record\'s version, for `If-Match`.', schema: { type: 'string' } } } } : response,
    ]),
  );
}

/**
 * SOFA's OpenAPI document, narrowed to the declared routes and completed with what SOFA cannot
 * know: authentication, the tenant header, problem responses and the token endpoint.
 */
export async function buildOpenApiDocument(sofa: ReturnType<typeof useSofa>, basePath: string, routes: Route[]): Promise<OpenApiDocument> {
  const response = await sofa.fetch(new Request(`http://facade.internal${basePath}/openapi.json`));
  const generated = (await response.json()) as OpenApiDocument;
  const paths: OpenApiDocument['paths'] = { [`${basePath}/oauth/token`]: tokenPath, [`${basePath}/oauth/revoke`]: revokePath, [`${basePath}/oauth/introspect`]: introspectPath };
  for (const route of routes) {
    // SOFA lists paths relative to its base path; the published document gives them in full.
    const relativePath = route.path.replace(/:(\w+)/g, '{$1}');
    const openApiPath = `${basePath}${relativePath}`;
    const method = route.method.toLowerCase();
    const operation = generated.paths[relativePath]?.[method];
    if (!operation) throw new Error(`SOFA generated no OpenAPI operation for ${route.method} ${route.path}`);
    paths[openApiPath] ??= {};
    // SOFA describes a body as `{ <argument>: ... }`; the facade takes the input object itself.
    const { requestBody: _sofaBody, ...described } = operation;
    const requestBody = route.bodyArg
      ? { required: isNonNullType(route.bodyArg.type), content: { 'application/json': { schema: { $ref: `#/components/schemas/${getNamedType(route.bodyArg.type).name}` } } } }
      : undefined;
    (paths[openApiPath] as Record<string, unknown>)[method] = {
      ...described,
      ...(requestBody && { requestBody }),
      operationId: route.field.name,
      description: route.field.description ?? operation.description,
      security: [{ bearerAuth: [] }],
      parameters: [
        { $ref: '#/components/parameters/TenantHeader' },
        ...(route.method !== 'GET' ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
        ...(route.method !== 'GET' && route.versioned && route.pathParams.length > 0 ? [{ $ref: '#/components/parameters/IfMatch' }] : []),
        // SOFA lists an optional input argument as a query parameter too; it is the body.
        ...((operation.parameters as Array<{ name?: string }>) ?? []).filter((parameter) => parameter.name !== route.bodyArg?.name),
      ],
      responses: {
        ...withETagHeader(operation.responses as Record<string, Record<string, unknown>>, route.versioned),
        400: problemResponse('Invalid parameters or body (invalid_parameter, unknown_parameter, validation_failed, malformed_body).'),
        401: problemResponse('Missing, invalid or expired access token.'),
        403: problemResponse('Tenant mismatch or missing scope.'),
        404: problemResponse('No such resource in this tenant.'),
        ...(route.method !== 'GET' && {
          409: problemResponse('Conflict: already exists, a stale `version`, an action the status does not allow, not enough stock, a quota reached, or an Idempotency-Key reused or in use (already_exists, version_conflict, invalid_transition, invalid_state, insufficient_stock, quota_exceeded, idempotency_key_reused, idempotency_key_in_use).'),
        }),
        ...(route.method !== 'GET' && route.versioned && route.pathParams.length > 0 && { 412: problemResponse('If-Match does not name the current version (precondition_failed).') }),
        ...(route.bodyArg && { 415: problemResponse('The body is not application/json (unsupported_media_type).') }),
        429: problemResponse("Over the tenant's rate limit, or too many failed API keys from this address (rate_limited); see Retry-After."),
      },
    };
  }
  return {
    ...generated,
    info: {
      title: 'Platform API',
      version: 'v1',
      description: 'REST facade of the platform supergraph. Every operation except the token exchange needs `Authorization: Bearer <token>` and `X-Service-Tenant: <tenant_id>`. Errors are RFC 9457 problem details with a stable `code`.',
    },
    // Paths are given in full (with /v1), so the server is the origin serving this document.
    servers: [{ url: '/' }],
    paths,
    components: {
      ...generated.components,
      schemas: {
        // The root types describe GraphQL, not REST resources.
        ...Object.fromEntries(Object.entries(generated.components.schemas ?? {}).filter(([name]) => name !== 'Query' && name !== 'Mutation')),
        Problem: problemSchema,
        OAuthError: { type: 'object', required: ['error'], properties: { error: { type: 'string', description: 'RFC 6749 error code.' }, error_description: { type: 'string', description: 'What went wrong, for a person.' } } },
      },
      parameters: {
        TenantHeader: { name: 'X-Service-Tenant', in: 'header', required: true, description: 'The tenant the request acts on; must be the tenant of the credential.', schema: { type: 'string' } },
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'Makes the write safe to retry: a retry with the same key and request returns the first response (`Idempotent-Replayed: true`) without acting again; the same key with a different request is a 409. Keys are per tenant, kept 24 hours; 1 to 255 visible ASCII characters (a UUID).',
          schema: { type: 'string', maxLength: 255 },
        },
        IfMatch: {
          name: 'If-Match',
          in: 'header',
          required: false,
          description: 'The `ETag` of the version this change is based on (e.g. `"3"`); if the record changed since, the request is refused with 412 and nothing changes.',
          schema: { type: 'string' },
        },
      },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        oauth2: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: `${basePath}/oauth/token`, scopes: scopeCatalogue } } },
      },
    },
  };
}

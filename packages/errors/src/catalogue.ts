/**
 * Every error code the platform returns, with its HTTP status and title. Codes are stable:
 * clients branch on them, so a code is never renamed or reused (docs/errors.md lists them).
 */
export const errorCatalogue = {
  unauthenticated: { status: 401, title: 'Authentication required', description: 'The request carries no credential. Send `Authorization: Bearer <access token>`.' },
  invalid_token: { status: 401, title: 'Invalid access token', description: 'The bearer token is malformed, expired, revoked or not issued by this platform.' },
  tenant_header_missing: { status: 400, title: 'Tenant header missing', description: 'Every authenticated request names its tenant in `X-Service-Tenant`.' },
  tenant_mismatch: { status: 403, title: 'Tenant does not match the credential', description: 'The `X-Service-Tenant` header names a tenant other than the one the credential belongs to (a sandbox credential used against production, for instance).' },
  insufficient_scope: { status: 403, title: 'Missing scope', description: 'The credential lacks the scope the operation requires; `required_scope` names it.' },
  invalid_parameter: { status: 400, title: 'Invalid parameter', description: 'A query or path parameter has a value of the wrong type or out of range; `errors` names it.' },
  unknown_parameter: { status: 400, title: 'Unknown parameter', description: 'The request carries a query parameter the operation does not define; `errors` names it.' },
  validation_failed: { status: 400, title: 'Validation failed', description: 'The request body is not valid for the operation; `errors` lists each field at fault.' },
  malformed_body: { status: 400, title: 'Malformed request body', description: 'The request body is not well-formed JSON.' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type', description: 'The request body must be `application/json`.' },
  not_found: { status: 404, title: 'Not found', description: 'No resource with that identifier exists in this tenant.' },
  route_not_found: { status: 404, title: 'No such route', description: 'No operation exists at this path.' },
  method_not_allowed: { status: 405, title: 'Method not allowed', description: 'The path exists but does not accept this HTTP method.' },
  already_exists: { status: 409, title: 'Already exists', description: 'A resource with that identifier already exists in this tenant.' },
  invalid_state: { status: 409, title: 'Invalid state', description: 'The resource is not in a state that allows this action (revoking a revoked key, deleting a built-in role).' },
  rate_limited: { status: 429, title: 'Rate limit exceeded', description: "The tenant's plan allows no more requests in the current window; retry after `Retry-After` seconds. `RateLimit-*` headers describe the window." },
  query_invalid: { status: 400, title: 'Invalid GraphQL request', description: 'The GraphQL document does not parse or does not validate against the schema.' },
  internal_error: { status: 500, title: 'Internal error', description: 'Something failed on our side. The `request_id` identifies it in our logs.' },
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

export function statusOf(code: string): number {
  return code in errorCatalogue ? errorCatalogue[code as ErrorCode].status : 500;
}

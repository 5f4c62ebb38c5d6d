/**
 * Every error code the platform returns, with its HTTP status and title. Codes are stable:
 * clients branch on them, so a code is never renamed or reused (docs/errors.md lists them).
 */
export const errorCatalogue = {
  unauthenticated: { status: 401, title: 'Authentication required', description: 'The request carries no credential. Send `Authorization: Bearer <access token>`.' },
  signature_invalid: { status: 401, title: 'Invalid signature', description: 'An inbound webhook’s signature (Shopify: `X-Shopify-Hmac-Sha256`) does not verify with the secret configured for its connector.' },
  invalid_token: { status: 401, title: 'Invalid access token', description: 'The bearer token is malformed, expired, revoked or not issued by this platform.' },
  invalid_credentials: { status: 401, title: 'Invalid credentials', description: 'Signing in failed: the tenant, e-mail or password is wrong, or the person cannot sign in. The answer is the same whichever it was.' },
  invalid_totp_code: { status: 401, title: 'Invalid one-time code', description: 'The authenticator code (TOTP) is wrong, expired or was already used; failures count toward the account lockout.' },
  account_locked: { status: 429, title: 'Account locked', description: 'Too many failed sign-ins for this person; signing in is refused (even with the right password) until `Retry-After` seconds have passed, or a password reset.' },
  csrf_failed: { status: 403, title: 'Cross-site request refused', description: 'A console request made with the session cookie lacks the `X-CSRF-Token` of its session, or comes from another origin.' },
  weak_password: { status: 400, title: 'Password not accepted', description: 'The new password is too short (12 characters at least) or too long (128 at most), is a commonly used or breached password, contains the e-mail address, or is too easy to guess; `errors` says which.' },
  sign_in_token_invalid: { status: 400, title: 'Link not valid', description: 'The invitation or password-reset link is unknown, expired or already used; ask for a new one.' },
  no_access_to_tenant: { status: 403, title: 'No access to that tenant', description: 'The signed-in person has no active user in the tenant asked for (switching to the paired sandbox or production tenant needs one).' },
  identity_provider_unavailable: { status: 503, title: 'Identity provider unavailable', description: 'The tenant\'s OpenID Connect identity provider could not be reached or answered wrongly; retry later or sign in with a password.' },
  console_not_built: { status: 503, title: 'Console not built', description: 'The operations console at `/console` has not been built on this installation (no `packages/console/dist`). `npm start` builds it; or run `npm run build`.' },
  tenant_header_missing: { status: 400, title: 'Tenant header missing', description: 'Every authenticated request names its tenant in `X-Service-Tenant`.' },
  tenant_mismatch: { status: 403, title: 'Tenant does not match the credential', description: 'The `X-Service-Tenant` header names a tenant other than the one the credential belongs to (a sandbox credential used against production, for instance).' },
  insufficient_scope: { status: 403, title: 'Missing scope', description: 'The credential lacks the scope the operation requires; `required_scope` names it.' },
  invalid_parameter: { status: 400, title: 'Invalid parameter', description: 'A query or path parameter has a value of the wrong type or out of range; `errors` names it.' },
  unknown_parameter: { status: 400, title: 'Unknown parameter', description: 'The request carries a query parameter the operation does not define; `errors` names it.' },
  validation_failed: { status: 400, title: 'Validation failed', description: 'The request body does not match the operation\'s published schema (a type, a required field, a length, a pattern, a range, an enum); `errors` lists each field at fault.' },
  rule_violation: {
    status: 422,
    title: 'Rule violation',
    description:
      'The request matches the operation\'s schema but breaks a rule the schema cannot express: a reference to a record that does not exist or is archived, fields that contradict each other, a total over the limit, a value the credential may not grant. The operation\'s description lists its rules; `errors` names each field at fault.',
  },
  malformed_body: { status: 400, title: 'Malformed request body', description: 'The request body is not well-formed JSON.' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type', description: 'The request body must be `application/json`.' },
  not_found: { status: 404, title: 'Not found', description: 'No resource with that identifier exists in this tenant.' },
  route_not_found: { status: 404, title: 'No such route', description: 'No operation exists at this path.' },
  method_not_allowed: { status: 405, title: 'Method not allowed', description: 'The path exists but does not accept this HTTP method.' },
  already_exists: { status: 409, title: 'Already exists', description: 'A resource with that identifier already exists in this tenant.' },
  invalid_state: { status: 409, title: 'Invalid state', description: 'The resource is not in a state that allows this action (revoking a revoked key, deleting a built-in role).' },
  invalid_transition: { status: 409, title: 'Invalid transition', description: 'The record\'s status does not allow this action (fulfilling a cancelled order, paying a draft invoice); `current_status` says where it is and `allowed_actions` what it allows.' },
  insufficient_stock: { status: 409, title: 'Insufficient stock', description: 'The change would take an item\'s stock in a warehouse below zero and the item does not allow backorders; `errors` names each line at fault.' },
  version_conflict: { status: 409, title: 'Version conflict', description: 'The `version` sent with the change is not the resource\'s current version: someone changed it since you read it. Read it again and retry.' },
  precondition_failed: { status: 412, title: 'Precondition failed', description: 'The `If-Match` header does not match the resource\'s current `ETag`: someone changed it since you read it. Read it again and retry.' },
  unbalanced_entry: { status: 422, title: 'Unbalanced journal entry', description: 'The debits and credits of a journal entry differ; a ledger entry must balance.' },
  idempotency_key_reused: { status: 409, title: 'Idempotency key reused', description: 'The `Idempotency-Key` was first used for a different request (method, path or body); use a new key for a new request.' },
  idempotency_key_in_use: { status: 409, title: 'Idempotency key in use', description: 'A request with this `Idempotency-Key` is still being processed; retry after `Retry-After` seconds to get its response.' },
  query_too_complex: { status: 400, title: 'Query too complex', description: 'The GraphQL document exceeds a cost limit (`limit` names it: `depth`, `complexity` or `aliases`); ask for fewer levels, smaller pages or fewer fields.' },
  rate_limited: { status: 429, title: 'Rate limit exceeded', description: "The tenant's plan allows no more requests in the current window; retry after `Retry-After` seconds. `RateLimit-*` headers describe the window." },
  query_invalid: { status: 400, title: 'Invalid GraphQL request', description: 'The GraphQL document does not parse or does not validate against the schema.' },
  payload_too_large: { status: 413, title: 'Payload too large', description: 'The request body is larger than the operation accepts; `limit_bytes` names the limit. The body is refused while it streams in, before it is read whole.' },
  headers_too_large: { status: 431, title: 'Request headers too large', description: 'The request headers together exceed the limit the platform accepts.' },
  input_too_large: { status: 400, title: 'Input too large', description: 'A JSON body or GraphQL variables hold more keys, items or characters than any operation needs; `limit` names the limit, `maximum` its value.' },
  batching_not_supported: { status: 400, title: 'Batched requests not supported', description: 'A GraphQL request body is one operation (a JSON object), not a JSON array of operations. Send the operations one by one, or as aliased fields of one document.' },
  subscription_transport_required: { status: 406, title: 'Subscriptions need a streaming transport', description: 'A subscription is served over graphql-ws (WebSocket) or Server-Sent Events (`POST /graphql` with `Accept: text/event-stream`), not as a plain request/response.' },
  too_many_subscriptions: { status: 429, title: 'Too many subscriptions', description: 'The connection or the tenant already holds as many live subscriptions as allowed; `limit` names which, `maximum` its value. End one before starting another.' },
  quota_exceeded: { status: 409, title: 'Quota exceeded', description: 'The tenant already has as many of these resources as allowed (`limit` names the quota, `maximum` its value); delete one first.' },
  request_timeout: { status: 504, title: 'Request timed out', description: 'The request did not complete within the platform\'s deadline and was abandoned; nothing it had not committed was kept. Retry, with an `Idempotency-Key` for writes.' },
  database_unavailable: { status: 503, title: 'Database unavailable', description: 'The platform cannot reach its database right now (down, restarting or not answering in time). Retry after `Retry-After` seconds; repeat a write with the same `Idempotency-Key`, since one whose answer was lost may have been applied.' },
  subgraph_unavailable: { status: 503, title: 'Part of the platform unavailable', description: 'A service of the platform this request needs (one of its domain services) could not be reached or did not answer in time; nothing it had not committed was kept. Retry after `Retry-After` seconds, with the same `Idempotency-Key` for writes.' },
  service_unavailable: { status: 503, title: 'Service unavailable', description: 'The platform is starting or shutting down and takes no requests on this instance; retry after `Retry-After` seconds (a load balancer sends the retry to a ready instance).' },
  document_unreadable: { status: 422, title: 'Document unreadable', description: 'The document could not be read: corrupt, encrypted, empty, with more pages than an extraction reads (`limit` names it), or holding no text the platform could recognise.' },
  extraction_timeout: { status: 504, title: 'Extraction timed out', description: 'Reading the document (text recognition of a scan) took longer than the platform allows; nothing was kept. A cleaner scan or fewer pages read faster.' },
  language_model_unavailable: { status: 503, title: 'Language model unavailable', description: 'The language model the operator configured could not be reached or refused the request; nothing was executed. Retry after `Retry-After` seconds.' },
  language_model_timeout: { status: 504, title: 'Language model timed out', description: 'The configured language model did not answer within the platform\'s deadline; nothing was executed.' },
  language_model_invalid_output: { status: 502, title: 'Language model answered unusably', description: 'The configured language model answered with a plan the platform could not accept (malformed tool arguments, names the catalogue does not have); nothing was executed. `errors` says what was wrong.' },
  download_link_invalid: { status: 403, title: 'Download link not valid', description: 'The export download link was altered or is not one the platform signed; ask for the export again (`GET /v1/bulk/exports/{id}`) to get a valid link.' },
  download_link_expired: { status: 410, title: 'Download link expired', description: 'The export download link is past its expiry (`download_expires_at`); ask for the export again for a fresh link, while the export is kept.' },
  persisted_operation_not_found: { status: 404, title: 'Persisted operation not found', description: 'The `documentId` of a GraphQL request (`saved:<name>` or `sha256:<hex>`) names no operation saved in this tenant (`GET /v1/analytics/saved-operations` lists them); an updated operation answers to the hash of its new document only.' },
  resume_too_far_behind: { status: 410, title: 'Too many events to replay', description: 'A subscription resumed after an event (`after`, or `Last-Event-ID` over SSE) that more events followed than a subscription replays (`maximum`). Re-sync through `GET /v1/events`, then subscribe again after the last event read, or without `after`.' },
  internal_error: { status: 500, title: 'Internal error', description: 'Something failed on our side. The `request_id` identifies it in our logs.' },
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

/** Seconds a client should wait before retrying a refusal with this code (the `Retry-After` header), if any. */
export const retryAfterSeconds: Partial<Record<ErrorCode, number>> = { database_unavailable: 2, subgraph_unavailable: 2, service_unavailable: 2, too_many_subscriptions: 5, language_model_unavailable: 5 };

export function statusOf(code: string): number {
  return code in errorCatalogue ? errorCatalogue[code as ErrorCode].status : 500;
}

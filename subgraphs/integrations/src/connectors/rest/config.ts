import { z } from 'zod';
import { parseExpression } from '@platform/automation';

/**
 * The configuration of a generic REST/JSON source, as a tenant writes it (snake_case: it is shown
 * in the public API). Objects are strict so that a misspelt field is reported where it is instead
 * of being ignored. The secrets are not here: they are in the credentials, a separate object the
 * platform stores sealed and never returns.
 */

/** Dot paths into a JSON document (`data.items`, `meta.updated`, `items.0.id`); keys that contain a dot cannot be named. */
const dotPath = z
  .string()
  .max(200)
  .regex(/^[^.\s]+(\.[^.\s]+)*$/, 'must be a dot path such as "data.items" (no empty segment, no spaces)');

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
  .max(2048)
  // Zod runs these checks after a failed format check too: an unparsable value was reported already.
  .refine((value) => !URL.canParse(value) || new URL(value).username + new URL(value).password === '', 'must not carry credentials (they belong in the credentials)');

/** A path below base_url: a leading "/", no query, fragment or spaces. */
const API_PATH = /^\/(?!\/)[^?#\s]*$/;

const queryParameterName = z.string().min(1, 'must not be empty').max(100);

/** An HTTP field name (RFC 9110 §5.1), other than those the HTTP client manages itself. */
const headerName = z
  .string()
  .max(100)
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'must be an HTTP header name')
  .refine((name) => !['host', 'content-length', 'transfer-encoding', 'connection', 'accept'].includes(name.toLowerCase()), 'is a header the connector sets itself');

/** RFC 6749 §3.3: space-delimited scope tokens. */
const oauthScope = z
  .string()
  .max(1000)
  .regex(/^[\x21\x23-\x5B\x5D-\x7E]+( [\x21\x23-\x5B\x5D-\x7E]+)*$/, 'must be OAuth scope tokens separated by single spaces');

export const restAuthSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('none') }),
  z.strictObject({ type: z.literal('bearer') }),
  z.strictObject({ type: z.literal('basic') }),
  z.strictObject({ type: z.literal('api_key_header'), header_name: headerName }),
  z.strictObject({ type: z.literal('oauth2_client_credentials'), token_url: httpUrl, scope: oauthScope.optional() }),
]);

const pageSize = z.int().min(1).max(10_000);

export const restPaginationSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('none') }),
  z
    .strictObject({
      type: z.literal('page_number'),
      page_param: queryParameterName,
      per_page_param: queryParameterName.optional(),
      /** Sent in per_page_param when there is one; either way, a page with fewer records is the last. */
      per_page: pageSize.optional(),
      start_page: z.int().min(0).max(1_000_000).optional(),
    })
    .superRefine((pagination, context) => {
      if (pagination.per_page_param !== undefined && pagination.per_page === undefined) context.addIssue({ code: 'custom', path: ['per_page'], message: 'is required with per_page_param' });
    }),
  z.strictObject({ type: z.literal('offset'), offset_param: queryParameterName, limit_param: queryParameterName, limit: pageSize }),
  z.strictObject({ type: z.literal('cursor'), cursor_param: queryParameterName, next_cursor_path: dotPath }),
  z.strictObject({ type: z.literal('link_header') }),
]);

export const restIncrementalSchema = z.strictObject({
  /** The query parameter that asks the API for the records changed after a time. */
  since_param: queryParameterName,
  /** How that time is written: ISO 8601 (default) or Unix seconds. */
  format: z.enum(['iso8601', 'unix_seconds']).optional(),
});

export const restStreamSchema = z.strictObject({
  name: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/, 'must be letters, digits, "_", "-" or "." (such as "orders")'),
  /** Appended to base_url's path; its query goes in `query`. */
  path: z
    .string()
    .max(1000)
    .regex(API_PATH, 'must be a path starting with "/" (no query, fragment or spaces: the query goes in "query")'),
  /** Where the records' array is in the answer; the answer itself when absent or empty. */
  record_path: z.union([z.literal(''), dotPath]).optional(),
  id_path: dotPath,
  updated_at_path: dotPath.optional(),
  /** Fixed query parameters (a filter, a sort: oldest change first makes a resumed incremental read exact). */
  query: z
    .record(queryParameterName, z.string().max(1000))
    .refine((query) => Object.keys(query).length <= 50, 'must have at most 50 parameters')
    .optional(),
});

/** The platform events a REST connector may push to its API (finance's invoice events), in the order of an invoice's lifecycle. */
export const PUSHABLE_EVENT_TYPES = ['invoice.issued', 'invoice.payment_recorded', 'invoice.paid', 'invoice.voided'] as const;
/** The placeholders a push path may hold: the platform record's id, and the id the other system gave it when it was pushed. */
export const PUSH_PATH_PLACEHOLDERS = ['resource_id', 'remote_id'] as const;
const PLACEHOLDER = /\{([^{}]*)\}/g;

/** A JSONata expression (checked for its syntax and for what the mappings' bounds refuse). */
const jsonataExpression = z.string().superRefine((expression, context) => {
  const parsed = parseExpression(expression);
  if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.message });
});

/** One kind of event pushed: the request each event of that type becomes. */
export const restPushRuleSchema = z.strictObject({
  event_type: z.enum(PUSHABLE_EVENT_TYPES, { error: `must be one of ${PUSHABLE_EVENT_TYPES.join(', ')}` }),
  method: z.enum(['POST', 'PUT', 'PATCH']),
  /** Appended to base_url's path; `{resource_id}` and `{remote_id}` are replaced (URL-encoded). */
  path: z
    .string()
    .max(1000)
    .regex(API_PATH, 'must be a path starting with "/" (no query, fragment or spaces)')
    .refine((path) => [...path.matchAll(PLACEHOLDER)].every(([, name]) => (PUSH_PATH_PLACEHOLDERS as readonly string[]).includes(name ?? '')), `may hold only the placeholders ${PUSH_PATH_PLACEHOLDERS.map((name) => `{${name}}`).join(' and ')}`),
  /** A JSONata expression over the event's `data` (the invoice; `$record` is the whole event): the JSON body sent. */
  body: jsonataExpression,
  /** A JSONata condition over the event's `data`: an event it does not give true for is passed over (a draft's void: nothing to void there). */
  filter: jsonataExpression.optional(),
  /** Where the other system's id of the record it created is in its answer; later events about the record can then name it as `{remote_id}`. */
  remote_id_path: dotPath.optional(),
});

export const restSourceConfigSchema = z
  .strictObject({
    base_url: httpUrl.refine((value) => !URL.canParse(value) || (new URL(value).search === '' && new URL(value).hash === ''), 'must not carry a query or fragment (a stream’s query goes in its "query")'),
    /** What is read from the API; none for a connector that only pushes. */
    streams: z.array(restStreamSchema).max(50).default([]),
    auth: restAuthSchema,
    pagination: restPaginationSchema.default({ type: 'none' }),
    /** Platform events pushed to the API, one rule per event type. */
    push: z.array(restPushRuleSchema).min(1, 'must push at least one event type (or leave push out)').max(PUSHABLE_EVENT_TYPES.length).optional(),
    incremental: restIncrementalSchema.optional(),
    /** A safety net against an API that never stops: a read of more pages fails. */
    max_pages: z.int().min(1).max(1_000_000).optional(),
  })
  .superRefine((config, context) => {
    if (config.streams.length === 0 && !config.push) context.addIssue({ code: 'custom', path: ['streams'], message: 'must name at least one stream (or push events: push)' });
    const pushed = new Set<string>();
    config.push?.forEach((rule, index) => {
      if (pushed.has(rule.event_type)) context.addIssue({ code: 'custom', path: ['push', index, 'event_type'], message: `"${rule.event_type}" has a rule already` });
      pushed.add(rule.event_type);
      if (rule.path.includes('{remote_id}') && !config.push?.some((other) => other.remote_id_path !== undefined)) {
        context.addIssue({ code: 'custom', path: ['push', index, 'path'], message: 'names {remote_id}, but no rule reads the id of the record it creates (remote_id_path)' });
      }
    });
    const reserved = reservedQueryParameters(config);
    const names = new Set<string>();
    config.streams.forEach((stream, index) => {
      if (names.has(stream.name)) context.addIssue({ code: 'custom', path: ['streams', index, 'name'], message: `"${stream.name}" names another stream already` });
      names.add(stream.name);
      if (config.incremental && stream.updated_at_path === undefined) {
        context.addIssue({ code: 'custom', path: ['streams', index, 'updated_at_path'], message: 'is required when the source is read incrementally' });
      }
      for (const parameter of Object.keys(stream.query ?? {})) {
        if (reserved.has(parameter)) context.addIssue({ code: 'custom', path: ['streams', index, 'query', parameter], message: 'is a parameter the pagination or incremental reading sets' });
      }
    });
  });

/** The query parameters the connector sets itself, which a stream's fixed query must not set too. */
function reservedQueryParameters(config: { pagination: RestPagination; incremental?: RestIncremental | undefined }): Set<string> {
  const { pagination } = config;
  const reserved: (string | undefined)[] = [config.incremental?.since_param];
  if (pagination.type === 'page_number') reserved.push(pagination.page_param, pagination.per_page_param);
  if (pagination.type === 'offset') reserved.push(pagination.offset_param, pagination.limit_param);
  if (pagination.type === 'cursor') reserved.push(pagination.cursor_param);
  return new Set(reserved.filter((parameter) => parameter !== undefined));
}

export type RestAuth = z.infer<typeof restAuthSchema>;
export type RestPagination = z.infer<typeof restPaginationSchema>;
export type RestIncremental = z.infer<typeof restIncrementalSchema>;
export type RestStream = z.infer<typeof restStreamSchema>;
export type RestSourceConfig = z.infer<typeof restSourceConfigSchema>;
export type RestPushRule = z.infer<typeof restPushRuleSchema>;

/** Header values: visible ASCII, so a secret can neither break the request nor be refused by the HTTP client with itself in the message. */
const headerSecret = z
  .string()
  .min(1, 'must not be empty')
  .max(8192)
  .regex(/^[\x21-\x7E]+$/, 'must be visible ASCII characters without spaces');

/** The secrets each auth type needs. */
export const restCredentialsSchemas = {
  none: z.strictObject({}),
  bearer: z.strictObject({ token: headerSecret }),
  basic: z.strictObject({
    // RFC 7617 §2: the user-id cannot contain a colon.
    username: z.string().min(1, 'must not be empty').max(1000).regex(/^[^:\p{Cc}]+$/u, 'must not contain ":" or control characters'),
    // Empty for APIs that take a key as the user name.
    password: z.string().max(1000).regex(/^\P{Cc}*$/u, 'must not contain control characters'),
  }),
  api_key_header: z.strictObject({ api_key: headerSecret }),
  oauth2_client_credentials: z.strictObject({ client_id: z.string().min(1, 'must not be empty').max(1000), client_secret: z.string().min(1, 'must not be empty').max(1000) }),
} satisfies Record<RestAuth['type'], z.ZodType>;

/** Any auth type's credentials; check them with `restCredentialsSchemaFor(auth.type)` to have each bad field named. */
export const restCredentialsSchema = z.union([
  restCredentialsSchemas.none,
  restCredentialsSchemas.bearer,
  restCredentialsSchemas.basic,
  restCredentialsSchemas.api_key_header,
  restCredentialsSchemas.oauth2_client_credentials,
]);

export type RestCredentials = z.infer<typeof restCredentialsSchema>;

/** The credentials schema of one auth type. */
export function restCredentialsSchemaFor<Type extends RestAuth['type']>(type: Type): (typeof restCredentialsSchemas)[Type] {
  return restCredentialsSchemas[type];
}

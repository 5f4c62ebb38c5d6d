import { type ErrorCode, errorCatalogue } from '@platform/errors';
import type { JsonSchema } from './json-schema.ts';

/**
 * Examples of the OpenAPI document. A component schema has one example: the one its domain
 * declares next to the resource (`SubgraphModule.restExamples`, by component name) or else one
 * derived from the schema itself (types, formats, enums, patterns, bounds, and the id prefixes of
 * the platform's records). Every example is valid against its schema: the document test validates
 * each with a JSON Schema 2020-12 validator.
 */

/** Hand-written examples, by component schema name (`Order`, `CreateOrderInput`). */
export type DeclaredExamples = Record<string, unknown>;

/** The prefix of the server-generated ids of each record type (`newId('ord')` → `ord_…`). */
export const ID_PREFIXES: Record<string, string> = {
  AiExtraction: 'aix',
  AiQuery: 'aiq',
  AiTask: 'ait',
  ApiKey: 'key',
  Connector: 'con',
  BulkUpload: 'bku',
  ConnectorUpload: 'upl',
  Customer: 'cus',
  CustomerAddress: 'cad',
  CustomerContact: 'cct',
  Event: 'evt',
  Invoice: 'inv',
  InvoiceLine: 'inl',
  LedgerEntry: 'le',
  OAuthClient: 'cli',
  CreatedOAuthClient: 'cli',
  Order: 'ord',
  OrderLine: 'oln',
  StockMovement: 'mov',
  SyncFailure: 'sfr',
  SyncJob: 'sync',
  Tenant: 'ten',
  User: 'usr',
  WebhookAttempt: 'wa',
  WebhookDelivery: 'wd',
  WebhookEndpoint: 'wh',
  WebhookEndpointWithSecret: 'wh',
  Workflow: 'wf',
  WorkflowWithSecret: 'wf',
  WorkflowRun: 'wfr',
};

/** Record ids named by a `<name>_id` property, where the prefix is not the property's own. */
const REFERENCE_PREFIXES: Record<string, string> = {
  customer_id: 'cus',
  order_id: 'ord',
  invoice_id: 'inv',
  endpoint_id: 'wh',
  event_id: 'evt',
  delivery_id: 'wd',
  connector_id: 'con',
  upload_id: 'upl',
  job_id: 'sync',
  sync_job_id: 'sync',
  workflow_id: 'wf',
  run_id: 'wfr',
  task_id: 'ait',
  query_id: 'aiq',
  extraction_id: 'aix',
  user_id: 'usr',
  tenant_id: 'ten',
  entry_id: 'le',
  key_id: 'key',
  client_id: 'cli',
};

const HEX = '5f0c2a9e1b7d4c3a8e6f1d2b';
export const exampleId = (prefix: string) => `${prefix}_${HEX}`;

/** Values a property of that name takes in examples, when its schema accepts them. */
const BY_NAME: Record<string, unknown> = {
  item_id: 'SKU-1001',
  sku: 'SKU-1001',
  warehouse_id: 'wh_berlin',
  from_warehouse_id: 'wh_berlin',
  to_warehouse_id: 'wh_lyon',
  role_id: 'role_admin',
  currency: 'EUR',
  client_secret: 'cs_live_3q2+7w9KfQ0bYJx1',
  token: 'eyJhbGciOiJFUzI1NiIsImtpZCI6ImsxIn0.eyJzdWIiOiJjbGlfNWYwYyJ9.c2lnbmF0dXJl',
  access_token: 'eyJhbGciOiJFUzI1NiIsImtpZCI6ImsxIn0.eyJzdWIiOiJjbGlfNWYwYyJ9.c2lnbmF0dXJl',
  file: 'sku,name,quantity\nSKU-1001,Ceramic mug,240\n',
  country: 'DE',
  email: 'ops@example.com',
  url: 'https://example.com/webhooks/platform',
  name: 'Example',
  number: 'SO-000042',
  channel: 'api',
  external_reference: 'PO-2026-0117',
  description: 'Example description',
  due_date: '2026-04-30',
  next_cursor: null,
  prev_cursor: null,
  page: 1,
  per_page: 25,
  total: 1,
  version: 3,
  quantity: 10,
  unit_price: 1250,
  tax_rate: 1900,
  scope: 'inventory:read inventory:write',
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  event_type: 'order.created',
  type: 'order.created',
};

const STRING_CANDIDATES = ['example', 'EUR', '2026-04-30', 'SKU-1001', 'custom.invoice.reminder', 'text/plain', 'https://example.com/webhooks/platform', 'ops@example.com', 'aGVsbG8=', 'a', '1', '"3"', '0'.repeat(64)];

const FORMAT_EXAMPLES: Record<string, string> = {
  'date-time': '2026-03-02T09:30:00.000Z',
  date: '2026-03-31',
  email: 'ops@example.com',
  uri: 'https://example.com/webhooks/platform',
};

type Resolve = (name: string) => JsonSchema | undefined;

/** Derives an example for a schema of the document, using the declared ones for its components. */
export class ExampleBuilder {
  private readonly made = new Map<string, unknown>();
  private readonly making = new Set<string>();

  constructor(
    private readonly resolve: Resolve,
    private readonly declared: DeclaredExamples,
  ) {}

  /** An example of `schema`; `name` is the property (or parameter) it is the value of, `owner` the component holding it. */
  of(schema: JsonSchema, name = '', owner = ''): unknown {
    if (typeof schema.$ref === 'string') {
      const component = schema.$ref.replace('#/components/schemas/', '');
      return this.component(component, name);
    }
    if (schema.const !== undefined) return schema.const;
    if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).includes(BY_NAME[name]) ? BY_NAME[name] : schema.enum[0];
    if (Array.isArray(schema.anyOf)) {
      const branches = schema.anyOf as JsonSchema[];
      const nullable = branches.some((branch) => branch.type === 'null');
      if (nullable && name in BY_NAME && BY_NAME[name] === null) return null;
      for (const branch of branches) if (branch.type !== 'null') return this.of({ ...withoutKeys(schema, 'anyOf', 'description'), ...branch }, name, owner);
      return null;
    }
    if (Array.isArray(schema.allOf)) return Object.assign({}, ...(schema.allOf as JsonSchema[]).map((part) => this.of(part, name, owner)));
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
    if (types.includes('null') && name in BY_NAME && BY_NAME[name] === null) return null;
    const type = types.find((candidate) => candidate !== 'null');
    switch (type) {
      case 'object':
        return this.object(schema, owner);
      case 'array': {
        const item = schema.items ? this.of(schema.items as JsonSchema, singular(name), owner) : 'example';
        return Array.from({ length: Math.max(1, (schema.minItems as number | undefined) ?? 1) }, () => item);
      }
      case 'string':
        return this.string(schema, name, owner);
      case 'integer':
      case 'number':
        return number(schema, name, type === 'integer');
      case 'boolean':
        return typeof BY_NAME[name] === 'boolean' ? BY_NAME[name] : true;
      case 'null':
        return null;
      default:
        // Any JSON value.
        return schema.properties ? this.object(schema, owner) : { note: 'any JSON value' };
    }
  }

  /** The example of a component schema: the declared one, or one derived once. */
  component(component: string, name = ''): unknown {
    if (component in this.declared) return structuredClone(this.declared[component]);
    if (this.made.has(component)) return structuredClone(this.made.get(component));
    const schema = this.resolve(component);
    if (!schema) throw new Error(`no component schema ${component}`);
    // A recursive schema (`JsonValue`) ends its recursion with a plain value.
    if (this.making.has(component)) return 'example';
    this.making.add(component);
    try {
      const value = this.of(schema, name, component);
      this.made.set(component, value);
      return structuredClone(value);
    } finally {
      this.making.delete(component);
    }
  }

  private object(schema: JsonSchema, owner: string): Record<string, unknown> {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const value: Record<string, unknown> = {};
    for (const [property, propertySchema] of Object.entries(properties)) {
      if (propertySchema.deprecated === true) continue;
      value[property] = this.of(propertySchema, property, owner);
    }
    return value;
  }

  private string(schema: JsonSchema, name: string, owner: string): string {
    const candidates: unknown[] = [];
    if (name === 'id' && ID_PREFIXES[owner]) candidates.push(exampleId(ID_PREFIXES[owner] as string));
    if (REFERENCE_PREFIXES[name]) candidates.push(exampleId(REFERENCE_PREFIXES[name] as string));
    if (typeof schema.format === 'string' && FORMAT_EXAMPLES[schema.format]) candidates.push(FORMAT_EXAMPLES[schema.format]);
    if (name.endsWith('_at')) candidates.push(FORMAT_EXAMPLES['date-time']);
    if (typeof BY_NAME[name] === 'string') candidates.push(BY_NAME[name]);
    if (name.endsWith('_id')) candidates.push(exampleId(name.slice(0, 3)));
    if (typeof schema.pattern === 'string' && schema.pattern.startsWith('^') && /^\^[a-z]+_$/.test(schema.pattern)) candidates.push(exampleId(schema.pattern.slice(1, -1)));
    candidates.push(name ? humanise(name) : 'example', ...STRING_CANDIDATES);
    const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;
    const minLength = (schema.minLength as number | undefined) ?? 0;
    const maxLength = (schema.maxLength as number | undefined) ?? Infinity;
    const fits = (candidate: unknown): candidate is string =>
      typeof candidate === 'string' && [...candidate].length >= minLength && [...candidate].length <= maxLength && (!pattern || pattern.test(candidate));
    const found = candidates.find(fits);
    if (found !== undefined) return found;
    const padded = 'example'.padEnd(minLength, 'x');
    if (fits(padded)) return padded;
    throw new Error(`no example string for ${owner}.${name} (${JSON.stringify(schema)}): add a candidate to examples.ts`);
  }
}

function number(schema: JsonSchema, name: string, integer: boolean): number {
  const preferred = typeof BY_NAME[name] === 'number' ? (BY_NAME[name] as number) : integer ? 1 : 1.5;
  const minimum = (schema.minimum as number | undefined) ?? (typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : -Infinity);
  const maximum = (schema.maximum as number | undefined) ?? (typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : Infinity);
  return Math.min(Math.max(preferred, minimum), maximum);
}

const singular = (name: string) => (name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.endsWith('s') ? name.slice(0, -1) : name);
const humanise = (name: string) => {
  const words = name.replace(/_/g, ' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
};

function withoutKeys(schema: JsonSchema, ...keys: string[]): JsonSchema {
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !keys.includes(key)));
}

/** The code each refusal status illustrates in its example, with the members it carries. */
const PROBLEM_EXAMPLES: Record<number, { code: ErrorCode; detail: string; instance?: string; extra?: Record<string, unknown> }> = {
  400: { code: 'validation_failed', detail: 'The request body does not match the schema: 1 field at fault.', extra: { errors: [{ field: 'lines.0.quantity', message: 'Must be 1 or more.' }] } },
  401: { code: 'invalid_token', detail: 'The access token has expired.' },
  403: { code: 'insufficient_scope', detail: 'This operation needs the scope crm:write.', extra: { required_scope: 'crm:write' } },
  404: { code: 'not_found', detail: `No order ${exampleId('ord')} in this tenant.` },
  409: {
    code: 'invalid_transition',
    detail: 'Cannot fulfil an order in status cancelled.',
    instance: `/v1/crm/orders/${exampleId('ord')}/fulfil`,
    extra: { current_status: 'cancelled', allowed_actions: [] },
  },
  410: {
    code: 'download_link_expired',
    detail: 'This download link has expired; read the export again (GET /v1/bulk/exports/{id}) for a fresh one.',
    instance: `/v1/bulk/exports/${exampleId('exp')}/download`,
  },
  412: { code: 'precondition_failed', detail: 'If-Match names version 3; the order is at version 4.', extra: { current_version: 4 } },
  413: { code: 'payload_too_large', detail: 'The body is larger than 1048576 bytes.', extra: { limit_bytes: 1048576 } },
  415: { code: 'unsupported_media_type', detail: 'The request body must be application/json.' },
  422: { code: 'rule_violation', detail: 'The request breaks a rule of the operation: 1 field at fault.', extra: { errors: [{ field: 'customer_id', message: `No customer ${exampleId('cus')} in this tenant.` }] } },
  429: { code: 'rate_limited', detail: 'Over the plan’s limit of 20 requests per second; retry after 1 second.' },
  500: { code: 'internal_error', detail: 'Something failed on our side. The request_id identifies it in our logs.' },
  503: { code: 'database_unavailable', detail: 'The database is not answering; retry after 2 seconds.' },
  504: { code: 'request_timeout', detail: 'The request did not complete within 30 seconds.' },
};

/** A realistic problem answer of `status`, valid against the `Problem` schema. */
export function problemExample(status: number): Record<string, unknown> | undefined {
  const chosen = PROBLEM_EXAMPLES[status];
  if (!chosen) return undefined;
  const entry = errorCatalogue[chosen.code];
  if (entry.status !== status) throw new Error(`the example code ${chosen.code} of status ${status} has status ${entry.status}`);
  return {
    type: `/docs/errors#${chosen.code}`,
    title: entry.title,
    status,
    detail: chosen.detail,
    instance: chosen.instance ?? `/v1/crm/orders/${exampleId('ord')}`,
    code: chosen.code,
    request_id: 'req_0b9d8f2e-6c1a-4f53-9a7e-3d2c1b0a9f8e',
    ...chosen.extra,
  };
}

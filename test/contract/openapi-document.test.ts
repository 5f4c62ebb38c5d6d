import SwaggerParser from '@apidevtools/swagger-parser';
// A JSON Schema 2020-12 validator (the dialect of OpenAPI 3.1).
import Ajv2020 from 'ajv/dist/2020.js';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { platformUrl } from '../support/fixtures.ts';

type Schema = { type?: unknown; $ref?: string; pattern?: string; anyOf?: Schema[]; items?: Schema; properties?: Record<string, Schema>; description?: string; required?: string[]; format?: string; enum?: unknown[] };
type Operation = {
  operationId: string;
  summary?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name?: string; $ref?: string; schema?: Record<string, unknown> }>;
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { $ref?: string; headers?: Record<string, unknown>; content?: Record<string, MediaType> }>;
};
type MediaType = { schema: Schema; examples?: Record<string, { value: unknown }> };
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; responses: Record<string, { content: Record<string, MediaType> }>; securitySchemes: Record<string, { flows?: { clientCredentials?: { scopes: Record<string, string> } } }> };
};

/**
 * The published OpenAPI document as its users' tools see it: valid for Redocly's recommended
 * rules, precise about types, scopes and headers. Whether the platform behaves as the document
 * says is Schemathesis's to check (test/fuzz/schemathesis.test.ts).
 */
describe('the OpenAPI document', () => {
  let source: string;
  let document: Document;
  const operations = () => Object.entries(document.paths).flatMap(([path, byMethod]) => Object.entries(byMethod).map(([method, operation]) => ({ path, method, operation })));

  beforeAll(async () => {
    const response = await fetch(`${platformUrl}/v1/openapi.json`);
    expect(response.status).toBe(200);
    source = await response.text();
    document = JSON.parse(source) as Document;
  });

  it('is a valid OpenAPI 3.1 document with neither error nor warning under Redocly’s recommended rules', async () => {
    expect(document.openapi).toBe('3.1.0');
    const problems = await lintFromString({ source, absoluteRef: `${platformUrl}/v1/openapi.json`, config: await createConfig({ extends: ['recommended'] }) });
    expect(problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`)).toEqual([]);
  });

  it('publishes every declared REST path and no other', () => {
    const paths = Object.fromEntries(Object.entries(document.paths).map(([path, byMethod]) => [path, Object.keys(byMethod).sort()]));
    expect(paths).toMatchObject({
      '/v1/oauth/token': ['post'],
      '/v1/oauth/revoke': ['post'],
      '/v1/oauth/introspect': ['post'],
      '/v1/inventory/items': ['get', 'post'],
      '/v1/inventory/items/{id}': ['get', 'patch'],
      '/v1/inventory/warehouses': ['get', 'post'],
      '/v1/tenants/current': ['get'],
      '/v1/auth/api-keys': ['get', 'post'],
      '/v1/crm/orders/{id}': ['delete', 'get', 'patch'],
      '/v1/crm/orders/{id}/fulfil': ['post'],
      '/v1/finance/invoices/{id}/pay': ['post'],
      '/v1/finance/ledger-entries': ['get', 'post'],
    });
    // Only declared routes: none of the paths SOFA would derive from field names on its own.
    for (const path of Object.keys(paths)) expect(path).toMatch(/^\/v1\/(oauth|inventory|crm|finance|events|tenants|auth|audit|connectors|sync|workflows|ai|analytics|bulk)(\/|$)/);
    expect(operations().length).toBeGreaterThan(80);
    expect(document.components.schemas).not.toHaveProperty('Query');
    expect(document.components.schemas).not.toHaveProperty('Subscription');
  });

  it('gives every operation a summary and the scopes it needs, as OAuth scopes and API-key roles', () => {
    for (const { path, method, operation } of operations()) expect(operation.summary, `${method} ${path}`).toBeTruthy();
    const list = document.paths['/v1/inventory/items']?.get;
    expect(list?.security).toEqual([{ oauth2: ['inventory:read'] }, { apiKey: ['inventory:read'] }]);
    expect(document.paths['/v1/crm/orders/{id}/fulfil']?.post?.security).toEqual([{ oauth2: ['crm:write'] }, { apiKey: ['crm:write'] }]);
    expect(document.paths['/v1/oauth/token']?.post?.security).toEqual([]);
    const catalogue = Object.keys(document.components.securitySchemes.oauth2?.flows?.clientCredentials?.scopes ?? {});
    const named = operations().flatMap(({ operation }) => (operation.security ?? []).flatMap((requirement) => Object.values(requirement).flat()));
    expect(named.filter((scope) => !catalogue.includes(scope))).toEqual([]);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['apiKey', 'oauth2']);
  });

  it('types money as integers, instants as date-times and nested inputs by reference; nothing is an untyped object', () => {
    const schemas = document.components.schemas;
    expect(schemas.OrderLine?.properties?.unit_price).toMatchObject({ type: 'integer', format: 'int64' });
    expect(schemas.Order?.properties?.created_at).toMatchObject({ type: 'string', format: 'date-time' });
    expect(schemas.CreateOrderInput?.properties?.lines).toMatchObject({ items: { $ref: '#/components/schemas/OrderLineInput' } });
    expect(schemas.CreateInventoryItemInput).toMatchObject({
      additionalProperties: false,
      required: ['id', 'name', 'quantity_on_hand', 'reorder_point', 'warehouse_id'],
      properties: { id: { pattern: '^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$' }, name: { minLength: 1, maxLength: 200 }, quantity_on_hand: { minimum: 0, maximum: 1_000_000_000 } },
    });
    // A field that may be absent in an answer is nullable, one that may not is required.
    expect(schemas.Customer?.properties?.email?.type).toEqual(['string', 'null']);
    expect(schemas.Customer?.required).toEqual(expect.arrayContaining(['id', 'name', 'email']));
    const untyped: string[] = [];
    const visit = (schema: Schema | undefined, at: string) => {
      if (!schema) return;
      if (schema.type === 'object' && !schema.properties && !('additionalProperties' in schema)) untyped.push(at);
      for (const [name, property] of Object.entries(schema.properties ?? {})) visit(property, `${at}.${name}`);
      visit(schema.items, `${at}[]`);
      for (const branch of schema.anyOf ?? []) visit(branch, at);
    };
    for (const [name, schema] of Object.entries(schemas)) visit(schema, name);
    expect(untyped).toEqual([]);
  });

  it('describes every property of every schema (the API reference of each field)', () => {
    const undescribed = Object.entries(document.components.schemas).flatMap(([name, schema]) =>
      Object.entries(schema.properties ?? {}).flatMap(([field, property]) => (property.description || property.$ref ? [] : [`${name}.${field}`])),
    );
    expect(Object.keys(document.components.schemas).length).toBeGreaterThan(90);
    expect(undescribed).toEqual([]);
  });

  it('declares the headers clients rely on and the problem members they branch on', () => {
    const create = document.paths['/v1/inventory/items']?.post as Operation;
    expect(create.requestBody?.content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/CreateInventoryItemInput' });
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '409', '415', '422', '429', '503']));
    expect(Object.keys(create.responses['201']?.headers ?? {})).toEqual(expect.arrayContaining(['X-Request-Id', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'ETag', 'Idempotent-Replayed']));
    expect(create.parameters?.map((parameter) => parameter.$ref ?? parameter.name)).toEqual(['#/components/parameters/TenantHeader', '#/components/parameters/IdempotencyKey']);
    const list = document.paths['/v1/inventory/items']?.get as Operation;
    expect(list.parameters?.map((parameter) => parameter.name ?? parameter.$ref)).toEqual([
      '#/components/parameters/TenantHeader', 'reorder_below', 'warehouse_id', 'archived', 'q', 'quantity_on_hand_min', 'quantity_on_hand_max', 'reorder_point_min', 'reorder_point_max', 'unit_cost_min', 'unit_cost_max', 'sort', 'page', 'per_page', 'after', 'before',
    ]);
    // A cursor is documented as what the document can state of it (base64url, bounded); the rest is a 422.
    expect(list.parameters?.find((parameter) => parameter.name === 'after')?.schema).toMatchObject({ type: 'string', pattern: '^[A-Za-z0-9_-]+$', maxLength: 4096 });
    // An action without an input object takes its `version` in an optional body, never in the query.
    const confirm = document.paths['/v1/crm/orders/{id}/confirm']?.post as Operation;
    expect(confirm.parameters?.map((parameter) => parameter.name ?? parameter.$ref)).toEqual(['#/components/parameters/TenantHeader', '#/components/parameters/IdempotencyKey', '#/components/parameters/IfMatch', 'id']);
    expect(confirm.requestBody?.content['application/json']?.schema.properties).toHaveProperty('version');
    expect(document.paths['/v1/auth/api-keys/{id}/revoke']?.post).not.toHaveProperty('requestBody');
    const problem = document.components.schemas.Problem;
    expect(Object.keys(problem?.properties ?? {})).toEqual(expect.arrayContaining(['code', 'request_id', 'errors', 'required_scope', 'current_version', 'current_status', 'allowed_actions', 'allowed_methods']));
    expect(problem?.properties?.code?.enum).toEqual(expect.arrayContaining(['validation_failed', 'rule_violation', 'insufficient_scope']));
  });
  it('passes swagger-parser’s validation (OpenAPI 3.1 schema, every $ref resolvable)', async () => {
    await expect(SwaggerParser.validate(JSON.parse(source) as never)).resolves.toBeDefined();
  });

  it('shows an example on every request body, every successful JSON answer and every shared problem answer, each valid against its schema (JSON Schema 2020-12)', () => {
    const validator = exampleValidator(document);
    const missing: string[] = [];
    const invalid: string[] = [];
    let checked = 0;
    const check = (where: string, content: Record<string, MediaType> | undefined) => {
      for (const [mediaType, media] of Object.entries(content ?? {})) {
        const examples = Object.entries(media.examples ?? {});
        if (examples.length === 0) missing.push(`${where} ${mediaType}`);
        for (const [name, example] of examples) {
          checked += 1;
          const problems = validator(media.schema, example.value);
          if (problems) invalid.push(`${where} ${mediaType} example ${name}: ${problems}`);
        }
      }
    };
    for (const { path, method, operation } of operations()) {
      check(`${method} ${path} request`, operation.requestBody?.content);
      for (const [status, response] of Object.entries(operation.responses)) if (status.startsWith('2')) check(`${method} ${path} ${status}`, response.content);
    }
    for (const [name, response] of Object.entries(document.components.responses)) check(`response ${name}`, response.content);
    expect(missing).toEqual([]);
    expect(invalid).toEqual([]);
    expect(checked).toBeGreaterThan(200);
    // The main resources show their hand-written examples (declared next to each resource), not derived ones.
    const order = document.paths['/v1/crm/orders/{id}']?.get?.responses['200']?.content?.['application/json']?.examples?.Order?.value as { lines: Array<{ total: number }>; total: number };
    expect(order.total).toBe(order.lines.reduce((sum, line) => sum + line.total, 0));
    const problem = document.components.responses.PreconditionFailed?.content['application/problem+json']?.examples?.precondition_failed?.value;
    expect(problem).toMatchObject({ status: 412, code: 'precondition_failed', request_id: expect.any(String) });
  });

  it('checks examples for real: a wrong example is reported', () => {
    const validator = exampleValidator(document);
    const order = document.paths['/v1/crm/orders/{id}']?.get?.responses['200']?.content?.['application/json'] as MediaType;
    const value = structuredClone(order.examples?.Order?.value) as Record<string, unknown>;
    expect(validator(order.schema, value)).toBeUndefined();
    expect(validator(order.schema, { ...value, id: 'cus_5f0c2a9e1b7d4c3a8e6f1d2b' })).toMatch(/pattern/);
    expect(validator(order.schema, { ...value, created_at: 'yesterday' })).toMatch(/date-time/);
    expect(validator(order.schema, { ...value, status: 'lost' })).toMatch(/allowed values/);
  });

  it('gives record ids their prefixes as patterns and names each enum once, by reference', () => {
    const schemas = document.components.schemas;
    expect(schemas.Order?.properties?.id?.pattern).toBe('^ord_[0-9a-f]{24}$');
    expect(schemas.Customer?.properties?.id?.pattern).toBe('^cus_[0-9a-f]{24}$');
    expect(schemas.Invoice?.properties?.id?.pattern).toBe('^inv_[0-9a-f]{24}$');
    expect(schemas.WebhookEndpoint?.properties?.id?.pattern).toBe('^wh_[0-9a-f]{24}$');
    // Inputs restating a GraphQL enum whole refer to its component instead of repeating it inline.
    expect(schemas.CreateOrderInput?.properties?.kind).toMatchObject({ $ref: '#/components/schemas/OrderKind' });
    expect(schemas.CustomerAddressInput?.properties?.kind).toMatchObject({ $ref: '#/components/schemas/AddressKind' });
    // Value sets several rules restate are components too.
    expect(schemas.CreateApiKeyInput?.properties?.scopes?.items).toMatchObject({ $ref: '#/components/schemas/ScopeName' });
    expect(document.paths['/v1/events']?.get?.parameters?.find((parameter) => parameter.name === 'type')?.schema).toMatchObject({ $ref: '#/components/schemas/PlatformEventType' });
    const list = document.paths['/v1/crm/orders']?.get as Operation;
    expect(list.parameters?.find((parameter) => parameter.name === 'status')?.schema).toEqual({ $ref: '#/components/schemas/OrderStatus' });
    expect(list.parameters?.find((parameter) => parameter.name === 'per_page')?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
    // A sort of up to three fields: a pattern listing them, so the document states exactly which values are valid.
    expect(list.parameters?.find((parameter) => parameter.name === 'sort')?.schema).toMatchObject({ type: 'string', pattern: '^-?(?:created_at|number|total|confirmed_at|fulfilled_at|received_at|cancelled_at)(?:,-?(?:created_at|number|total|confirmed_at|fulfilled_at|received_at|cancelled_at)){0,2}$' });
  });
  it('serves a /docs reference that sends "Test request" calls to the platform itself, never through a third-party proxy', async () => {
    const page = await (await fetch(`${platformUrl}/docs`)).text();
    const configuration = JSON.parse(/data-configuration='([^']*)'/.exec(page)?.[1] ?? '{}') as Record<string, unknown>;
    // An absent proxyUrl makes the Scalar bundle use https://proxy.scalar.com; an empty one, none.
    expect(configuration).toMatchObject({ proxyUrl: '', telemetry: false, withDefaultFonts: false });
    expect(page).not.toMatch(/proxy\.scalar\.com|https?:\/\/(?!127\.0\.0\.1|localhost)/);
    const script = /<script src="([^"]+)"/.exec(page)?.[1];
    expect(script).toMatch(/^\/docs\/assets\//);
  });
});

/**
 * Validates a value against a schema of the document with a JSON Schema 2020-12 validator (the
 * formats the document uses checked too): undefined when valid, else what is wrong.
 */
function exampleValidator(document: Document): (schema: Schema, value: unknown) => string | undefined {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addFormat('int32', { type: 'number', validate: (value: number) => Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 31 });
  ajv.addFormat('int64', { type: 'number', validate: (value: number) => Number.isSafeInteger(value) });
  // RFC 3339 date-time, as the platform writes it.
  ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  const base = 'https://platform.invalid/openapi.json';
  ajv.addSchema({ $id: base, components: document.components });
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  return (schema, value) => {
    const text = JSON.stringify(schema).replaceAll('"#/components/', `"${base}#/components/`);
    let validate = compiled.get(text);
    if (!validate) compiled.set(text, (validate = ajv.compile(JSON.parse(text) as object)));
    return validate(value) ? undefined : ajv.errorsText(validate.errors);
  };
}

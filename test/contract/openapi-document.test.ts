import { createConfig, lintFromString } from '@redocly/openapi-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { platformUrl } from '../support/fixtures.ts';

type Schema = { type?: unknown; $ref?: string; anyOf?: Schema[]; items?: Schema; properties?: Record<string, Schema>; description?: string; required?: string[]; format?: string; enum?: unknown[] };
type Operation = {
  operationId: string;
  summary?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name?: string; $ref?: string; schema?: Record<string, unknown> }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { $ref?: string; headers?: Record<string, unknown> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, { flows?: { clientCredentials?: { scopes: Record<string, string> } } }> };
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
    for (const path of Object.keys(paths)) expect(path).toMatch(/^\/v1\/(oauth|inventory|crm|finance|events|tenants|auth|audit|connectors|sync|workflows|ai)(\/|$)/);
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
    expect(list.parameters?.map((parameter) => parameter.name ?? parameter.$ref)).toEqual(['#/components/parameters/TenantHeader', 'reorder_below', 'warehouse_id', 'archived', 'sort', 'page', 'per_page', 'after']);
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
});

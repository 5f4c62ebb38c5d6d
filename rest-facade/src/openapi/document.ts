import { scopeCatalogue } from '@platform/auth';
import type { InputContract } from '@platform/graphql-kit';
import { GraphQLNonNull, type GraphQLSchema, getNamedType, getNullableType, isNonNullType } from 'graphql';
import type { Route } from '../route-table.ts';
import { codeSamples } from './code-samples.ts';
import { type DeclaredExamples, ExampleBuilder } from './examples.ts';
import { type JsonSchema, SchemaComponents } from './json-schema.ts';
import { oauthPaths, oauthSchemas } from './oauth.ts';
import { uploadPaths, uploadSchemas } from './uploads.ts';
import { bulkFilePaths, bulkFileSchemas } from './bulk-files.ts';
import { type RefusalStatus, headers, problemSchema, refusal, refusalResponses, refusalSchemas, successHeaders } from './problems.ts';

export type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
};

export interface DocumentSources {
  basePath: string;
  routes: Route[];
  /** The schema SOFA generates its operations from: the fields REST answers carry. */
  servedSchema: GraphQLSchema;
  /** The declared rules of inputs and arguments (see graphql-kit's input-contract.ts). */
  inputContract: InputContract;
  /** The scopes each root field requires, by `Query.field` (any one of them admits the call). */
  scopes: Map<string, string[]>;
  /** What each tag of the routes groups (the domains declare them); a route with a tag not listed here stops the start. */
  tags: Record<string, string>;
  /** Hand-written examples of component schemas (the domains declare them next to their resources); the others are derived. */
  examples?: DeclaredExamples;
  /** Value sets restated by several rules (scopes, event types): each becomes one component, referenced wherever a schema lists exactly its values. */
  enums?: Record<string, NamedEnum>;
}

export interface NamedEnum {
  description: string;
  values: readonly string[];
}

const TENANT_ID = '^ten_[0-9a-f]{24}$';

/** `components.parameters`: the headers many operations take, referenced by each. */
const sharedParameters: Record<string, { name: string; in: string; required: boolean; description: string; schema: JsonSchema }> = {
  TenantHeader: { name: 'X-Service-Tenant', in: 'header', required: true, description: 'The tenant the request acts on; must be the tenant of the credential.', schema: { type: 'string', pattern: TENANT_ID } },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Makes the write safe to retry: a retry with the same key and request returns the first response (`Idempotent-Replayed: true`) without acting again; the same key with a different request is a 409. Keys are per tenant, kept 24 hours; 1 to 255 visible ASCII characters (a UUID).',
    schema: { type: 'string', pattern: '^[\\x21-\\x7E]{1,255}$' },
  },
  IfMatch: {
    name: 'If-Match',
    in: 'header',
    required: false,
    description: 'The `ETag` of the version this change is based on (`"3"`, with the quotes), or `*` for none; if the record changed since, the request is refused with 412 and nothing changes.',
    schema: { type: 'string', pattern: '^(\\*|"[0-9]{1,15}")$' },
  },
};

/** The paths edge plugins serve beside the facade (file uploads, signed downloads), described by hand. */
export function handDescribedPaths(basePath: string): Record<string, unknown> {
  return { ...uploadPaths(basePath), ...bulkFilePaths(basePath) };
}

/**
 * The OpenAPI 3.1 document of the REST facade, built from what serves the requests: the route
 * table, the GraphQL types of each route's field (answers as SOFA selects them, inputs narrowed
 * by their declared rules), the scopes each field's resolver checks and the error catalogue.
 * `test/fuzz/schemathesis.test.ts` holds the platform to it with Schemathesis.
 */
export function buildOpenApiDocument(sources: DocumentSources): OpenApiDocument {
  const components = new SchemaComponents(sources.servedSchema, sources.inputContract);
  const paths = { ...oauthPaths(sources.basePath), ...handDescribedPaths(sources.basePath) } as OpenApiDocument['paths'];
  for (const route of sources.routes) {
    const path = `${sources.basePath}${route.path.replace(/:(\w+)/g, '{$1}')}`;
    paths[path] ??= {};
    (paths[path] as Record<string, unknown>)[route.method.toLowerCase()] = operation(route, components, sources.scopes.get(route.coordinate));
  }
  const named = Object.entries(sources.enums ?? {});
  const schemas: Record<string, JsonSchema> = { ...components.schemas, Problem: problemSchema, ...refusalSchemas(), ...oauthSchemas, ...uploadSchemas, ...bulkFileSchemas };
  for (const [name, { description, values }] of named) {
    if (name in schemas) throw new Error(`the named enum ${name} clashes with a schema of the OpenAPI document`);
    referToNamedEnums(schemas, name, values);
    referToNamedEnums(paths, name, values);
    // Only a value set something lists is published (an unused component is a lint warning).
    if (JSON.stringify({ schemas, paths }).includes(`"#/components/schemas/${name}"`)) schemas[name] = { type: 'string', description, enum: [...values] };
  }
  const examples = sources.examples ?? {};
  const unknown = Object.keys(examples).filter((name) => !(name in schemas));
  if (unknown.length > 0) throw new Error(`examples are declared for schemas the OpenAPI document does not have: ${unknown.join(', ')}`);
  const builder = new ExampleBuilder((name) => schemas[name], examples);
  addExamples(paths, builder);
  addCodeSamples(paths, sources, builder);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Platform API',
      version: 'v1',
      summary: 'The programmatic interface of the business-operations platform.',
      description:
        'REST facade of the platform supergraph (GraphQL at `/graphql` serves the same operations). Every operation but the token exchange needs `Authorization: Bearer <access token or API key>` and `X-Service-Tenant: <tenant id>`. Errors are RFC 9457 problem details with a stable `code` (`/docs/errors`). A `400` means the request does not match this document; a `422` that it matches but breaks a rule the document cannot state (each operation lists its own).',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    // Paths are given in full (with /v1), so the server is the origin serving this document.
    servers: [{ url: '/' }],
    tags: [...new Set(['Auth', ...sources.routes.flatMap((route) => route.tags)])].map((name) => {
      const description = sources.tags[name];
      if (!description) throw new Error(`the REST tag ${name} has no description in the OpenAPI document`);
      return { name, description };
    }),
    paths,
    components: {
      schemas,
      parameters: sharedParameters,
      headers,
      responses: refusalResponses(),
      securitySchemes: {
        oauth2: { type: 'oauth2', description: 'Access tokens from the client-credentials grant.', flows: { clientCredentials: { tokenUrl: `${sources.basePath}/oauth/token`, scopes: scopeCatalogue } } },
        apiKey: { type: 'http', scheme: 'bearer', description: 'A scoped API key (`sk_live_…` / `sk_test_…`) sent as `Authorization: Bearer <key>`; it holds the scopes it was issued with.' },
      },
    },
  };
}

function operation(route: Route, components: SchemaComponents, scopes: string[] | undefined): Record<string, unknown> {
  if (scopes === undefined) throw new Error(`no scopes are known for ${route.coordinate}`);
  const write = route.method !== 'GET';
  const description = route.field.description ?? '';
  const argumentSchema = (name: string) => {
    const argument = route.field.args.find((candidate) => candidate.name === name);
    if (!argument) throw new Error(`${route.coordinate} has no argument ${name}`);
    return { argument, schema: components.argument(argument.type, `${route.coordinate}.${name}`) };
  };
  const parameters: unknown[] = [
    { $ref: '#/components/parameters/TenantHeader' },
    ...(write ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
    ...(write && route.versioned && route.pathParams.length > 0 ? [{ $ref: '#/components/parameters/IfMatch' }] : []),
    ...route.pathParams.map((name) => {
      const { argument, schema } = argumentSchema(name);
      // An id is text; a number (a mapping's `version`) is published with its own type.
      const text = getNamedType(argument.type).name === 'String';
      return { name, in: 'path', required: true, description: argument.description ?? undefined, schema: text ? { type: 'string', minLength: 1, pattern: '^[^\\u0000]*$' } : queryParameter(schema) };
    }),
    ...[...route.queryArgs.keys()].map((name) => {
      const { argument, schema } = argumentSchema(name);
      // A query parameter is absent or has a value: an empty one is refused, so is null.
      const parameter = queryParameter(schema);
      return {
        name,
        in: 'query',
        required: isNonNullType(argument.type),
        description: argument.description ?? undefined,
        ...(argument.deprecationReason != null && { deprecated: true }),
        // A list is given once per value (`status_in=paid&status_in=void`): OpenAPI's defaults, stated for readers.
        ...(parameter.type === 'array' && { style: 'form', explode: true }),
        schema: parameter,
      };
    }),
  ];
  // A body is an object or absent (an optional input may be left out, never sent as `null`).
  const requestBody = route.bodyArg
    ? { required: isNonNullType(route.bodyArg.type), content: { 'application/json': { schema: components.argument(new GraphQLNonNull(getNullableType(route.bodyArg.type)), `${route.coordinate}.${route.bodyArg.name}`) } } }
    : route.bodyArgs.size > 0
      ? {
          required: false,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                additionalProperties: false,
                properties: Object.fromEntries([...route.bodyArgs.keys()].map((name) => [name, { ...argumentSchema(name).schema, description: argumentSchema(name).argument.description ?? undefined }])),
              },
            },
          },
        }
      : undefined;
  const statuses: RefusalStatus[] = [400, 401, 403, 404, ...(write ? ([409, 412, 413, 415] as const) : []), 422, 429, 500, 503, 504];
  return {
    operationId: route.field.name,
    tags: route.tags,
    summary: summaryOf(route),
    description,
    // `x-sunset` is where oasdiff reads the sunset: removing the operation before it is an error there too.
    ...(route.deprecation && { deprecated: true, ...(route.deprecation.sunsetAt && { 'x-sunset': route.deprecation.sunsetAt.toISOString().slice(0, 10) }) }),
    security: securityOf(scopes),
    parameters,
    ...(requestBody && { requestBody }),
    responses: {
      [route.successStatus]: {
        description: route.successStatus === 201 ? 'Created.' : 'OK.',
        headers: successHeaders({ versioned: route.versioned, write, costed: true, deprecation: route.deprecation }),
        content: { 'application/json': { schema: components.response(route.field.type) } },
      },
      ...Object.fromEntries(statuses.map((status) => [status, refusal(status)])),
    },
  };
}

/** A query parameter's schema (or a list parameter's values'): what its argument accepts, without null and without the empty string. */
function queryParameter(schema: JsonSchema): JsonSchema {
  const { type, anyOf, ...rest } = schema;
  if (Array.isArray(anyOf)) {
    const [value] = (anyOf as JsonSchema[]).filter((branch) => branch.type !== 'null');
    return queryParameter({ ...rest, ...value });
  }
  const single = Array.isArray(type) ? type.find((candidate) => candidate !== 'null') : type;
  const narrowed: JsonSchema = { ...rest, ...(single !== undefined && { type: single }) };
  if (single === 'string' && narrowed.enum === undefined && narrowed.minLength === undefined) narrowed.minLength = 1;
  if (single === 'array') narrowed.items = queryParameter(narrowed.items as JsonSchema);
  return narrowed;
}

/** Any one of the scopes admits the call, with an access token or an API key alike. */
function securityOf(scopes: string[]): Array<Record<string, string[]>> {
  if (scopes.length === 0) return [{ oauth2: [] }, { apiKey: [] }];
  return [...scopes.map((scope) => ({ oauth2: [scope] })), ...scopes.map((scope) => ({ apiKey: [scope] }))];
}

/** The first sentence of the field's description, as the operation's one-line summary. */
function summaryOf(route: Route): string {
  const description = route.field.description ?? route.coordinate;
  // The sentence ends at the first `.`, `;` or `:` followed by a space, outside parentheses.
  let depth = 0;
  let end = description.length;
  for (let index = 0; index < description.length; index += 1) {
    const character = description[index] as string;
    if (character === '(') depth += 1;
    else if (character === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && '.;:'.includes(character) && /\s/.test(description[index + 1] ?? ' ')) {
      end = index;
      break;
    }
  }
  return description.slice(0, end).replace(/`/g, '');
}

type MediaTypes = Record<string, { schema?: JsonSchema; examples?: Record<string, unknown> }>;

/** An example on every request body and every successful answer with a body, each named after its schema. */
function addExamples(paths: OpenApiDocument['paths'], builder: ExampleBuilder): void {
  const exemplify = (content: MediaTypes | undefined) => {
    for (const media of Object.values(content ?? {})) {
      if (!media.schema || media.examples) continue;
      const name = typeof media.schema.$ref === 'string' ? media.schema.$ref.replace('#/components/schemas/', '') : 'example';
      media.examples = { [name]: { value: builder.of(media.schema) } };
    }
  };
  for (const byMethod of Object.values(paths)) {
    for (const operation of Object.values(byMethod) as Array<{ requestBody?: { content?: MediaTypes }; responses?: Record<string, { content?: MediaTypes }> }>) {
      exemplify(operation.requestBody?.content);
      for (const [status, response] of Object.entries(operation.responses ?? {})) if (status.startsWith('2')) exemplify(response.content);
    }
  }
}

/** Replaces, under `node`, every schema listing exactly `values` with a reference to the component `name` (keeping its description). */
function referToNamedEnums(node: unknown, name: string, values: readonly string[]): void {
  if (typeof node !== 'object' || node === null) return;
  const container = node as Record<string, unknown>;
  for (const [key, value] of Object.entries(container)) {
    if (key === 'examples' || typeof value !== 'object' || value === null) continue;
    const listed = (value as { enum?: unknown }).enum;
    // A branch of `anyOf` stays as it is: oasdiff takes a branch turned into a reference for a removed branch (a breaking change).
    if (!Array.isArray(container) && Array.isArray(listed) && listed.length === values.length && values.every((candidate) => listed.includes(candidate))) {
      const { description } = value as { description?: string };
      container[key] = { $ref: `#/components/schemas/${name}`, ...(description !== undefined && { description }) };
    } else referToNamedEnums(value, name, values);
  }
}

type ExemplifiedOperation = {
  requestBody?: { content?: MediaTypes };
  responses: Record<string, { content?: MediaTypes }>;
  parameters?: unknown[];
  'x-codeSamples'?: unknown;
};

/** `x-codeSamples` on every operation of the routes: the call with each official client library. */
function addCodeSamples(paths: OpenApiDocument['paths'], sources: DocumentSources, builder: ExampleBuilder): void {
  for (const route of sources.routes) {
    const path = `${sources.basePath}${route.path.replace(/:(\w+)/g, '{$1}')}`;
    const operation = paths[path]?.[route.method.toLowerCase()] as ExemplifiedOperation | undefined;
    if (!operation) continue;
    const firstExample = (content: MediaTypes | undefined) => Object.values(content?.['application/json']?.examples ?? {})[0] as { value: unknown } | undefined;
    const answer = firstExample(operation.responses[String(route.successStatus)]?.content)?.value as { id?: unknown } | undefined;
    const parameters = (operation.parameters ?? []) as Array<{ $ref?: string; name?: string; in?: string; required?: boolean; schema?: JsonSchema }>;
    const pathParams = route.pathParams.map((name) => {
      const schema = parameters.find((parameter) => parameter.in === 'path' && parameter.name === name)?.schema ?? { type: 'string' };
      return { name, value: (name === 'id' && typeof answer?.id === 'string' ? answer.id : builder.of(schema, name)) as string | number };
    });
    operation['x-codeSamples'] = codeSamples({
      operationId: route.field.name,
      method: route.method,
      path,
      pathParams,
      body: firstExample(operation.requestBody?.content)?.value,
      list: route.queryArgs.has('per_page'),
      tag: route.tags[0] ?? 'default',
      bodySchema: (operation.requestBody?.content?.['application/json']?.schema?.$ref as string | undefined)?.replace('#/components/schemas/', ''),
      successStatus: route.successStatus,
      parameters: parameters.map(resolveParameter),
      bodyRequired: (operation.requestBody as { required?: boolean } | undefined)?.required === true,
    });
  }
}

/** A parameter of an operation with its reference to `components.parameters` resolved: name, place, whether required. */
function resolveParameter(parameter: { $ref?: string; name?: string; in?: string; required?: boolean }): { name: string; in: string; required: boolean } {
  const shared = parameter.$ref === undefined ? parameter : sharedParameters[parameter.$ref.replace('#/components/parameters/', '')];
  if (!shared) throw new Error(`unknown parameter reference ${parameter.$ref}`);
  return { name: shared.name ?? '', in: shared.in ?? 'query', required: shared.required === true };
}

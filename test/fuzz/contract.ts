import {
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLSchema,
  type IntrospectionQuery,
  buildClientSchema,
  getIntrospectionQuery,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
} from 'graphql';
import type { Shape, ShapeField } from './shapes.ts';

/** One REST operation of the published OpenAPI document, with what a request to it may carry. */
export interface RestOperation {
  /** `POST /v1/crm/orders/{id}/confirm` */
  name: string;
  method: string;
  /** `/v1/crm/orders/{id}/confirm` */
  pathTemplate: string;
  pathParams: string[];
  queryParams: ShapeField[];
  /** Headers the operation documents besides the tenant (`Idempotency-Key`, `If-Match`). */
  optionalHeaders: string[];
  body: { contentTypes: string[]; shape: Shape; required: boolean } | undefined;
  /** Its refusals are RFC 6749 `{ error }` bodies (the OAuth endpoints), not problem details. */
  oauthErrors: boolean;
  /** It needs no credential. */
  public: boolean;
}

/** One root field of the GraphQL schema, with its arguments and a selection of its result. */
export interface GraphqlRootField {
  /** `Mutation.fulfil_order` */
  name: string;
  operation: 'query' | 'mutation' | 'subscription';
  field: string;
  args: ShapeField[];
  /** GraphQL type of each argument as written in a variable definition (`String!`). */
  argTypes: Record<string, string>;
  /** Selection of the result's leaf fields two levels deep (empty for a leaf result). */
  selection: string;
}

export interface Contract {
  rest: RestOperation[];
  graphql: GraphqlRootField[];
  schema: GraphQLSchema;
}

type JsonSchema = { $ref?: string; type?: string; enum?: string[]; items?: JsonSchema; properties?: Record<string, JsonSchema>; required?: string[] } | null | undefined;
type OpenApiParameter = { $ref?: string; name?: string; in?: string; required?: boolean; schema?: JsonSchema };
type OpenApiOperation = {
  operationId?: string;
  security?: unknown[];
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
};
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>>; components: { schemas: Record<string, JsonSchema>; parameters: Record<string, OpenApiParameter> } };

/**
 * Reads the contract the running platform publishes: the OpenAPI document at /v1/openapi.json
 * and the GraphQL schema by introspection. The fuzzer covers exactly what they list, so an
 * operation added later is fuzzed without a change here.
 */
export async function loadContract(platformUrl: string, headers: Record<string, string>): Promise<Contract> {
  const openApi = (await (await fetch(`${platformUrl}/v1/openapi.json`, { signal: AbortSignal.timeout(30_000) })).json()) as OpenApiDocument;
  const introspection = await fetch(`${platformUrl}/graphql`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ query: getIntrospectionQuery() }),
    signal: AbortSignal.timeout(30_000),
  });
  const { data } = (await introspection.json()) as { data: IntrospectionQuery };
  const schema = buildClientSchema(data);
  return { rest: restOperations(openApi), graphql: graphqlRootFields(schema), schema };
}

function restOperations(document: OpenApiDocument): RestOperation[] {
  const resolve = <T extends { $ref?: string } | null | undefined>(value: T, from: Record<string, unknown>): T =>
    (value?.$ref ? from[value.$ref.split('/').pop() as string] : value) as T;
  const shapeOf = (schema: JsonSchema, depth = 0): Shape => {
    const resolved = resolve(schema, document.components.schemas);
    if (!resolved || depth > 8) return { kind: 'any' };
    if (resolved.enum) return { kind: 'enum', values: resolved.enum };
    switch (resolved.type) {
      case 'string':
        return { kind: 'string' };
      case 'integer':
        return { kind: 'int' };
      case 'number':
        return { kind: 'float' };
      case 'boolean':
        return { kind: 'boolean' };
      case 'array':
        return { kind: 'list', of: shapeOf(resolved.items, depth + 1) };
      case 'object':
        if (!resolved.properties) return { kind: 'json' };
        return {
          kind: 'object',
          fields: Object.entries(resolved.properties).map(([name, property]) => ({ name, shape: shapeOf(property, depth + 1), required: resolved.required?.includes(name) ?? false })),
        };
      default:
        return { kind: 'any' };
    }
  };
  return Object.entries(document.paths).flatMap(([pathTemplate, methods]) =>
    Object.entries(methods).map(([method, operation]): RestOperation => {
      const parameters = (operation.parameters ?? []).map((parameter) => resolve(parameter, document.components.parameters));
      const bodyContent = operation.requestBody?.content ?? {};
      const bodySchema = Object.values(bodyContent)[0]?.schema;
      const documentedBodies = Object.values(operation.responses ?? {}).flatMap((response) => Object.values(response.content ?? {}).map((content) => content.schema?.$ref ?? ''));
      return {
        name: `${method.toUpperCase()} ${pathTemplate}`,
        method: method.toUpperCase(),
        pathTemplate,
        pathParams: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name as string),
        queryParams: parameters.filter((parameter) => parameter.in === 'query').map((parameter) => ({ name: parameter.name as string, shape: shapeOf(parameter.schema), required: parameter.required ?? false })),
        optionalHeaders: parameters.filter((parameter) => parameter.in === 'header' && !parameter.required).map((parameter) => parameter.name as string),
        body: operation.requestBody ? { contentTypes: Object.keys(bodyContent), shape: shapeOf(bodySchema), required: operation.requestBody.required ?? false } : undefined,
        oauthErrors: documentedBodies.some((ref) => ref.endsWith('/OAuthError')),
        public: Array.isArray(operation.security) && operation.security.length === 0,
      };
    }),
  );
}

function graphqlRootFields(schema: GraphQLSchema): GraphqlRootField[] {
  const roots = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
    ['subscription', schema.getSubscriptionType()],
  ] as const;
  return roots.flatMap(([operation, type]) =>
    Object.values(type?.getFields() ?? {}).map((field) => ({
      name: `${type?.name}.${field.name}`,
      operation,
      field: field.name,
      args: field.args.map((arg) => ({ name: arg.name, shape: shapeOfInput(arg.type), required: isNonNullType(arg.type) })),
      argTypes: Object.fromEntries(field.args.map((arg) => [arg.name, String(arg.type)])),
      selection: selectionOf(field),
    })),
  );
}

function shapeOfInput(type: GraphQLInputType, depth = 0): Shape {
  const nullable = isNonNullType(type) ? type.ofType : type;
  if (depth > 8) return { kind: 'any' };
  if (isListType(nullable)) return { kind: 'list', of: shapeOfInput(nullable.ofType, depth + 1) };
  if (isEnumType(nullable)) return { kind: 'enum', values: nullable.getValues().map((value) => value.name) };
  if (isInputObjectType(nullable)) {
    return { kind: 'object', fields: Object.values(nullable.getFields()).map((field) => ({ name: field.name, shape: shapeOfInput(field.type, depth + 1), required: isNonNullType(field.type) })) };
  }
  const scalars: Record<string, Shape['kind']> = { Int: 'int', Float: 'float', String: 'string', ID: 'string', Boolean: 'boolean', DateTime: 'datetime', MinorUnits: 'minor_units', JSON: 'json' };
  return { kind: scalars[nullable.name] ?? 'any' } as Shape;
}

/** Leaf fields without required arguments, two object levels deep: enough to run the resolvers of nested records. */
function selectionOf(field: GraphQLField<unknown, unknown>): string {
  const select = (type: GraphQLNamedType, depth: number): string => {
    if (isLeafType(type)) return '';
    if (!isObjectType(type)) return '{ __typename }';
    const parts = Object.values(type.getFields())
      .filter((child) => child.args.every((arg) => !isNonNullType(arg.type)))
      .flatMap((child) => {
        const named = getNamedType(child.type);
        if (isLeafType(named)) return [child.name];
        return depth < 2 && isObjectType(named) ? [`${child.name} ${select(named, depth + 1)}`] : [];
      });
    return `{ __typename ${parts.join(' ')} }`;
  };
  return select(getNamedType(field.type), 0);
}

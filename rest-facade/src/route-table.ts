import { fieldErrors } from '@platform/errors';
import { type Deprecation, type RestRoutes, parseDeprecation } from '@platform/graphql-kit';
import { type GraphQLArgument, type GraphQLField, type GraphQLSchema, getNullableType, isObjectType } from 'graphql';

export interface Route {
  /** `Query.inventory_items` */
  coordinate: string;
  method: string;
  /** Path under the base path, with `:name` parameters. */
  path: string;
  pattern: RegExp;
  pathParams: string[];
  field: GraphQLField<unknown, unknown>;
  /** Arguments given as query parameters (reads only). */
  queryArgs: Map<string, GraphQLArgument>;
  /** The `input` argument of a write, filled from the JSON body. */
  bodyArg: GraphQLArgument | undefined;
  /** A write without an `input` argument takes its other arguments (`version`) as fields of an optional JSON body. */
  bodyArgs: Map<string, GraphQLArgument>;
  /** The status of a successful answer (201 for creations). */
  successStatus: number;
  tags: string[];
  /** The route returns one record with a `version`: its response carries an `ETag`. */
  versioned: boolean;
  /** The root field is `@deprecated`: its answers carry `Deprecation` (and `Sunset`), its operation is marked deprecated. */
  deprecation: Deprecation | undefined;
}

export type RouteMatch = { route: Route; params: Record<string, string> } | { allowed: string[] } | undefined;

/** Compiles the subgraphs' route declarations against the supergraph API schema. */
export function buildRouteTable(schema: GraphQLSchema, routes: RestRoutes): Route[] {
  return Object.entries(routes).map(([coordinate, config]) => {
    const [typeName, fieldName] = coordinate.split('.') as [string, string];
    const type = typeName === 'Query' ? schema.getQueryType() : schema.getMutationType();
    const field = type?.getFields()[fieldName];
    if (!field) throw new Error(`REST route ${config.method} ${config.path} names ${coordinate}, which the schema does not have`);
    const pathParams = [...config.path.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
    // Exact paths only: SOFA, which serves the matched request, routes no trailing slash, so
    // tolerating one here handed SOFA a path it could not route (a 500, found by the fuzz suite).
    const pattern = new RegExp(`^${config.path.replace(/:(\w+)/g, '([^/]+)')}$`);
    const bodyArg = config.method === 'GET' ? undefined : field.args.find((arg) => arg.name === 'input');
    const otherArgs = new Map(field.args.filter((arg) => !pathParams.includes(arg.name) && arg !== bodyArg).map((arg) => [arg.name, arg]));
    if (bodyArg && otherArgs.size > 0) throw new Error(`REST route ${config.method} ${config.path}: ${coordinate} takes an input object and other arguments (${[...otherArgs.keys()].join(', ')}); put them in the input`);
    const read = config.method === 'GET';
    const returnType = getNullableType(field.type);
    const versioned = isObjectType(returnType) && 'version' in returnType.getFields();
    return {
      coordinate,
      method: config.method,
      path: config.path,
      pattern,
      pathParams,
      field,
      queryArgs: read ? otherArgs : new Map(),
      bodyArg,
      bodyArgs: read || bodyArg ? new Map() : otherArgs,
      versioned,
      // A reason without the dates stops the start, as any route the facade cannot serve does.
      deprecation: field.deprecationReason == null ? undefined : parseDeprecation(field.deprecationReason, coordinate),
      successStatus: config.responseStatus ?? 200,
      tags: config.tags ?? [],
    };
  });
}

/** The route for a method and path; or the methods the path allows (405); or nothing (404). */
/**
 * The methods of each path the OpenAPI document describes by hand (uploads, signed downloads: edge
 * plugins serve them, not SOFA), so the facade answers another method there with 405 and `Allow`
 * as it does on its own routes. `paths` is the document's `paths` object for them.
 */
export function handDescribedMethods(paths: Record<string, unknown>, basePath: string): Array<{ pattern: RegExp; methods: string[] }> {
  return Object.entries(paths).map(([template, operations]) => ({
    pattern: new RegExp(`^${template.slice(basePath.length).replace(/\{\w+\}/g, '[^/]+')}$`),
    methods: Object.keys(operations as object).map((method) => method.toUpperCase()),
  }));
}

/**
 * A request to a hand-described path with a method it does not have: 405 with the methods it has.
 * (With one it has, its plugin declined it, an id it cannot be: no such route, 404.)
 */
export function otherMethodOf(paths: ReadonlyArray<{ pattern: RegExp; methods: string[] }>, method: string, path: string): { allowed: string[] } | undefined {
  const allowed = paths.filter(({ pattern }) => pattern.test(path)).flatMap(({ methods }) => methods);
  return allowed.length > 0 && !allowed.includes(method) ? { allowed } : undefined;
}

export function matchRoute(table: Route[], method: string, path: string): RouteMatch {
  const allowed: string[] = [];
  for (const route of table) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    if (route.method !== method) {
      allowed.push(route.method);
      continue;
    }
    const params = Object.fromEntries(route.pathParams.map((name, index) => [name, decodePathSegment(name, match[index + 1] as string)]));
    return { route, params };
  }
  return allowed.length > 0 ? { allowed } : undefined;
}

function decodePathSegment(name: string, segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw fieldErrors('invalid_parameter', name, `The ${name} path segment is not valid percent-encoding.`);
  }
}

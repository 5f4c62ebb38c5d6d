import { filterSchema } from '@graphql-tools/utils';
import { ApiError } from '@platform/errors';
import { type InputContract, type RestRoutes, deprecationHeaders } from '@platform/graphql-kit';
import { type ExecutionArgs, type GraphQLSchema, isNonNullType } from 'graphql';
import type { Plugin, YogaInitialContext } from 'graphql-yoga';
import { useSofa } from 'sofa-api';
import { type NamedEnum, type OpenApiDocument, buildOpenApiDocument, handDescribedPaths } from './openapi/document.ts';
import { queryVariables, validateArgumentsBody, validateBody, validatePathParameters } from './request-validation.ts';
import { type Route, buildRouteTable, handDescribedMethods, matchRoute, otherMethodOf } from './route-table.ts';

/** What the facade serves and publishes: enough to build its OpenAPI document without serving it. */
export interface RestFacadeContract {
  /** The supergraph API schema: routes are checked against it; execution always runs on the gateway. */
  schema: GraphQLSchema;
  routes: RestRoutes;
  basePath: string;
  /** Fields SOFA must not select in REST responses (GraphQL-only navigation), as `Type.field`. */
  graphqlOnlyFields: string[];
  /** The declared rules of inputs and arguments, published in the OpenAPI document. */
  inputContract: InputContract;
  /** The scopes each root field requires (`Query.field` → any of them), published per operation. */
  scopes: Map<string, string[]>;
  /** What each tag of the routes groups: the sections of the published reference. */
  tags: Record<string, string>;
  /** Hand-written examples of the document's schemas, by component name; the others are derived from the schemas. */
  examples?: Record<string, unknown>;
  /** Value sets restated by several input rules (scopes, event types): published once, by these component names. */
  enums?: Record<string, NamedEnum>;
}

export interface RestFacadeOptions extends RestFacadeContract {
  /** Renders an error as the edge's problem response for the original request. */
  problemResponse(error: unknown, request: Request): Response;
  /** Carries the edge's per-request state (request id, principal) to the request SOFA receives. */
  linkRequests(original: Request, forwarded: Request): void;
  /** Names the operation a request matched, as `<route path template>`, for logs and the audit trail. */
  noteOperation(request: Request, operation: string): void;
}

const FACADE_ERRORS_HEADER = 'x-facade-errors';
const ENVELOPED = Symbol('enveloped');
const QUERY_VARIABLES = Symbol('query variables');

type Enveloped = ReturnType<Parameters<NonNullable<Plugin['onYogaInit']>>[0]['yoga']['getEnveloped']>;

/**
 * The /v1 REST facade as a Yoga plugin: SOFA maps each declared route to a GraphQL operation on
 * the same schema, executed through Yoga's envelop chain (and so through the gateway). In front
 * of SOFA it checks what SOFA would let through: unknown routes and methods, unknown or
 * mistyped parameters, and request bodies, each a precise problem response.
 */
export function useRestFacade(options: RestFacadeOptions): Plugin & { routes: Plugin; openApiDocument(): OpenApiDocument } {
  let getEnveloped: ((context: Record<string, unknown>) => Enveloped) | undefined;
  const { routeTable, sofaSchema } = compileContract(options);
  const handDescribed = handDescribedMethods(handDescribedPaths(options.basePath), options.basePath);
  const sofa = useSofa({
    schema: sofaSchema,
    basePath: options.basePath,
    routes: Object.fromEntries(Object.entries(options.routes).map(([coordinate, route]) => [coordinate, { ...route }])),
    async context(serverContext: Record<string, unknown>) {
      if (!getEnveloped) throw new Error('the REST facade is used before Yoga initialised it');
      const enveloped = getEnveloped(serverContext);
      const contextValue = (await enveloped.contextFactory(serverContext as unknown as YogaInitialContext)) as Record<string | symbol, unknown>;
      contextValue[ENVELOPED] = enveloped;
      contextValue[QUERY_VARIABLES] = readVariables.get(serverContext.request as Request);
      return contextValue;
    },
    execute: (args: ExecutionArgs) => {
      const contextValue = args.contextValue as Record<symbol, unknown>;
      const variableValues = { ...args.variableValues, ...(contextValue[QUERY_VARIABLES] as Record<string, unknown> | undefined) };
      return (contextValue[ENVELOPED] as Enveloped).execute({ ...args, variableValues });
    },
    // SOFA's error handler cannot see the request; hand the errors back to onRequest instead.
    errorHandler: ((errors: ReadonlyArray<unknown>) =>
      Response.json({ errors: errors.map((error) => (error instanceof Error && 'toJSON' in error ? (error as { toJSON(): unknown }).toJSON() : { message: String(error) })) }, { status: 500, headers: { [FACADE_ERRORS_HEADER]: '1' } })) as unknown as NonNullable<Parameters<typeof useSofa>[0]['errorHandler']>,
  });

  let openApi: OpenApiDocument | undefined;
  // The route of each request, found by `routes` (which runs before the edge's write plugins).
  const matched = new WeakMap<Request, { route: Route; params: Record<string, string> }>();
  // The query parameters of a read, parsed by the facade, by the request handed to SOFA (which gets none).
  const readVariables = new WeakMap<Request, Record<string, unknown>>();

  return {
    /**
     * Answers a path or method the facade does not serve (404 `route_not_found`, 405 with `Allow`)
     * before the edge's plugins for writes (preconditions, idempotency) act on the request: an
     * undeclared method is a 405 whatever its headers.
     */
    routes: {
      onRequest({ request, url, endResponse }) {
        if (!url.pathname.startsWith(`${options.basePath}/`)) return;
        try {
          const path = url.pathname.slice(options.basePath.length);
          const match = matchRoute(routeTable, request.method, path) ?? otherMethodOf(handDescribed, request.method, path);
          if (!match) throw new ApiError('route_not_found', `No operation exists at ${request.method} ${url.pathname}.`);
          if ('allowed' in match) {
            throw new ApiError('method_not_allowed', `${url.pathname} accepts ${match.allowed.join(', ')}, not ${request.method}.`, { allowed_methods: match.allowed });
          }
          matched.set(request, match);
          options.noteOperation(request, `${options.basePath}${match.route.path}`);
        } catch (error) {
          endResponse(options.problemResponse(error, request));
        }
      },
      // Every answer of a deprecated operation says so, refusals and idempotent replays included:
      // a client learns it from whichever response it happens to log.
      onResponse({ request, response }) {
        const deprecation = matched.get(request)?.route.deprecation;
        if (!deprecation) return;
        for (const [name, value] of Object.entries(deprecationHeaders(deprecation))) response.headers.set(name, value);
      },
    },
    onYogaInit({ yoga }) {
      getEnveloped = yoga.getEnveloped as unknown as typeof getEnveloped;
    },
    async onRequest({ request, url, serverContext, endResponse, fetchAPI }) {
      const match = matched.get(request);
      if (!match) return;
      try {
        validatePathParameters(match.route, match.params);
        const variables = queryVariables(match.route, url.searchParams);
        // A read goes to SOFA without its query string, its parameters passed as variables (see
        // queryVariables); a write's body, read and checked here, is handed on under the name of
        // the operation's input argument, as SOFA expects it.
        // Yoga's own Request and Response (whatwg-node's): Node's built-in ones (undici) build a web
        // stream and an abort signal for each (about 40 µs per write, docs/performance.md).
        const { Request } = fetchAPI;
        let forwarded: Request;
        const { bodyArg } = match.route;
        if (match.route.method === 'GET') {
          forwarded = new Request(`${url.origin}${url.pathname}`, { method: 'GET', headers: request.headers });
          options.linkRequests(request, forwarded);
          readVariables.set(forwarded, variables);
        } else if (bodyArg) {
          const text = await request.text();
          // An action whose input is optional (`POST /crm/orders/{id}/confirm`) may come without a body.
          const bodyless = text.trim() === '' && !isNonNullType(bodyArg.type);
          const contentType = request.headers.get('content-type') ?? '';
          if (!bodyless && !/^application\/(.+\+)?json\b/i.test(contentType)) throw new ApiError('unsupported_media_type', 'Send the request body as JSON with Content-Type: application/json.');
          const parsed = bodyless ? undefined : parseJson(text);
          if (!bodyless) validateBody(bodyArg.type, parsed);
          forwarded = new Request(request.url, { method: request.method, headers: request.headers, body: JSON.stringify(bodyless ? {} : { [bodyArg.name]: parsed }) });
          options.linkRequests(request, forwarded);
        } else {
          // A write without an input object takes its arguments (`version`) from the body, unchecked by SOFA.
          const text = await request.text();
          if (text.trim() !== '') {
            if (!/^application\/(.+\+)?json\b/i.test(request.headers.get('content-type') ?? '')) throw new ApiError('unsupported_media_type', 'Send the request body as JSON with Content-Type: application/json.');
            validateArgumentsBody(match.route, parseJson(text));
          }
          forwarded = new Request(request.url, { method: request.method, headers: request.headers, body: text });
          options.linkRequests(request, forwarded);
        }
        const response = await sofa.fetch(forwarded, serverContext);
        if (response.headers.get(FACADE_ERRORS_HEADER)) {
          const { errors } = (await response.json()) as { errors: unknown[] };
          endResponse(options.problemResponse(errors[0], request));
          return;
        }
        endResponse(match.route.versioned ? await withETag(response, fetchAPI.Response) : response);
      } catch (error) {
        endResponse(options.problemResponse(error, request));
      }
    },
    openApiDocument() {
      openApi ??= documentOf(options, routeTable, sofaSchema);
      return openApi;
    },
  };
}

/** The OpenAPI document the facade serves for `contract`, built without serving it (the published snapshot, docs/api/). */
export function restFacadeDocument(contract: RestFacadeContract): OpenApiDocument {
  const { routeTable, sofaSchema } = compileContract(contract);
  return documentOf(contract, routeTable, sofaSchema);
}

function compileContract(contract: RestFacadeContract): { routeTable: Route[]; sofaSchema: GraphQLSchema } {
  const ignored = new Set(contract.graphqlOnlyFields);
  return {
    routeTable: buildRouteTable(contract.schema, contract.routes),
    // SOFA generates a route for every root field and selects every field of a result; the copy it
    // sees holds only the routed root fields and no GraphQL-only fields.
    sofaSchema: filterSchema({
      schema: contract.schema,
      rootFieldFilter: (operation, fieldName) => `${operation}.${fieldName}` in contract.routes,
      fieldFilter: (typeName, fieldName) => !ignored.has(`${typeName}.${fieldName}`),
    }),
  };
}

function documentOf(contract: RestFacadeContract, routeTable: Route[], sofaSchema: GraphQLSchema): OpenApiDocument {
  return buildOpenApiDocument({ basePath: contract.basePath, routes: routeTable, servedSchema: sofaSchema, inputContract: contract.inputContract, scopes: contract.scopes, tags: contract.tags, examples: contract.examples, enums: contract.enums });
}

/** A versioned record's ETag is its version (`"3"`), the value `If-Match` takes back. */
async function withETag(response: Response, ResponseClass: typeof Response): Promise<Response> {
  if (!response.ok) return response;
  // Read once, answered from the text read (a clone would copy the body through a second stream).
  const text = await response.text();
  const body = JSON.parse(text) as { version?: unknown } | null;
  const tagged = new ResponseClass(text, response);
  if (typeof body?.version === 'number') tagged.headers.set('etag', `"${body.version}"`);
  return tagged;
}

/** No body of the API nests deeper; deeper JSON would exhaust the recursive code that handles it. */
const MAX_BODY_DEPTH = 64;

function parseJson(text: string): unknown {
  if (text.trim() === '') throw new ApiError('malformed_body', 'The request body is empty; send a JSON object.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError('malformed_body', 'The request body is not well-formed JSON.');
  }
  if (nestingDepth(parsed) > MAX_BODY_DEPTH) throw new ApiError('validation_failed', `The request body nests more than ${MAX_BODY_DEPTH} levels deep.`, { errors: [{ field: '', message: `nests more than ${MAX_BODY_DEPTH} levels deep` }] });
  return parsed;
}

/** Depth of a JSON value, measured without recursion and without looking past MAX_BODY_DEPTH + 1. */
function nestingDepth(value: unknown): number {
  let deepest = 0;
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop() as [unknown, number];
    if (typeof current !== 'object' || current === null) continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_BODY_DEPTH) return deepest;
    for (const item of Object.values(current)) pending.push([item, depth + 1]);
  }
  return deepest;
}

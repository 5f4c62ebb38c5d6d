import fc from 'fast-check';
import type { GraphqlRootField } from './contract.ts';
import { type Credential, type FuzzCase, credentials, printable } from './fuzz-case.ts';
import { type JsonLike, JsonObject, anyJson, contentTypes, hugeString, invalidUtf8, mutatedBody, percentEncode, plausibleOr, toGraphqlLiteral, toJsonText } from './hostile-values.ts';
import { type KnownIds, type ShapeField, valueOf } from './shapes.ts';

/** Literals no schema type accepts as they are: escapes of NUL and lone surrogates, numbers past every limit, undeclared variables. */
const HOSTILE_LITERALS = [
  '"\\u0000"', '"\\uD800"', '"\\uDFFF\\uD800"', '"\\u{110000}"', '"""\u0000"""', '""', '"\\x41"', '99999999999999999999', '-2147483649', '1e400', '-0', '0.1e-400',
  'NaN', 'Infinity', 'null', '$undeclared', 'FOO_BAR', 'true', '[[[[[[1]]]]]]', '{a: 1}', '{}', '[]', `"${'x'.repeat(70_000)}"`,
];

const WRONG_VARIABLE_TYPES = ['String', 'String!', 'Int', 'Int!', 'Float', 'Boolean', '[String]', '[String!]!', 'JSON', 'DateTime', 'NoSuchType', 'MinorUnits'];

const PLAUSIBLE_ACCEPTS = [undefined, 'application/json', 'application/graphql-response+json', 'application/graphql-response+json, application/json;q=0.9', 'text/event-stream', '*/*', 'multipart/mixed'];
const ODD_ACCEPTS = ['text/html', 'application/xml', '', 'application/json;q=0'];
const accepts = (hostility: number) => plausibleOr(fc.constantFrom(...PLAUSIBLE_ACCEPTS), fc.constantFrom(...ODD_ACCEPTS), hostility);

interface Argument {
  name: string;
  /** How it is given: left out, as a variable, or as a literal in the document. */
  mode: 'omitted' | 'variable' | 'literal';
  declaredType: string;
  literal: string;
  value: JsonLike;
  /** The variable is declared but its value not sent. */
  valueMissing: boolean;
}

function argument(arg: ShapeField, qualifiedName: string, realType: string, ids: KnownIds, hostility: number): fc.Arbitrary<Argument> {
  const value = valueOf(arg.shape, qualifiedName, ids, hostility);
  return fc.record({
    name: fc.constant(arg.name),
    mode: fc.oneof(
      { arbitrary: fc.constant('omitted' as const), weight: arg.required ? 1 : 10 },
      { arbitrary: fc.constant('variable' as const), weight: 12 },
      { arbitrary: fc.constant('literal' as const), weight: 8 },
    ),
    declaredType: plausibleOr(fc.constant(realType), fc.constantFrom(...WRONG_VARIABLE_TYPES), hostility),
    literal: plausibleOr(value.map(toGraphqlLiteral), fc.constantFrom(...HOSTILE_LITERALS), hostility),
    value,
    valueMissing: plausibleOr(fc.constant(false), fc.constant(true), hostility),
  });
}

/** The body of a GraphQL request sent as `POST`, as JSON text. */
function postBody(fields: Record<string, JsonLike | undefined>): string {
  return toJsonText(new JsonObject(Object.entries(fields).filter((entry): entry is [string, JsonLike] => entry[1] !== undefined)));
}

/** A GraphQL request over HTTP: mostly `POST` with JSON, sometimes `GET` with the query in the URL, sometimes another content type. */
function transport(document: string, variables: JsonLike | undefined, operationName: JsonLike | undefined, hostility: number) {
  const json = postBody({ query: document, variables, operationName });
  return fc.oneof(
    {
      arbitrary: fc.tuple(contentTypes(['application/json', 'application/json; charset=utf-8'], hostility), mutatedBody(json, hostility)).map(([contentType, body]) => ({
        method: 'POST',
        path: '/graphql',
        headers: (contentType === undefined ? {} : { 'content-type': contentType }) as Record<string, string>,
        body,
      })),
      weight: 900,
    },
    {
      arbitrary: fc.constant({
        method: 'GET',
        path: `/graphql?query=${percentEncode(document)}${variables === undefined ? '' : `&variables=${percentEncode(toJsonText(variables))}`}${typeof operationName === 'string' ? `&operationName=${percentEncode(operationName)}` : ''}`,
        headers: {} as Record<string, string>,
        body: undefined,
      }),
      weight: 60 + Math.round(hostility / 10),
    },
    { arbitrary: fc.constant({ method: 'POST', path: '/graphql', headers: { 'content-type': 'application/graphql' } as Record<string, string>, body: Buffer.from(document) }), weight: Math.round(hostility / 10) },
  );
}

function graphqlCase(target: string, credential: Credential, accept: string | undefined, request: { method: string; path: string; headers: Record<string, string>; body: Buffer | undefined }): FuzzCase {
  return printable({
    target,
    surface: 'graphql',
    oauthErrors: false,
    credential,
    request: { method: request.method, path: request.path, headers: { ...request.headers, ...(accept !== undefined && { accept }) }, ...(request.body !== undefined && { body: request.body }) },
  });
}

/** Requests for one root field of the schema: its arguments as variables or literals, right or wrong, with its result selected. */
export function graphqlFieldCases(field: GraphqlRootField, ids: KnownIds, hostility: number): fc.Arbitrary<FuzzCase> {
  const args = fc.tuple(...field.args.map((arg) => argument(arg, `${field.field}.${arg.name}`, field.argTypes[arg.name] as string, ids, hostility)));
  const selection = fc.oneof(
    { arbitrary: fc.constant(field.selection), weight: 1_000 - hostility },
    { arbitrary: fc.constantFrom('', '{ __typename }', '{ no_such_field }', '{ __typename ...on Query { __typename } }', `{ ${'__typename '.repeat(2_000)}}`), weight: hostility },
  );
  const extraVariables = plausibleOr(fc.constant([] as Array<[string, JsonLike]>), fc.array(fc.tuple(fc.constantFrom('unused', 'x', '__proto__'), anyJson), { maxLength: 2 }), hostility);
  const variablesAsNonObject = plausibleOr<JsonLike | undefined>(fc.constant(undefined), anyJson, Math.round(hostility / 4));
  const operationName = plausibleOr(fc.constant<JsonLike>('Fuzz'), fc.constantFrom<JsonLike>('Other', null, 42, '', 'Fuzz\u0000'), hostility);
  const alias = fc.oneof({ arbitrary: fc.constant(''), weight: 3 }, { arbitrary: fc.constant('result: '), weight: 1 });

  return fc
    .record({ args, selection, extraVariables, variablesAsNonObject, operationName, alias, credential: credentials, accept: accepts(hostility) })
    .chain((generated) => {
      const given = generated.args.filter((arg) => arg.mode !== 'omitted');
      const asVariables = given.filter((arg) => arg.mode === 'variable');
      const definitions = asVariables.map((arg) => `$${arg.name}: ${arg.declaredType}`).join(', ');
      const argumentList = given.map((arg) => `${arg.name}: ${arg.mode === 'variable' ? `$${arg.name}` : arg.literal}`).join(', ');
      const document = `${field.operation} Fuzz${definitions ? `(${definitions})` : ''} { ${generated.alias}${field.field}${argumentList ? `(${argumentList})` : ''} ${generated.selection} }`;
      const variables =
        generated.variablesAsNonObject ??
        new JsonObject([...asVariables.filter((arg) => !arg.valueMissing).map((arg): [string, JsonLike] => [arg.name, arg.value]), ...generated.extraVariables]);
      return transport(document, variables, generated.operationName, hostility).map((request) => graphqlCase(field.name, generated.credential, generated.accept, request));
    });
}

/** The transport cases are hostile already; a body is further mutated this often (per mille). */
const TRANSPORT_MUTATION = 300;

const nested = (depth: number, open: string, close: string) => `${open.repeat(depth)}${close.repeat(depth)}`;

/**
 * GraphQL requests that break the transport rather than one field: batched arrays, documents
 * nested or long past any limit, bodies larger than any limit, a subscription sent as a plain
 * request, a query that is not a string, bytes that are not UTF-8.
 */
export function graphqlTransportCases(fields: GraphqlRootField[]): fc.Arbitrary<FuzzCase> {
  const simple = fields.find((field) => field.operation === 'query' && field.args.length === 0 && field.selection !== '') ?? fields[0];
  const simpleQuery = `{ ${simple?.field} ${simple?.selection} }`;
  const subscription = fields.find((field) => field.operation === 'subscription');
  const documents = fc.oneof(
    fc.constantFrom(
      `query { ${'{ a '.repeat(3_000)}`,
      `{ ${simple?.field} ${nested(3_000, '{ __typename ', '}')} }`,
      `{ ${'a: __typename '.repeat(1_000)}}`,
      `{ ${'__typename '.repeat(100_000)}}`,
      `query Fuzz { __typename } query Other { __typename }`,
      `fragment A on Query { ...B } fragment B on Query { ...A } { ...A }`,
      `{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } }`,
      `{ __typename @include(if: "yes") @skip }`,
      `{ __typename @no_such_directive }`,
      `# ${'x'.repeat(1_100_000)}\n{ __typename }`,
      `{ __typename } ${' '.repeat(2_000_000)}`,
      '',
      ' ',
      '\u0000',
      '{',
      '}',
      'query',
      simpleQuery,
    ),
    hugeString.map((huge) => `{ inventory_item(id: ${JSON.stringify(huge)}) { id } }`),
    ...(subscription ? [fc.constant(`subscription { ${subscription.field} ${subscription.selection} }`)] : []),
  );
  const bodies = fc.oneof(
    documents.map((document) => postBody({ query: document })),
    fc.constantFrom(
      `[${postBody({ query: simpleQuery })}]`,
      `[${postBody({ query: simpleQuery })},${postBody({ query: simpleQuery })}]`,
      '[]',
      `[${Array.from({ length: 500 }, () => postBody({ query: '{ __typename }' })).join(',')}]`,
      postBody({ query: 42 }),
      postBody({ query: null }),
      postBody({ query: ['{ __typename }'] }),
      postBody({ query: new JsonObject([['kind', 'Document']]) }),
      postBody({ variables: new JsonObject([]) }),
      postBody({ query: '{ __typename }', extensions: new JsonObject([['persistedQuery', new JsonObject([['version', 1], ['sha256Hash', 'abc']])]]) }),
      postBody({ query: '{ __typename }', operationName: new JsonObject([]) }),
      '{"query": "{ __typename }", "query": "{ tenant { id } }"}',
      'null',
      '"{ __typename }"',
      '{"query": "{ __typename }"',
    ),
    anyJson.map((value) => toJsonText(value)),
  );
  const bodyBytes = fc.oneof(
    { arbitrary: bodies.chain((text) => mutatedBody(text, TRANSPORT_MUTATION)), weight: 8 },
    { arbitrary: fc.tuple(fc.constantFrom(1_048_577, 4_194_304, 16_777_216), fc.constantFrom('x', ' ')).map(([size, unit]) => Buffer.from(`{"query": "{ __typename }", "pad": "${unit.repeat(size)}"}`)), weight: 1 },
    { arbitrary: invalidUtf8.map((bad) => Buffer.concat([Buffer.from('{"query": "{ __typename }", "operationName": "'), bad, Buffer.from('"}')])), weight: 1 },
  );
  return fc
    .record({
      body: bodyBytes,
      contentType: fc.oneof({ arbitrary: fc.constant<string | undefined>('application/json'), weight: 8 }, { arbitrary: fc.constantFrom(undefined, 'text/plain', 'application/graphql+json', 'application/x-www-form-urlencoded'), weight: 1 }),
      accept: accepts(TRANSPORT_MUTATION),
      credential: credentials,
    })
    .map(({ body, contentType, accept, credential }) => graphqlCase('GraphQL transport', credential, accept, { method: 'POST', path: '/graphql', headers: contentType === undefined ? {} : { 'content-type': contentType }, body }));
}

import fc from 'fast-check';
import type { RestOperation } from './contract.ts';
import { FRESH_IDEMPOTENCY_KEY, type FuzzCase, credentials, printable } from './fuzz-case.ts';
import { type JsonLike, JsonObject, RawJson, contentTypes, hostileString, mutatedBody, percentEncode, plausibleOr, toJsonText, urlComponent } from './hostile-values.ts';
import { type KnownIds, type ShapeField, objectOf, valueOf } from './shapes.ts';

/** A value as it travels in a URL or a form: strings as they are, anything else as its JSON text. */
function asText(value: JsonLike): string {
  if (typeof value === 'string') return value;
  if (value instanceof RawJson) return value.text;
  return toJsonText(value);
}

const printableLatin1 = fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code)), maxLength: 60 });

/** The query string: documented parameters (usually right, sometimes not), unknown and repeated ones, malformed pairs. */
function queryString(params: ShapeField[], ids: KnownIds, hostility: number): fc.Arbitrary<string> {
  // A list parameter is given once per value (`status_in=a&status_in=b`), as the document states (form, explode).
  const pair = (param: ShapeField) =>
    valueOf(param.shape, param.name, ids, hostility).chain((value) => {
      const values = Array.isArray(value) && value.length > 0 ? value : [value];
      return fc.tuple(...values.map((element) => urlComponent(fc.constant(asText(element)), hostility))).map((texts) => texts.map((text) => `${param.name}=${text}`).join('&'));
    });
  const documented = fc.tuple(...params.map((param) => fc.option(pair(param), { freq: param.required ? 20 : 2, nil: undefined })));
  const extras = plausibleOr(
    fc.constant([] as string[]),
    fc.array(
      fc.oneof(
        params.length > 0 ? fc.constantFrom(...params).chain(pair) : fc.constant('per_page=1'),
        fc.tuple(hostileString, hostileString).map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`),
        fc.constantFrom('', '=', '=x', '&', 'a', 'a=1=2', '%00=1', '%ZZ=1', 'page[]=1', 'page[x]=1', '__proto__=1', 'constructor[prototype]=1', `x=${'y'.repeat(10_000)}`),
      ),
      { minLength: 1, maxLength: 3 },
    ),
    hostility,
  );
  return fc.tuple(documented, extras).map(([chosen, extra]) => {
    const parts = [...chosen.filter((part): part is string => part !== undefined), ...extra];
    return parts.length > 0 ? `?${parts.join('&')}` : '';
  });
}

/** A body: the operation's input (JSON or a form), or, for operations without one, nothing or junk. */
function body(operation: RestOperation, ids: KnownIds, hostility: number): fc.Arbitrary<{ contentType: string | undefined; bytes: Buffer | undefined }> {
  if (!operation.body) {
    return plausibleOr<{ contentType: string | undefined; bytes: Buffer | undefined }>(
      fc.constant({ contentType: undefined, bytes: undefined }),
      fc.tuple(contentTypes(['application/json'], hostility), mutatedBody('{}', 500)).map(([contentType, bytes]) => ({ contentType, bytes })),
      hostility,
    );
  }
  const { shape, contentTypes: documented } = operation.body;
  const value = shape.kind === 'object' ? objectOf(shape.fields, ids, hostility) : valueOf(shape, 'body', ids, hostility);
  return fc.tuple(contentTypes(documented, hostility), value).chain(([contentType, input]) => {
    const form = contentType?.startsWith('application/x-www-form-urlencoded') && input instanceof JsonObject;
    const text = form ? input.entries.map(([name, entry]) => `${percentEncode(name)}=${percentEncode(asText(entry))}`).join('&') : toJsonText(input);
    return mutatedBody(text, hostility).map((bytes) => ({ contentType, bytes }));
  });
}

/** A path parameter named by the collection before it (`orders.id` in /v1/crm/orders/{id}/confirm), so its plausible values are orders. */
function qualifiedPathParam(template: string, name: string): string {
  const before = template.slice(0, template.indexOf(`{${name}}`)).split('/').filter(Boolean);
  return `${before.at(-1) ?? ''}.${name}`;
}

/** Optional headers: the documented ones (a fresh `Idempotency-Key`, an `If-Match`), sometimes malformed, sometimes an odd `Accept` or request id. */
function optionalHeaders(operation: RestOperation, hostility: number): fc.Arbitrary<Record<string, string>> {
  const documented = (name: string) => operation.optionalHeaders.some((header) => header.toLowerCase() === name);
  const sometimes = (value: fc.Arbitrary<string>, percent: number) => fc.option(value, { freq: Math.round(100 / percent), nil: undefined });
  return fc
    .record({
      'idempotency-key': sometimes(plausibleOr(fc.constant(FRESH_IDEMPOTENCY_KEY), fc.oneof(printableLatin1, fc.constantFrom('', 'k'.repeat(256), 'fuzz-shared-key')), hostility), documented('idempotency-key') ? 30 : 2),
      'if-match': sometimes(plausibleOr(fc.constantFrom('"1"', '"2"', '"3"'), fc.oneof(fc.constantFrom('*', 'W/"1"', '"abc"', '1', '"99999999999999999999"', '"-1"', '""', '"1", "2"'), printableLatin1), hostility), documented('if-match') ? 20 : 2),
      accept: sometimes(plausibleOr(fc.constantFrom('application/json', '*/*'), fc.constantFrom('application/problem+json', 'text/html', 'application/xml', ''), hostility), 10),
      'x-request-id': sometimes(plausibleOr(fc.uuid(), printableLatin1, hostility), 10),
    })
    .map((headers) => Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined)));
}

/** Requests to one REST operation of the OpenAPI document: plausible ones that reach its rules, and hostile ones. */
export function restCases(operation: RestOperation, ids: KnownIds, hostility: number): fc.Arbitrary<FuzzCase> {
  const method = plausibleOr(fc.constant(operation.method), fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'), Math.round(hostility / 4));
  const path = fc
    .tuple(...operation.pathParams.map((name) => urlComponent(valueOf({ kind: 'string' }, qualifiedPathParam(operation.pathTemplate, name), ids, hostility).map(asText), hostility)))
    .map((values) => operation.pathParams.reduce((template, name, index) => template.replace(`{${name}}`, values[index] as string), operation.pathTemplate));
  return fc
    .record({ method, path, query: queryString(operation.queryParams, ids, hostility), headers: optionalHeaders(operation, hostility), body: body(operation, ids, hostility), credential: credentials })
    .map((generated) =>
      printable({
        target: operation.name,
        surface: 'rest',
        oauthErrors: operation.oauthErrors,
        credential: generated.credential,
        request: {
          method: generated.method,
          path: `${generated.path}${generated.query}`,
          headers: { ...generated.headers, ...(generated.body.contentType !== undefined && { 'content-type': generated.body.contentType }) },
          ...(generated.body.bytes !== undefined && { body: generated.body.bytes }),
        },
      }),
    );
}

import fc from 'fast-check';

/**
 * JSON as a fuzzer writes it: besides plain values, objects whose keys may repeat or be
 * `__proto__` (JsonObject) and number tokens JavaScript cannot hold (RawJson: `1e309`, `-0`,
 * 2^64), written exactly as given.
 */
export type JsonLike = null | boolean | number | string | JsonLike[] | JsonObject | RawJson;

export class JsonObject {
  constructor(readonly entries: Array<[string, JsonLike]>) {}
}

export class RawJson {
  constructor(readonly text: string) {}
}

/** Writes JSON text; generated values nest at most a few levels (deep JSON comes as RawJson). */
export function toJsonText(value: JsonLike): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof JsonObject) return `{${value.entries.map(([key, entry]) => `${JSON.stringify(key)}:${toJsonText(entry)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  return JSON.stringify(value);
}

/** Writes a GraphQL input literal; keys that are not GraphQL names make the document invalid, on purpose. */
export function toGraphqlLiteral(value: JsonLike): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof JsonObject) return `{${value.entries.map(([key, entry]) => `${key}: ${toGraphqlLiteral(entry)}`).join(', ')}}`;
  if (Array.isArray(value)) return `[${value.map(toGraphqlLiteral).join(', ')}]`;
  return JSON.stringify(value);
}

/** Strings that broke parsers, databases and encoders somewhere: control characters, lone surrogates, injections, look-alikes. */
const SPECIAL_STRINGS = [
  '', ' ', '\t', '\u0000', 'a\u0000b', '\u0001\u001f\u007f', '\r\n', 'a\r\nX-Injected: 1',
  '\ud800', '\udfff', 'x\ud83d', '\ud83dx\ude00', '\ufeff', '\ufffe\uffff', '\u202e', '\u200b', 'e\u0301', '😀', 'ß', 'İ', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '%00', '%ZZ', '%', '%C0%AF', '%ED%A0%80', '../../etc/passwd', '..', '.', '/', 'a/b', '\\', 'a\\u0000',
  "'", '"', "'; DROP TABLE tenants; --", "1' OR '1'='1", '<script>alert(1)</script>', '${7*7}', '{{7*7}}', '`id`',
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty',
  'null', 'undefined', 'true', 'false', '[]', '{}', '[object Object]',
  'NaN', 'Infinity', '-Infinity', '1e309', '-0', '0x1F', '1_000', '+1', ' 1', '01', '1.5', '١٢', '9007199254740993', '-9223372036854775809',
];

/** Numbers at the edges of Int (32 bits), safe integers (53 bits), doubles and signed zero. */
const EDGE_NUMBERS = [
  0, 1, -1, 0.5, -0.5, 2 ** 31 - 1, 2 ** 31, -(2 ** 31), -(2 ** 31) - 1, 2 ** 32, 2 ** 53 - 1, 2 ** 53, -(2 ** 53), 2 ** 63, 1e21,
  1e308, -1e308, Number.MIN_VALUE, Number.EPSILON, Number.MAX_VALUE,
];

/** Number tokens a JavaScript number cannot carry: JSON.parse turns `1e309` into Infinity and `-0` keeps its sign. */
const RAW_NUMBER_TOKENS = ['1e309', '-1e309', '1E400', '-0', '-0.0', '1e-400', '123456789012345678901234567890', '9007199254740993', '1.0', '0.10000000000000000000001'];

/** Lengths around limits: column sizes, 64 KiB, 1 MiB (a body limit). */
const HUGE_LENGTHS = [101, 256, 1_001, 5_001, 65_537, 1_048_577];

const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

export const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...HUGE_LENGTHS), fc.constantFrom('x', 'é', '\u0000', '😀', ' '))
  .map(([length, unit]) => unit.repeat(length));

/** A string meant to break something, never a plausible value. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...SPECIAL_STRINGS), weight: 6 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 24 }), weight: 2 },
  // Any UTF-16 code unit, lone surrogates included: they cannot be encoded as UTF-8.
  { arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 12 }), weight: 2 },
  { arbitrary: hugeString, weight: 1 },
);

export const edgeNumber: fc.Arbitrary<number> = fc.oneof(fc.constantFrom(...EDGE_NUMBERS), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));

export const rawNumber: fc.Arbitrary<RawJson> = fc.constantFrom(...RAW_NUMBER_TOKENS).map((token) => new RawJson(token));

/** JSON nested or spread far beyond what any operation accepts, written as text (no recursion needed to write it). */
export const deepOrWideJson: fc.Arbitrary<RawJson> = fc.oneof(
  fc.constantFrom(65, 200, 3_000, 100_000).map((depth) => new RawJson(`${'['.repeat(depth)}1${']'.repeat(depth)}`)),
  fc.constantFrom(65, 200, 3_000).map((depth) => new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)),
  fc.constantFrom(1_000, 20_000, 100_000).map((keys) => new RawJson(`{${Array.from({ length: keys }, (_, index) => `"k${index}":${index}`).join(',')}}`)),
  fc.constantFrom(1_000, 100_000).map((items) => new RawJson(`[${'0,'.repeat(items - 1)}0]`)),
);

const hostileKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', '', '\u0000', 'a.b', 'lines.0', '$where', 'id'), fc.string({ maxLength: 8 }));

/** Any JSON value, weighted towards the hostile: wrong types for whatever a field expects. */
export const anyJson: fc.Arbitrary<JsonLike> = fc.letrec<{ value: JsonLike }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: fc.constant(null), weight: 2 },
    { arbitrary: fc.boolean(), weight: 1 },
    { arbitrary: edgeNumber, weight: 2 },
    { arbitrary: rawNumber, weight: 1 },
    { arbitrary: hostileString, weight: 3 },
    { arbitrary: fc.array(tie('value'), { maxLength: 4 }), weight: 1 },
    { arbitrary: fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 }).map((entries) => new JsonObject(entries)), weight: 1 },
    { arbitrary: deepOrWideJson, weight: 1 },
  ),
})).value;

/** Percent-encodes any string, lone surrogates included (as the UTF-8 bytes of their code point, which no decoder accepts). */
export function percentEncode(value: string): string {
  let encoded = '';
  for (const unit of value) {
    const code = unit.codePointAt(0) as number;
    if (/^[A-Za-z0-9_.~-]$/.test(unit)) encoded += unit;
    else if (code >= 0xd800 && code <= 0xdfff) encoded += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    else encoded += encodeURIComponent(unit);
  }
  return encoded;
}

/** The plausible value, or `hostility` times per mille the hostile one. */
export function plausibleOr<T>(plausible: fc.Arbitrary<T>, hostile: fc.Arbitrary<T>, hostility: number): fc.Arbitrary<T> {
  return fc.oneof({ arbitrary: plausible, weight: 1_000 - hostility }, { arbitrary: hostile, weight: hostility });
}

/** A path segment or query value as it may arrive: encoded, or (`hostility` per mille) text a decoder must refuse. */
export function urlComponent(plausible: fc.Arbitrary<string>, hostility: number): fc.Arbitrary<string> {
  const hostile = fc.oneof(
    hostileString.map(percentEncode),
    fc.constantFrom('%ZZ', '%', '%C3%28', '%FF', '%ED%A0%80', '%00', '%2F', 'a%2Fb', '%2e%2e', '..', '.', 'a;b', 'a+b', '%20', 'a/b/c', '', '%u0041'),
  );
  return plausibleOr(plausible.map(percentEncode), hostile, hostility);
}

/** Bytes that are not UTF-8: a bad lead byte, a truncated sequence, an encoded surrogate, an overlong slash. */
export const invalidUtf8 = fc.constantFrom(Buffer.from([0xff]), Buffer.from([0xc3, 0x28]), Buffer.from([0xe2, 0x82]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xc0, 0xaf]), Buffer.from([0xf8, 0x88, 0x80, 0x80, 0x80]));

/**
 * What can happen to a body on its way, `hostility` times per mille: cut short, bytes that are not UTF-8
 * spliced in, a byte order mark, a NUL, wrapped in an array, or replaced by another JSON value.
 */
export function mutatedBody(text: string, hostility: number): fc.Arbitrary<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  const mutated = fc.oneof(
    { arbitrary: fc.nat({ max: Math.max(0, bytes.length - 1) }).map((cut) => bytes.subarray(0, cut)), weight: 1 },
    { arbitrary: fc.tuple(fc.nat({ max: bytes.length }), invalidUtf8).map(([at, bad]) => Buffer.concat([bytes.subarray(0, at), bad, bytes.subarray(at)])), weight: 1 },
    { arbitrary: fc.constant(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes])), weight: 1 },
    { arbitrary: fc.constant(Buffer.concat([bytes, Buffer.from([0])])), weight: 1 },
    { arbitrary: fc.constant(Buffer.from(`[${text}]`, 'utf8')), weight: 1 },
    { arbitrary: anyJson.map((value) => Buffer.from(toJsonText(value), 'utf8')), weight: 1 },
    { arbitrary: fc.constantFrom('', 'null', '{', '}{', '{"a":}', '\u0000', 'x'.repeat(2_000)).map((junk) => Buffer.from(junk, 'utf8')), weight: 1 },
  );
  return plausibleOr(fc.constant(bytes), mutated, hostility);
}

/** Content types a body may claim, wrong ones `hostility` times per mille; undefined sends none. */
export const contentTypes = (right: string[], hostility: number): fc.Arbitrary<string | undefined> =>
  plausibleOr<string | undefined>(
    fc.constantFrom(...right),
    fc.constantFrom(
      undefined, '', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=utf-16',
      'APPLICATION/JSON', 'application/json;;;', 'application/problem+json', 'application/graphql', 'application/octet-stream', '*/*', 'application/jsonx',
    ),
    hostility,
  );

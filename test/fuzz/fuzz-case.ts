import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { RawRequest } from '../support/raw-http.ts';

/** Which credential a case is sent with; `valid` most of the time, so requests reach the resolvers. */
export type Credential =
  | { kind: 'valid' }
  | { kind: 'none' }
  | { kind: 'forged'; authorization: string }
  /** The valid token with one character of its payload changed. */
  | { kind: 'tampered' }
  /** The valid token with another, a missing or a malformed tenant header. */
  | { kind: 'tenant'; tenant: string | undefined };

/** One generated request and what its answer is checked against. */
export interface FuzzCase {
  /** The operation or root field it exercises (`POST /v1/crm/orders`, `Mutation.fulfil_order`, `GraphQL transport`). */
  target: string;
  surface: 'rest' | 'graphql';
  /** A REST operation whose refusals are RFC 6749 `{ error }` bodies (the OAuth endpoints). */
  oauthErrors: boolean;
  credential: Credential;
  /** The request without credential headers (they are added when it is sent). */
  request: RawRequest;
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const printableAscii = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 40 });

export const credentials: fc.Arbitrary<Credential> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'valid' } as const), weight: 40 },
  { arbitrary: fc.constant({ kind: 'none' } as const), weight: 1 },
  { arbitrary: fc.constant({ kind: 'tampered' } as const), weight: 1 },
  {
    arbitrary: fc.oneof(
      fc.constantFrom(
        'Bearer garbage', 'Bearer ', 'Bearer a.b.c', 'Basic Zm9vOmJhcg==', 'bearer', 'Bearer sk_live_0000000000000000', `Bearer ${'x'.repeat(8_000)}`,
        `Bearer ${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ sub: 'cli_x', tenant_id: 'ten_x', scope: 'inventory:read', exp: 4102444800 })}.`,
        `Bearer ${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub: 'cli_x' })}.${'A'.repeat(43)}`,
      ),
      printableAscii.map((value) => `Bearer ${value}`),
    ).map((authorization) => ({ kind: 'forged', authorization }) as const),
    weight: 2,
  },
  { arbitrary: fc.oneof(fc.constantFrom(undefined, '', 'ten_000000000000000000000000', 'ten_', ' '), printableAscii).map((tenant) => ({ kind: 'tenant', tenant }) as const), weight: 2 },
);

/**
 * An `Idempotency-Key` a case wants new on every send: generated values repeat across targets
 * and runs (same seed), and a key reused for another request is only ever a 409.
 */
export const FRESH_IDEMPOTENCY_KEY = '<fresh>';

/** The request as sent: the case's request with the headers its credential calls for and fresh idempotency keys. */
export function wireRequest(fuzzCase: FuzzCase, valid: { authorization: string; 'x-service-tenant': string }): RawRequest {
  const { credential } = fuzzCase;
  const headers: Record<string, string | string[]> = { ...fuzzCase.request.headers };
  if (headers['idempotency-key'] === FRESH_IDEMPOTENCY_KEY) headers['idempotency-key'] = randomUUID();
  switch (credential.kind) {
    case 'valid':
      Object.assign(headers, valid);
      break;
    case 'none':
      headers['x-service-tenant'] = valid['x-service-tenant'];
      break;
    case 'forged':
      Object.assign(headers, valid, { authorization: credential.authorization });
      break;
    case 'tampered': {
      const [header, payload, signature] = valid.authorization.split('.');
      const changed = `${payload?.slice(0, 10)}${payload?.[10] === 'A' ? 'B' : 'A'}${payload?.slice(11)}`;
      Object.assign(headers, valid, { authorization: `${header}.${changed}.${signature}` });
      break;
    }
    case 'tenant':
      headers.authorization = valid.authorization;
      if (credential.tenant !== undefined) headers['x-service-tenant'] = credential.tenant;
      break;
  }
  return { ...fuzzCase.request, headers };
}

const PREVIEW = 400;

/** A case as a person reads it in a failure report: enough to reproduce with curl, never megabytes. */
export function describeCase(fuzzCase: FuzzCase): string {
  const { method, path, headers, body } = fuzzCase.request;
  const text = body === undefined ? '' : Buffer.from(body).toString('utf8');
  const shownHeaders = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value).slice(0, 200)]));
  return [
    `${method} ${path.length > PREVIEW ? `${path.slice(0, PREVIEW)}… (${path.length} characters)` : path}`,
    `credential: ${JSON.stringify(fuzzCase.credential).slice(0, 200)}`,
    `headers: ${JSON.stringify(shownHeaders)}`,
    body === undefined ? 'no body' : `body (${Buffer.byteLength(body)} bytes): ${JSON.stringify(text.slice(0, PREVIEW))}${text.length > PREVIEW ? '…' : ''}`,
  ].join('\n    ');
}

/** Makes fast-check print a counterexample as `describeCase` does. */
export function printable(fuzzCase: FuzzCase): FuzzCase {
  return Object.assign(fuzzCase, { [fc.toStringMethod]: () => describeCase(fuzzCase) });
}

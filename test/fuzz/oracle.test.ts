import { describe, expect, it } from 'vitest';
import type { RawOutcome } from '../support/raw-http.ts';
import type { FuzzCase } from './fuzz-case.ts';
import { judge } from './oracle.ts';

/** The fuzz oracle on answers made up here: each property it checks catches what it must, and only that. */
const restCase: FuzzCase = { target: 'GET /v1/inventory/items', surface: 'rest', oauthErrors: false, credential: { kind: 'valid' }, request: { method: 'GET', path: '/v1/inventory/items?q=SELECT', headers: {} } };
const graphqlCase: FuzzCase = { ...restCase, target: 'Query.tenant', surface: 'graphql', request: { method: 'POST', path: '/graphql', headers: {}, body: '{"query":"{ tenant { id } }"}' } };

function answer(status: number, contentType: string, body: unknown, headers: Record<string, string> = {}): RawOutcome {
  return { kind: 'answered', status, headers: { 'content-type': contentType, 'x-request-id': 'req_1', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body), milliseconds: 5 };
}

const problem = (status: number, code: string) => ({ type: `/docs/errors#${code}`, title: code, status, detail: 'x', instance: '/v1', code, request_id: 'req_1' });

describe('fuzz oracle', () => {
  it('accepts a catalogued refusal and a plain success', () => {
    expect(judge(restCase, answer(400, 'application/problem+json', problem(400, 'invalid_parameter'))).violations).toEqual([]);
    expect(judge(restCase, answer(200, 'application/json', { data: [] })).violations).toEqual([]);
    expect(judge(graphqlCase, answer(200, 'application/json', { data: null, errors: [{ message: 'No such order', extensions: { code: 'not_found' } }] })).violations).toEqual([]);
  });

  it('fails a hang, a dropped connection and any 5xx but a named fault', () => {
    expect(judge(restCase, { kind: 'hung', milliseconds: 10_000, partial: '' }).violations[0]).toMatch(/no complete answer/);
    expect(judge(restCase, { kind: 'connection_error', reason: 'socket hang up', milliseconds: 3 }).violations[0]).toMatch(/without an answer/);
    expect(judge(restCase, answer(500, 'application/problem+json', problem(500, 'internal_error'))).violations).toEqual(expect.arrayContaining(['status 500']));
    expect(judge(restCase, answer(502, 'text/plain', 'Bad gateway')).violations[0]).toBe('status 502');
    expect(judge(restCase, answer(503, 'application/problem+json', problem(503, 'database_unavailable'))).violations).toEqual([]);
  });

  it('fails refusals a client cannot act on', () => {
    expect(judge(restCase, answer(400, 'text/plain', 'Bad Request')).violations[0]).toMatch(/instead of application\/problem\+json/);
    expect(judge(restCase, answer(400, 'application/problem+json', problem(400, 'no_such_code'))).violations[0]).toMatch(/without a catalogue code/);
    expect(judge(restCase, answer(404, 'application/problem+json', problem(400, 'invalid_parameter'))).violations).toHaveLength(2);
    expect(judge(graphqlCase, answer(200, 'application/json', { errors: [{ message: 'Unexpected error.', extensions: { code: 'internal_error' } }] })).violations).toEqual(['internal_error (a defect, not a client mistake)']);
    expect(judge(graphqlCase, answer(200, 'application/json', { errors: [{ message: 'Oops' }] })).violations[0]).toMatch(/without a catalogue code/);
    expect(judge(graphqlCase, answer(415, '', '')).violations[0]).toMatch(/415 answered with no content type/);
  });

  it('lets a client that accepts no JSON have a bare 406', () => {
    const xmlOnly = { ...graphqlCase, request: { ...graphqlCase.request, headers: { accept: 'application/xml' } } };
    expect(judge(xmlOnly, answer(406, '', '')).violations).toEqual([]);
    expect(judge(graphqlCase, answer(406, '', '')).violations).toHaveLength(1);
  });

  it('fails internals in a body, but not text the request sent itself', () => {
    const leaked = (text: string) => judge(restCase, answer(400, 'application/problem+json', { ...problem(400, 'validation_failed'), detail: text })).violations;
    expect(leaked('Error\n    at handler (/work/main/gateway/src/edge/edge.ts:12:5)')[0]).toMatch(/stack trace/);
    expect(leaked('duplicate key value violates unique constraint "items_pkey"')[0]).toMatch(/SQL/);
    expect(leaked('Invalid `prisma.item.create()` invocation')[0]).toMatch(/Prisma/);
    expect(leaked("TypeError: Cannot read properties of undefined (reading 'id')")[0]).toMatch(/internal exception/);
    expect(leaked('SELECT "public"."items"."id" FROM "public"."items" WHERE "id" = $1::text')[0]).toMatch(/SQL/);
    expect(leaked('at async Promise.all (index 0); at file:///srv/app/dist/main.mjs:3:14')[0]).toMatch(/stack trace/);
    // graphql-js prints a client's object key `g$92:` as `g$92::` in its refusal: not a PostgreSQL cast.
    expect(leaked('version: Int cannot represent non-integer value: { g$92:: "a" }')).toEqual([]);
    const echoing = { ...restCase, request: { ...restCase.request, path: '/v1/inventory/items?q=node_modules' } };
    expect(judge(echoing, answer(400, 'application/problem+json', { ...problem(400, 'invalid_parameter'), detail: 'q node_modules is unknown' })).violations).toEqual([]);
  });
});

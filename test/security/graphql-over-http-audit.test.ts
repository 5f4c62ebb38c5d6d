import { type AuditResult, serverAudits } from 'graphql-http';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, platformUrl, signedInAccount } from '../support/fixtures.ts';

/**
 * graphql-http's server audits: the GraphQL-over-HTTP specification's own conformance suite, run
 * against POST/GET /graphql with a valid credential and the tenant header on every request. Each
 * audit is a test: `error` (a MUST broken) and `warn` (a SHOULD broken) fail it with the audit's
 * reason, `notice` (a MAY not taken) and `ok` pass.
 *
 * A deviation the platform keeps on purpose goes in EXPECTED_DEVIATIONS with its reason; its test
 * then asserts that the audit still fails exactly so (and fails once the deviation is gone, so
 * the list cannot go stale). There is none today: batching (`400 batching_not_supported`), a
 * subscription over plain POST (`406`) and platform error codes are outside what the audits send.
 */
const EXPECTED_DEVIATIONS: Record<string, { status: 'warn' | 'error'; reason: string }> = {};

/** The audits need their `fetchFn` only when they run; the credential is made in beforeAll. */
let api: ApiClient | undefined;
const authenticatedFetch = (input: RequestInfo | URL, init: RequestInit = {}) => {
  if (!api) throw new Error('no credential yet');
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(api.headers)) headers.set(name, value);
  return fetch(input, { ...init, headers });
};
const audits = serverAudits({ url: `${platformUrl}/graphql`, fetchFn: authenticatedFetch });

/** The audit's reason and, when it kept one, the response it judged (status and body). */
async function describeResult(result: AuditResult): Promise<string> {
  if (result.status === 'ok') return 'ok';
  let response = '';
  try {
    response = ` (got ${result.response.status} ${result.response.headers.get('content-type')}: ${(await result.response.clone().text()).slice(0, 300)})`;
  } catch {
    // The body was read by the audit already.
  }
  return `${result.status}: ${result.reason}${response}`;
}

describe('GraphQL over HTTP: graphql-http server audits', () => {
  beforeAll(async () => {
    ({ api } = await signedInAccount(['inventory:read']));
  });

  it('runs the whole suite, authenticated', async () => {
    expect(audits.length).toBeGreaterThan(50);
    expect(new Set(audits.map((audit) => audit.id)).size).toBe(audits.length);
    // Every deviation names an audit that exists.
    expect(Object.keys(EXPECTED_DEVIATIONS).filter((id) => !audits.some((audit) => audit.id === id))).toEqual([]);
    // The fetchFn authenticates: an audit's plain query gets data, not a 401.
    const response = await authenticatedFetch(`${platformUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __typename }' }) });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: unknown }).data).toEqual({ __typename: 'Query' });
  });

  it.each(audits.map((audit) => [`${audit.id} ${audit.name}`, audit] as const))('%s', async (_name, audit) => {
    const result = await audit.fn();
    const described = await describeResult(result);
    const deviation = EXPECTED_DEVIATIONS[audit.id];
    if (deviation) {
      expect(result.status, `expected deviation (${deviation.reason}) no longer occurs: remove it from EXPECTED_DEVIATIONS`).toBe(deviation.status);
      return;
    }
    expect(['ok', 'notice'], described).toContain(result.status);
  });
});

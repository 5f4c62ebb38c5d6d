import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { type ApiClient, accessToken, apiClient, createAccount, problemOf, requestToken } from '../support/fixtures.ts';

const WINDOW_RESET_MS = 1100;

/** A fresh Launch tenant (30 per second, 60 per minute) and a client of it, in a fresh second. */
async function launchTenant(): Promise<{ api: ApiClient; clientId: string; clientSecret: string }> {
  const account = await createAccount({ plan: 'launch', scopes: ['inventory:read'] });
  const api = apiClient(await accessToken(account.clientId, account.clientSecret), account.tenantId);
  await sleep(WINDOW_RESET_MS);
  return { api, clientId: account.clientId, clientSecret: account.clientSecret };
}

const statuses = (responses: Response[]) => responses.map((response) => response.status);
const count = (values: number[], status: number) => values.filter((value) => value === status).length;

describe('rate limits per plan (one platform instance, in-process counters)', () => {
  it('serves 30 requests of a Launch tenant in one second, refuses the 31st, and serves again after the reset', async () => {
    const { api } = await launchTenant();
    const burst = await Promise.all(Array.from({ length: 31 }, (_, index) => (index % 3 === 0 ? api.graphql('{ inventory_items { meta { total } } }') : api.get('/v1/inventory/items'))));
    expect(count(statuses(burst), 200), statuses(burst).join(' ')).toBe(30);
    const refused = burst.find((response) => response.status === 429) as Response;
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('ratelimit-limit')).toBe('30');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    const body = (await refused.json()) as { errors?: Array<{ extensions: { code: string } }>; code?: string };
    expect(body.code ?? body.errors?.[0]?.extensions.code).toBe('rate_limited');
    for (const response of burst.filter((served) => served.status === 200)) {
      expect(response.headers.get('ratelimit-limit')).toMatch(/^(30|60)$/);
      expect(Number(response.headers.get('ratelimit-remaining'))).toBeGreaterThanOrEqual(0);
      expect(Number(response.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    }
    await sleep(WINDOW_RESET_MS);
    expect((await api.get('/v1/inventory/items')).status).toBe(200);
  });

  it('refuses the 61st request of a Launch tenant within a minute, with a Retry-After of the minute window', async () => {
    const { api } = await launchTenant();
    // The token request counted once this minute: 59 more, in two seconds, reach 60.
    const first = await Promise.all(Array.from({ length: 30 }, () => api.get('/v1/inventory/items')));
    expect(count(statuses(first), 200)).toBe(30);
    await sleep(WINDOW_RESET_MS);
    const second = await Promise.all(Array.from({ length: 29 }, () => api.get('/v1/inventory/items')));
    expect(count(statuses(second), 200)).toBe(29);
    await sleep(WINDOW_RESET_MS);
    const overMinute = await api.get('/v1/inventory/items');
    const problem = await problemOf(overMinute);
    expect(problem).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(overMinute.headers.get('ratelimit-limit')).toBe('60');
    expect(Number(overMinute.headers.get('retry-after'))).toBeGreaterThan(1);
  });

  it('counts token requests against the client tenant', async () => {
    const { clientId, clientSecret } = await launchTenant();
    const tokens = await Promise.all(Array.from({ length: 31 }, () => requestToken({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret })));
    expect(count(statuses(tokens), 200)).toBe(30);
    expect(count(statuses(tokens), 429)).toBe(1);
  });

  it('limits each tenant on its own', async () => {
    const [first, second] = await Promise.all([launchTenant(), launchTenant()]);
    const burst = await Promise.all(Array.from({ length: 31 }, () => first.api.get('/v1/inventory/items')));
    expect(count(statuses(burst), 429)).toBe(1);
    expect((await second.api.get('/v1/inventory/items')).status).toBe(200);
  });
});

describe('rate limits and unauthenticated token requests', () => {
  it("does not let anyone who knows a client id spend its tenant's limit with wrong secrets", async () => {
    const { api, clientId } = await launchTenant();
    const attempts = await Promise.all(Array.from({ length: 40 }, () => requestToken({ grant_type: 'client_credentials', client_id: clientId, client_secret: 'guess' })));
    // Wrong secrets count against the client id's failed authentications (10 a minute), never the tenant's limit.
    expect(count(statuses(attempts), 401)).toBe(10);
    expect(count(statuses(attempts), 429)).toBe(30);
    expect((await api.get('/v1/inventory/items')).status).toBe(200);
  });
});

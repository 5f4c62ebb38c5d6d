import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, platformUrl, signedInAccount } from '../support/fixtures.ts';
import { type PlatformProcess, spawnPlatform } from '../support/platform-process.ts';
import { inject } from 'vitest';

const FOREIGN = 'https://attacker.example';
const CONSOLE = 'https://console.example';

/** What a browser needs to keep a foreign page from reading or framing the API. */
describe('browser policy', () => {
  let api: ApiClient;
  beforeAll(async () => {
    ({ api } = await signedInAccount(['inventory:read']));
  });

  it('gives no CORS headers to a foreign origin, on the preflight or on the request (none is allowed by default)', async () => {
    const preflight = await fetch(`${platformUrl}/v1/inventory/items`, { method: 'OPTIONS', headers: { origin: FOREIGN, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const response = await api.get('/v1/inventory/items', { origin: FOREIGN });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('marks every response nosniff, no-referrer and, unless a route allows caching, no-store', async () => {
    const responses = {
      rest: await api.get('/v1/inventory/items'),
      problem: await api.get('/v1/inventory/items?per_page=1000'),
      graphql: await api.graphql('{ inventory_items { meta { total } } }'),
      unauthenticated: await fetch(`${platformUrl}/v1/inventory/items`),
      listener: await fetch(`${platformUrl}/v1/inventory/warehouses`, { method: 'POST', headers: { ...api.headers, 'content-type': 'application/json' }, body: 'x'.repeat(2 * 1024 * 1024) }),
      probe: await fetch(`${platformUrl}/readyz`),
    };
    for (const [name, response] of Object.entries(responses)) {
      expect(response.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(response.headers.get('cache-control'), name).toBe('no-store');
    }
    expect(responses.rest.headers.get('referrer-policy')).toBe('no-referrer');
    // Public documents keep the caching their routes chose.
    expect((await fetch(`${platformUrl}/.well-known/jwks.json`)).headers.get('cache-control')).toMatch(/^public/);
  });

  it('forbids framing of every HTML page', async () => {
    for (const [path, accept] of [['/docs', 'text/html'], ['/docs/errors', 'text/html'], ['/graphql', 'text/html']] as const) {
      const response = await fetch(`${platformUrl}${path}`, { headers: { accept } });
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(response.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it('sends no HSTS over plain HTTP', async () => {
    expect((await api.get('/v1/inventory/items')).headers.get('strict-transport-security')).toBeNull();
  });
});

describe('browser policy of a platform configured with an allowed origin, served over TLS', () => {
  let platform: PlatformProcess;
  beforeAll(async () => {
    platform = await spawnPlatform({ DATABASE_URL: inject('databaseUrl'), CORS_ALLOWED_ORIGINS: CONSOLE, PUBLIC_URL: 'https://api.example.test' });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('allows the listed origin with credentials, and still no other', async () => {
    const preflight = await fetch(`${platform.url}/v1/inventory/items`, { method: 'OPTIONS', headers: { origin: CONSOLE, 'access-control-request-method': 'PATCH' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(CONSOLE);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-service-tenant');
    const response = await fetch(`${platform.url}/v1/inventory/items`, { headers: { origin: CONSOLE } });
    expect(response.headers.get('access-control-allow-origin')).toBe(CONSOLE);
    expect(response.headers.get('access-control-expose-headers')).toContain('x-request-id');
    expect(response.headers.get('vary')).toMatch(/Origin/i);
    const foreign = await fetch(`${platform.url}/v1/inventory/items`, { headers: { origin: FOREIGN } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sends HSTS when its public URL is https', async () => {
    expect((await fetch(`${platform.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${platform.url}/v1/inventory/items`)).headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});

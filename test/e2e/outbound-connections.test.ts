import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlatformProcess, spawnPlatform } from '../support/platform-process.ts';

const recorder = fileURLToPath(new URL('../support/record-connections.mjs', import.meta.url));
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|::1|\[::1\])(:\d+)?$/;

/**
 * The platform opens no connection beyond this machine that no tenant or operator configured
 * (Apollo Gateway, for one, reports telemetry and probes cloud metadata services unless told
 * not to). Every connection attempt of a platform process is recorded while it starts, serves
 * REST, GraphQL and the documentation pages, and idles past Apollo's first export interval.
 */
describe('outbound connections', () => {
  let dataDir: string;
  let platform: PlatformProcess;
  let recordFile: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'outbound-'));
    recordFile = join(dataDir, 'connections.jsonl');
    platform = await spawnPlatform({ DATA_DIR: dataDir, DATABASE_URL: undefined, RECORD_CONNECTIONS_TO: recordFile }, { nodeOptions: ['--import', recorder] });
  });
  afterAll(async () => {
    await platform?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('connects only to loopback addresses and local sockets', async () => {
    const output = platform.output();
    const clientId = /client_id\s+(\S+)/.exec(output)?.[1];
    const clientSecret = /client_secret\s+(\S+)/.exec(output)?.[1];
    const tenant = /production tenant\s+(\S+)/.exec(output)?.[1] as string;
    const token = (await (
      await fetch(`${platform.url}/v1/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }) })
    ).json()) as { access_token: string };
    const headers = { authorization: `Bearer ${token.access_token}`, 'x-service-tenant': tenant };
    expect((await fetch(`${platform.url}/v1/inventory/items?reorder_below=true`, { headers })).status).toBe(200);
    expect((await fetch(`${platform.url}/graphql`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{"query":"{ inventory_items { data { id warehouse { name } } } }"}' })).status).toBe(200);
    for (const page of ['/docs', '/docs/assets/api-reference.js', '/v1/openapi.json', '/graphql']) {
      expect((await fetch(`${platform.url}${page}`, { headers: { accept: 'text/html' } })).status).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 6000));

    const attempts = (await readFile(recordFile, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind: string; destination: string });
    // The recorder works: the platform's own database connections are in the record.
    expect(attempts.some((attempt) => attempt.kind === 'tcp')).toBe(true);
    const remote = attempts.filter(({ destination }) => !LOOPBACK.test(destination) && !destination.startsWith('/'));
    expect(remote).toEqual([]);
  });
});

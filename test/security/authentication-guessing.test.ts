import { request as httpRequest } from 'node:http';
import { type PrismaClient, createPrismaClient, migrateDatabase } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlatformProcess, spawnPlatform } from '../support/platform-process.ts';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Guessing client credentials is limited: failed authentications count per client id (10 a
 * minute) and per source address (30 a minute), then every attempt is a 429 with Retry-After
 * until the window resets. The platform of this file runs the default limits (the suite's shared
 * platform raises the per-address one: all its tests come from 127.0.0.1). Each test sends from an
 * address of its own in 127.0.0.0/8, so counts never carry over between tests.
 */
describe('guessing client credentials', () => {
  let database: FreshDatabase;
  let prisma: PrismaClient;
  let platform: PlatformProcess;

  beforeAll(async () => {
    database = await freshDatabase({ prefix: 'guessing' });
    await migrateDatabase(database.url);
    prisma = createPrismaClient(database.url, 2);
    platform = await spawnPlatform({ DATABASE_URL: database.url, SEED_DEMO: 'false', FAILED_AUTHENTICATIONS_PER_CLIENT_PER_MINUTE: undefined, FAILED_AUTHENTICATIONS_PER_ADDRESS_PER_MINUTE: undefined });
  }, 120_000);
  afterAll(async () => {
    await platform?.stop();
    await prisma?.$disconnect();
    await database?.dispose();
  });

  async function client(): Promise<{ clientId: string; clientSecret: string }> {
    const { production } = await createTenantPair(prisma, { name: `Guessing ${Date.now()}`, plan: 'enterprise' });
    const created = await createOAuthClient(prisma, { tenantId: production.id, scopes: ['inventory:read'] });
    return { clientId: created.client_id, clientSecret: created.client_secret };
  }

  /** One request over loopback from `fromAddress` (any address of 127.0.0.0/8 is this host). */
  function send(fromAddress: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest(`${platform.url}${path}`, { method, headers, localAddress: fromAddress, timeout: 10_000 }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers as Record<string, string>, body: text }));
        response.on('error', reject);
      });
      outgoing.on('timeout', () => outgoing.destroy(new Error(`${method} ${path} had no answer within 10 s`)));
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  const token = (fromAddress: string, clientId: string, clientSecret: string) =>
    send(fromAddress, 'POST', '/v1/oauth/token', { 'content-type': 'application/json' }, JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }));

  async function tokens(fromAddress: string, attempts: Array<[string, string]>): Promise<Answer[]> {
    const answers: Answer[] = [];
    for (const [clientId, clientSecret] of attempts) answers.push(await token(fromAddress, clientId, clientSecret));
    return answers;
  }

  /** What a guesser could compare: status, body and header names (the request id and date always differ). */
  const comparable = (answer: Answer) => ({ status: answer.status, body: answer.body, headers: Object.keys(answer.headers).filter((name) => !['x-request-id', 'date'].includes(name)).sort() });

  it('refuses a known client id with 429 and Retry-After after 10 wrong secrets (150 in a row were 150 x 401)', async () => {
    const { clientId } = await client();
    const answers = await tokens('127.0.0.2', Array.from({ length: 150 }, (_, index) => [clientId, `wrong-${index}`]));
    expect(answers.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(401));
    expect(new Set(answers.slice(10).map((answer) => answer.status))).toEqual(new Set([429]));
    const refused = answers[10] as Answer;
    expect(JSON.parse(refused.body)).toMatchObject({ error: 'slow_down' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('once a client id is limited, its right secret is refused too, from any address', async () => {
    const { clientId, clientSecret } = await client();
    await tokens('127.0.0.3', Array.from({ length: 10 }, (_, index) => [clientId, `wrong-${index}`]));
    expect((await token('127.0.0.3', clientId, clientSecret)).status).toBe(429);
    expect((await token('127.0.0.4', clientId, clientSecret)).status).toBe(429);
  });

  it('answers an unknown client id and a wrong secret alike, before and after the limit', async () => {
    const { clientId } = await client();
    const unknownId = `client_${'x'.repeat(20)}`;
    const wrongSecret = await tokens('127.0.0.5', Array.from({ length: 11 }, (_, index) => [clientId, `wrong-${index}`]));
    const unknownClient = await tokens('127.0.0.6', Array.from({ length: 11 }, (_, index) => [unknownId, `wrong-${index}`]));
    expect(comparable(unknownClient[0] as Answer)).toEqual(comparable(wrongSecret[0] as Answer));
    expect((wrongSecret[10] as Answer).status).toBe(429);
    expect(comparable(unknownClient[10] as Answer)).toEqual(comparable(wrongSecret[10] as Answer));
  });

  it('limits an address across many client ids, while other addresses and their clients go on', async () => {
    const { clientId, clientSecret } = await client();
    const answers = await tokens('127.0.0.7', Array.from({ length: 31 }, (_, index) => [`unknown-${index}-${Date.now()}`, 'guess']));
    expect(answers.slice(0, 30).map((answer) => answer.status)).toEqual(Array(30).fill(401));
    expect((answers[30] as Answer).status).toBe(429);
    expect(Number((answers[30] as Answer).headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Right credentials from the limited address are refused as well; from another address they work.
    expect((await token('127.0.0.7', clientId, clientSecret)).status).toBe(429);
    expect((await token('127.0.0.8', clientId, clientSecret)).status).toBe(200);
  });

  it('never counts successes: 60 token requests with the right secret from one address all succeed', async () => {
    const { clientId, clientSecret } = await client();
    const answers = await tokens('127.0.0.9', Array.from({ length: 60 }, () => [clientId, clientSecret]));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
  });

  it('limits wrong API keys per address with 429 rate_limited and Retry-After', async () => {
    const guess = (fromAddress: string, index: number) => send(fromAddress, 'GET', '/v1/inventory-items', { authorization: `Bearer sk_test_${String(index).padStart(43, 'A')}`, 'x-service-tenant': 'ten_guess' });
    const answers: Answer[] = [];
    for (let index = 0; index < 31; index++) answers.push(await guess('127.0.0.10', index));
    expect(answers.slice(0, 30).map((answer) => answer.status)).toEqual(Array(30).fill(401));
    const refused = answers[30] as Answer;
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await guess('127.0.0.11', 31)).status).toBe(401);
  });
});

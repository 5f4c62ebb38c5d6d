import { type PrismaClient, createPrismaClient, migrateDatabase } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlatformProcess, accessTokenFrom, spawnPlatform } from '../support/platform-process.ts';

/**
 * What the platform keeps of the documents it was sent is bounded by size, not by number. A parsed
 * document holds its whole token list, about 90 bytes of heap per character of source: 4.5 MB for
 * one near the limits (64 KB, 10,000 tokens); a refused one, kept with its validation errors, held
 * the validation's context through their captured stacks (about 85 KB). Kept by number (1,024
 * documents, with every validation result), 150 distinct large documents from one client filled
 * the 512 MB heap `npm start` gives the process and ended it; kept by characters with their
 * refusals, 6,000 small invalid ones did. On a platform of its own: a failure here would end the
 * suite's shared one.
 */
describe('document caches under floods of distinct documents', () => {
  let database: FreshDatabase;
  let prisma: PrismaClient;
  let platform: PlatformProcess;

  beforeAll(async () => {
    database = await freshDatabase({ prefix: 'doccache' });
    await migrateDatabase(database.url);
    prisma = createPrismaClient(database.url, 2);
    platform = await spawnPlatform({ DATABASE_URL: database.url, SEED_DEMO: 'false' });
  }, 120_000);
  afterAll(async () => {
    await platform?.stop();
    await prisma?.$disconnect();
    await database?.dispose();
  });

  async function clientHeaders(name: string): Promise<Record<string, string>> {
    const { production } = await createTenantPair(prisma, { name, plan: 'enterprise' });
    // Thousands of requests in a few seconds: above the plan's limits, which are not under test.
    await prisma.tenant.update({ where: { id: production.id }, data: { rate_limit_per_second: 100_000, rate_limit_per_minute: 1_000_000 } });
    const token = await accessTokenFrom(platform, await createOAuthClient(prisma, { tenantId: production.id, scopes: ['crm:read'] }));
    return { authorization: `Bearer ${token}`, 'x-service-tenant': production.id, 'content-type': 'application/json' };
  }

  /** A document of 3,300 aliases: 9,902 tokens and about 60,000 characters, distinct per `index`. */
  const largeDocument = (index: number) => `query Large${index} { ${Array.from({ length: 3300 }, (_, alias) => `a${alias}: __typename`).join(' ')} }`;

  it('keeps answering, with the same answer for each, after 150 distinct large documents', async () => {
    const headers = await clientHeaders('Large documents');

    const answers = new Map<string, number>();
    for (let index = 0; index < 150; index++) {
      const response = await fetch(`${platform.url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query: largeDocument(index) }) });
      const { data, errors } = (await response.json()) as { data?: Record<string, string>; errors?: unknown[] };
      const answer = `${response.status} ${Object.keys(data ?? {}).length} fields, ${errors?.length ?? 0} errors`;
      answers.set(answer, (answers.get(answer) ?? 0) + 1);
    }
    expect(Object.fromEntries(answers)).toEqual({ '200 3300 fields, 0 errors': 150 });
    expect(platform.child.exitCode).toBeNull();
    const after = await fetch(`${platform.url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query: '{ __typename }' }) });
    expect(after.status, await after.clone().text()).toBe(200);
  }, 120_000);

  it('keeps answering after 6,000 distinct invalid documents, each refused with its error every time', async () => {
    const headers = await clientHeaders('Invalid documents');
    const send = async (index: number) => {
      const response = await fetch(`${platform.url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query: `query Invalid${index} { no_such_field_${index} }` }) });
      const { errors } = (await response.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
      return `${response.status} ${errors?.map((error) => error.extensions?.code).join(',')}`;
    };
    const answers = new Map<string, number>();
    const inFlight = 8;
    for (let start = 0; start < 6_000; start += inFlight) {
      for (const answer of await Promise.all(Array.from({ length: inFlight }, (_, offset) => send(start + offset)))) answers.set(answer, (answers.get(answer) ?? 0) + 1);
    }
    expect(Object.fromEntries(answers)).toEqual({ '200 query_invalid': 6_000 });
    // Sent again, refused again (the refusal is not remembered, the document is).
    expect(await send(0)).toBe('200 query_invalid');
    expect(platform.child.exitCode).toBeNull();
  }, 180_000);
});

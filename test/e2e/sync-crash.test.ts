import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { type PrismaClient, createPrismaClient, migrateDatabase } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../support/fixtures.ts';
import { RECORD_COUNT, type RestApiServer, type SyncJob, INTEGRATION_SCOPES, getJob, itemMapping, jobOver, restConnectorBody, startRestApiServer } from '../support/integrations.ts';
import { type PlatformProcess, TEST_SECRETS_KEY, accessTokenFrom, spawnPlatform } from '../support/platform-process.ts';

/**
 * A sync across a crash: the platform is killed with SIGKILL in the middle of a sync (a page
 * being written, others still to read), a new instance starts on the same database, and the job
 * resumes from its last committed page once the dead run's lease lapses, ending with every
 * record written exactly once: one item per record, one audited create per item, no failure.
 */

describe('a sync across a crash (SIGKILL mid-sync)', () => {
  let database: FreshDatabase;
  let prisma: PrismaClient;
  let source: RestApiServer;
  const instances: PlatformProcess[] = [];
  const env = (url: string) => ({
    DATABASE_URL: url,
    SEED_DEMO: 'false',
    WEBHOOK_ALLOWED_PRIVATE_NETWORKS: '127.0.0.0/8',
    JOB_RECOVERY_SECONDS: '3',
    SECRETS_KEY: TEST_SECRETS_KEY,
  });

  beforeAll(async () => {
    database = await freshDatabase({ prefix: 'sync_crash' });
    await migrateDatabase(database.url);
    prisma = createPrismaClient(database.url, 2);
    source = await startRestApiServer();
    instances.push(await spawnPlatform(env(database.url)));
  }, 180_000);
  afterAll(async () => {
    for (const instance of instances) await instance.stop();
    await source?.close();
    await prisma?.$disconnect();
    await database?.dispose();
  });

  const clientOf = async (instance: PlatformProcess, client: { client_id: string; client_secret: string }, tenantId: string): Promise<ApiClient> => apiClient(await accessTokenFrom(instance, client), tenantId, instance.url);

  it('resumes from the last committed page and writes every record once', async () => {
    const first = instances[0] as PlatformProcess;
    // A sandbox tenant: the source is plain HTTP on loopback.
    const { sandbox } = await createTenantPair(prisma, { name: 'Sync crash', plan: 'enterprise' });
    const client = await createOAuthClient(prisma, { tenantId: sandbox.id, scopes: INTEGRATION_SCOPES });
    const api = await clientOf(first, client, sandbox.id);
    const warehouse = (await (await api.send('POST', '/v1/inventory/warehouses', { name: 'Main' })).json()) as { id: string };
    const connector = (await (await api.send('POST', '/v1/connectors', restConnectorBody(source.url, { retry_max_attempts: 5, retry_delay_seconds: 2 }))).json()) as { id: string };
    // Pages of 10 records from a slow API: the sync takes a while, and the kill lands mid-way.
    await api.send('PATCH', `/v1/connectors/${connector.id}`, {
      config: { ...(restConnectorBody(source.url).config as Record<string, unknown>), pagination: { type: 'page_number', page_param: 'page', per_page_param: 'per_page', per_page: 10 } },
      credentials: restConnectorBody(source.url).credentials,
    });
    expect((await api.send('POST', `/v1/connectors/${connector.id}/mappings`, { definition: itemMapping(warehouse.id) })).status).toBe(201);
    source.latencyMs = 100;
    const started = (await (await api.send('POST', '/v1/sync/jobs', { connector_id: connector.id })).json()) as SyncJob;

    let atKill: SyncJob | undefined;
    for (let polls = 0; !atKill && polls < 300; polls++) {
      const job = await getJob(api, started.id);
      if (job.records_seen >= 60) atKill = job;
      else await sleep(50);
    }
    expect(atKill?.state).toBe('running');
    const exited = once(first.child, 'exit');
    first.child.kill('SIGKILL');
    await exited;
    const itemsAtKill = await prisma.inventoryItem.count({ where: { tenant_id: sandbox.id } });
    expect(itemsAtKill).toBeGreaterThan(0);
    expect(itemsAtKill).toBeLessThan(RECORD_COUNT);

    const second = await spawnPlatform(env(database.url));
    instances.push(second);
    const resumedApi = await clientOf(second, client, sandbox.id);
    const job = await jobOver(resumedApi, started.id, 120_000);
    expect(job).toMatchObject({ state: 'succeeded', records_failed: 0 });
    // Only the page in flight at the kill is read again: its records are found written (unchanged), never written twice.
    expect(job.records_seen).toBeGreaterThanOrEqual(RECORD_COUNT);
    expect(job.records_seen).toBeLessThanOrEqual(RECORD_COUNT + 10);
    expect(job.records_created).toBeLessThanOrEqual(RECORD_COUNT);
    expect(await prisma.inventoryItem.count({ where: { tenant_id: sandbox.id } })).toBe(RECORD_COUNT);
    expect(await prisma.externalLink.count({ where: { tenant_id: sandbox.id, connector_id: connector.id } })).toBe(RECORD_COUNT);
    // One audited create per item, by the connector: none was applied twice.
    await sleep(1000);
    expect(await prisma.auditRecord.count({ where: { tenant_id: sandbox.id, actor_id: connector.id, action: 'inventory_item.create' } })).toBe(RECORD_COUNT);
  }, 180_000);
});

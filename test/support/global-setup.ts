import { migrateDatabase } from '@platform/db';
import { freshDatabase } from '@platform/db/testing';
import type { TestProject } from 'vitest/node';
import { TEST_SECRETS_KEY, spawnPlatform } from './platform-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    platformUrl: string;
    databaseUrl: string;
  }
}

/**
 * One real platform process for the run, on a database of its own: an embedded PostgreSQL, or a
 * fresh database on DATABASE_URL's server (CI runs the suite both ways). Tests reach it over
 * loopback HTTP and prepare tenants directly in its database.
 */
export default async function setup(project: TestProject) {
  const platform = await startTestPlatform();
  project.provide('platformUrl', platform.url);
  project.provide('databaseUrl', platform.databaseUrl);
  return platform.stop;
}

/** The platform of the test run, also started on its own by scripts outside vitest (the long fuzz run). */
export async function startTestPlatform(): Promise<{ url: string; databaseUrl: string; stop(): Promise<void> }> {
  const database = await freshDatabase({ prefix: 'contract' });
  await migrateDatabase(database.url);
  const platform = await spawnPlatform({
    DATABASE_URL: database.url,
    SEED_DEMO: 'false',
    // Webhook receivers of the tests listen on loopback; retries come after 1 s, so a failing endpoint gives up in seconds.
    WEBHOOK_ALLOWED_PRIVATE_NETWORKS: '127.0.0.0/8,::1/128',
    WEBHOOK_RETRY_SCHEDULE: '1,1',
    SECRETS_KEY: TEST_SECRETS_KEY,
    JOB_RECOVERY_SECONDS: '5',
    // Every test (the fuzz cases' wrong credentials too) comes from 127.0.0.1: the per-address limit
    // of failed authentications is tested on a platform of its own (security/authentication-guessing).
    FAILED_AUTHENTICATIONS_PER_ADDRESS_PER_MINUTE: '1000000',
  });
  // Every test after a crash of the shared process fails on a closed socket: say why, once, with
  // what the process printed last (its logs at warn and above), or CI shows only the sockets.
  let stopping = false;
  platform.child.once('exit', (code, signal) => {
    if (stopping) return;
    process.stderr.write(`\nThe test run's platform process exited (code ${code}, signal ${signal}); every later test that reaches it fails. Its last output:\n${platform.output().slice(-20_000)}\n`);
  });
  return {
    url: platform.url,
    databaseUrl: database.url,
    stop: async () => {
      stopping = true;
      await platform.stop();
      await database.dispose();
    },
  };
}

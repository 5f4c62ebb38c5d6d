import cluster from 'node:cluster';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger, loadConfig } from '@platform/config';
import { databaseFault } from '@platform/db';
import { type ClusterMessage, workerChannel } from './cluster/channel.ts';
import { startFleet } from './cluster/primary.ts';
import type { DemoSeed } from './seed/demo.ts';

const REJECTION_MESSAGE = 'a promise failed with nothing awaiting it';
const START_RETRY_MS = 60_000;

/**
 * `npm start`: run the platform until SIGINT/SIGTERM, printing how to try it on first start. With
 * WORKERS above 1 (the machine's cores by default) this process is the primary of that many
 * workers (cluster/primary.ts), each of which comes through here too and serves the platform.
 */
const config = loadConfig();
const logger = createLogger(config.logLevel);
// Loaded only where it serves: a primary of several workers needs the database, the demo seed and
// the relays, not Apollo, Yoga and the supergraph (more than half of the modules' load time).
const loadPlatform = () => import('./platform.ts');

/**
 * A promise rejected with nothing awaiting it (a library's fire-and-forget statement, say) ended
 * the process under Node's default: every request in flight lost with it. Its work was abandoned
 * already and nothing else is corrupt, so it is reported and the process goes on: logged from the
 * start, and once the platform serves also counted (platform_unexpected_errors_total{surface="process"}).
 * A thrown exception nobody caught (`uncaughtException`) still ends it: state may be half-changed then.
 */
let reportRejection = (reason: unknown) => logger.error({ err: reason }, REJECTION_MESSAGE);
process.on('unhandledRejection', (reason) => reportRejection(reason));

if (cluster.isWorker) {
  const { startPlatform } = await loadPlatform();
  const platform = await retryingDatabaseFaults(() => startPlatform({ seedDemo: false }, process.env, { cluster: workerChannel() }));
  reportRejection = (reason) => platform.reportUnexpected('process', reason, {}, REJECTION_MESSAGE);
  stopOnSignals(platform.stop);
  process.send?.({ platform: 'ready', url: platform.url } satisfies ClusterMessage);
} else if (config.workers > 1) {
  const fleet = await retryingDatabaseFaults(() => startFleet(config, logger));
  stopOnSignals(fleet.stop);
  printWelcome(fleet.url, fleet.demo);
} else {
  const { startPlatform } = await loadPlatform();
  const platform = await retryingDatabaseFaults(() => startPlatform());
  reportRejection = (reason) => platform.reportUnexpected('process', reason, {}, REJECTION_MESSAGE);
  stopOnSignals(platform.stop);
  printWelcome(platform.url, platform.demo);
}

/**
 * A start that meets a database not answering in time (a server busy, starting or restarting) is
 * made again, after a growing delay, for up to START_RETRY_MS: the platform comes up unaided once
 * the database answers. Any other failure (a broken configuration, a failed migration) ends the
 * start at once.
 */
async function retryingDatabaseFaults<T>(start: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + START_RETRY_MS;
  for (let attempt = 1, delay = 500; ; attempt++, delay = Math.min(delay * 2, 5_000)) {
    try {
      return await start();
    } catch (error) {
      if (!databaseFault(error) || Date.now() + delay > deadline) throw error;
      logger.warn({ err: error, attempt, retry_in_ms: delay }, 'the database did not answer during the start; starting again');
      await sleep(delay);
    }
  }
}

function printWelcome(url: string, demo: DemoSeed | undefined): void {
  if (demo) {
    const tenant = demo.tenantId;
    process.stdout.write(`
Demo account created (the client secret and the password are shown only now):
  production tenant  ${tenant}
  sandbox tenant     ${demo.sandboxTenantId}
  client_id          ${demo.client.client_id}
  client_secret      ${demo.client.client_secret}
  console user       ${demo.user.email}
  password           ${demo.user.password}

Get a token:
  TOKEN=$(curl -s ${url}/v1/oauth/token -H 'Content-Type: application/json' \\
    -d '{"grant_type":"client_credentials","client_id":"${demo.client.client_id}","client_secret":"${demo.client.client_secret}","scope":"inventory:read inventory:write"}' \\
    | node -pe 'JSON.parse(require("fs").readFileSync(0)).access_token')

List items below their reorder point:
  curl -s '${url}/v1/inventory/items?reorder_below=true' -H "Authorization: Bearer $TOKEN" -H 'X-Service-Tenant: ${tenant}'

`);
  }
  // One write: whoever waits for the first line (a process manager, a test) has the second too.
  const consoleLine = demo ? `Console: ${url}/console/  (tenant ${demo.tenantId}, ${demo.user.email} / ${demo.user.password})\n` : `Console: ${url}/console/\n`;
  process.stdout.write(`Platform API on ${url}: GraphQL ${url}/graphql, REST ${url}/v1, reference ${url}/docs\n${consoleLine}`);
}

function stopOnSignals(stop: () => Promise<void>): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

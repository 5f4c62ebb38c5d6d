import cluster from 'node:cluster';
import { createLogger, loadConfig } from '@platform/config';
import { type ClusterMessage, workerChannel } from './cluster/channel.ts';
import { startFleet } from './cluster/primary.ts';
import { startPlatform } from './platform.ts';
import type { DemoSeed } from './seed/demo.ts';

/**
 * `npm start`: run the platform until SIGINT/SIGTERM, printing how to try it on first start. With
 * WORKERS above 1 (the machine's cores by default) this process is the primary of that many
 * workers (cluster/primary.ts), each of which comes through here too and serves the platform.
 */
const config = loadConfig();

if (cluster.isWorker) {
  const platform = await startPlatform({ seedDemo: false }, process.env, { cluster: workerChannel() });
  stopOnSignals(platform.stop);
  process.send?.({ platform: 'ready', url: platform.url } satisfies ClusterMessage);
} else {
  const running = config.workers > 1 ? await startFleet(config, createLogger(config.logLevel)) : await startPlatform();
  stopOnSignals(running.stop);
  printWelcome(running.url, running.demo);
}

function printWelcome(url: string, demo: DemoSeed | undefined): void {
  if (demo) {
    const tenant = demo.tenantId;
    process.stdout.write(`
Demo account created (the client secret is shown only now):
  production tenant  ${tenant}
  sandbox tenant     ${demo.sandboxTenantId}
  client_id          ${demo.client.client_id}
  client_secret      ${demo.client.client_secret}

Get a token:
  TOKEN=$(curl -s ${url}/v1/oauth/token -H 'Content-Type: application/json' \\
    -d '{"grant_type":"client_credentials","client_id":"${demo.client.client_id}","client_secret":"${demo.client.client_secret}","scope":"inventory:read inventory:write"}' \\
    | node -pe 'JSON.parse(require("fs").readFileSync(0)).access_token')

List items below their reorder point:
  curl -s '${url}/v1/inventory/items?reorder_below=true' -H "Authorization: Bearer $TOKEN" -H 'X-Service-Tenant: ${tenant}'

`);
  }
  process.stdout.write(`Platform API on ${url}: GraphQL ${url}/graphql, REST ${url}/v1, reference ${url}/docs\n`);
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

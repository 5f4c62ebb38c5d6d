import { type Server, type Socket, connect, createServer } from 'node:net';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '@platform/rate-limit/testing';
import { type PlatformProcess, spawnPlatform } from '../support/platform-process.ts';


/**
 * A platform started while its database does not answer yet (a database server that starts after
 * the platform, as containers do) starts again until it answers, and then serves, without anyone
 * restarting it. The database is reached through a TCP relay on loopback that listens only once
 * the platform said its start met no database.
 */
describe('a database that answers only after the platform started', () => {
  let relay: Server | undefined;
  const sockets = new Set<Socket>();
  let platform: PlatformProcess | undefined;

  afterAll(async () => {
    await platform?.stop();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => (relay ? relay.close(resolve) : resolve(undefined)));
  });

  it('keeps starting until the database answers, then serves', async () => {
    const target = new URL(inject('databaseUrl'));
    const port = await freePort();
    const relayedUrl = new URL(target);
    relayedUrl.hostname = '127.0.0.1';
    relayedUrl.port = String(port);
    // Over TCP through the relay, not over the embedded server's Unix socket (`host`).
    relayedUrl.search = '';

    // The relay opens once the platform reported a start that met no database (however long a
    // cold start takes to get there), so the test cannot pass without one.
    const RETRY_MESSAGE = 'the database did not answer during the start; starting again';
    let metNoDatabase: () => void = () => {};
    const retried = new Promise<void>((resolve) => (metNoDatabase = resolve));
    const starting = spawnPlatform({ DATABASE_URL: relayedUrl.toString(), SEED_DEMO: 'false', LOG_LEVEL: 'warn' }, { onOutput: (output) => output.includes(RETRY_MESSAGE) && metNoDatabase() });
    await Promise.race([retried, starting.then(() => Promise.reject(new Error('the platform started without its database')))]);
    relay = createServer((client) => {
      const upstream = connect(Number(target.port), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    }).listen(port, '127.0.0.1');

    platform = await starting;
    expect((await fetch(`${platform.url}/readyz`)).status).toBe(200);
  }, 120_000);
});

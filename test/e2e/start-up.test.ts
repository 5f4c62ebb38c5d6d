import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '@platform/rate-limit/testing';
import { describe, expect, inject, it } from 'vitest';
import { spawnPlatform } from '../support/platform-process.ts';


type Outcome = number | 'refused' | 'hung';

/** One request with a bounded wait: its status, 'refused' when nothing listens, 'hung' when no answer came. */
async function probe(url: string): Promise<Outcome> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(3000) })).status;
  } catch (error) {
    return (error as Error).name === 'TimeoutError' ? 'hung' : 'refused';
  }
}

/**
 * From the moment its port opens until the moment it closes, the platform answers every request:
 * 503 while starting and while stopping, never a connection left without an answer (which a load
 * balancer's health check would count as a dead instance, and a client would wait on forever).
 */
describe('start-up and shutdown', () => {
  it('answers every request while starting and while stopping, and is ready only in between', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const outcomes: Array<{ path: string; outcome: Outcome; phase: 'starting' | 'ready' | 'stopping' }> = [];
    let phase: 'starting' | 'ready' | 'stopping' = 'starting';
    let polling = true;
    const poller = (async () => {
      while (polling) {
        for (const path of ['/readyz', '/v1/inventory/items', '/healthz']) {
          const seenIn = phase;
          outcomes.push({ path, outcome: await probe(`${base}${path}`), phase: seenIn });
        }
        await sleep(20);
      }
    })();

    const platform = await spawnPlatform({ PORT: String(port), DATABASE_URL: inject('databaseUrl') });
    phase = 'ready';
    expect(await probe(`${base}/readyz`)).toBe(200);
    expect(await probe(`${base}/v1/inventory/items`)).toBe(401);
    phase = 'stopping';
    const exitCode = await platform.stop();
    await sleep(200);
    polling = false;
    await poller;

    expect(outcomes.filter(({ outcome }) => outcome === 'hung')).toEqual([]);
    // Stopped by its own signal handling once drained, not cut short by a library's exit hook.
    expect(exitCode).toBe(0);
    // Whatever the platform answered before it was ready or after it began to stop is a 503 (or 200 for liveness).
    const answeredOutsideReady = outcomes.filter(({ phase: seenIn, outcome }) => seenIn !== 'ready' && typeof outcome === 'number');
    for (const { path, outcome } of answeredOutsideReady) {
      if (path === '/healthz') expect(outcome).toBe(200);
      else expect([503, 200, 401]).toContain(outcome);
    }
    expect(outcomes.some(({ outcome }) => outcome === 'refused')).toBe(true);
  });
});

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RateLimiter, type RateLimiterLogger, createRateLimiter, planLimits } from '../src/index.ts';
import { allowedCount, burst, freshKey, limiterBehaviour } from './behaviour.ts';
import { type RedisServer, freePort, startRedisServer } from '../src/testing.ts';

/**
 * The same behaviour against a real redis-server this file starts (and stops) itself. A missing
 * redis-server fails these tests with an install hint; they never skip.
 */
describe('rate limiter on Redis', () => {
  let server: RedisServer;
  let limiter: RateLimiter;
  const keyPrefix = `test-${randomUUID()}`;

  beforeAll(async () => {
    server = await startRedisServer();
    limiter = createRateLimiter({ redisUrl: server.url, keyPrefix });
    expect(await limiter.ready()).toBe(true);
  });
  afterAll(async () => {
    await limiter?.close();
    await server?.stop();
  });

  it('keeps its counters in Redis, one key per window, expiring with the window', async () => {
    expect(limiter.store).toBe('redis');
    const key = freshKey();
    await limiter.consume(key, planLimits.launch);
    const redis = new Redis(server.url);
    try {
      expect(await redis.get(`${keyPrefix}:1s:${key}`)).toBe('1');
      expect(await redis.get(`${keyPrefix}:60s:${key}`)).toBe('1');
      expect(await redis.pttl(`${keyPrefix}:1s:${key}`)).toBeLessThanOrEqual(1000);
      expect(await redis.pttl(`${keyPrefix}:60s:${key}`)).toBeGreaterThan(58_000);
    } finally {
      redis.disconnect();
    }
  });

  limiterBehaviour(() => limiter);

  describe('two limiter instances on one Redis (two platform instances)', () => {
    const instances: RateLimiter[] = [];
    const twoInstances = (prefix: string) => {
      const pair = [createRateLimiter({ redisUrl: server.url, keyPrefix: prefix }), createRateLimiter({ redisUrl: server.url, keyPrefix: prefix })] as const;
      instances.push(...pair);
      return pair;
    };
    afterAll(() => Promise.all(instances.map((instance) => instance.close())));

    it('share one limit per key: 30 allowed in total across both', async () => {
      // Not awaiting ready(): the first consumes wait for the connection by themselves.
      const [first, second] = twoInstances(`shared-${randomUUID()}`);
      const key = freshKey();
      const decisions = await Promise.all(Array.from({ length: 40 }, (_, index) => (index % 2 === 0 ? first : second).consume(key, planLimits.launch)));
      expect(allowedCount(decisions)).toBe(30);
      expect(allowedCount(decisions.filter((_, index) => index % 2 === 0))).toBeGreaterThan(0);
      expect(allowedCount(decisions.filter((_, index) => index % 2 === 1))).toBeGreaterThan(0);
      // Both instances now refuse the key, until the second is over.
      expect((await first.consume(key, planLimits.launch)).allowed).toBe(false);
      expect((await second.consume(key, planLimits.launch)).allowed).toBe(false);
      await sleep(1100);
      expect((await first.consume(key, planLimits.launch)).allowed).toBe(true);
      expect((await second.consume(key, planLimits.launch)).allowed).toBe(true);
    });

    it('share the minute window too', async () => {
      const [first, second] = twoInstances(`shared-${randomUUID()}`);
      const key = freshKey();
      const limits = { perSecond: 100, perMinute: 60 };
      expect(allowedCount(await burst(first, key, limits, 40))).toBe(40);
      const rest = await burst(second, key, limits, 21);
      expect(allowedCount(rest)).toBe(20);
      expect(rest.at(-1)).toMatchObject({ allowed: false, limit: 60 });
    });

    it('keep platforms with different key prefixes apart', async () => {
      const [first] = twoInstances(`one-${randomUUID()}`);
      const [other] = twoInstances(`two-${randomUUID()}`);
      const key = freshKey();
      expect(allowedCount(await burst(first, key, planLimits.launch, 31))).toBe(30);
      expect((await other.consume(key, planLimits.launch)).remaining).toBe(29);
    });
  });
});

describe('rate limiter when Redis is unavailable', () => {
  function recordingLogger(): RateLimiterLogger & { lines: string[] } {
    const lines: string[] = [];
    return {
      lines,
      warn: (details, message) => lines.push(`warn ${message} ${JSON.stringify(details)}`),
      info: (details, message) => lines.push(`info ${message} ${JSON.stringify(details)}`),
    };
  }

  it('enforces the limits per instance while Redis is down, logs no secret, and shares again once it is back', async () => {
    const password = `pw-${randomUUID()}`;
    let server = await startRedisServer({ password });
    const logger = recordingLogger();
    const limiter = createRateLimiter({ redisUrl: server.url, logger, keyPrefix: `outage-${randomUUID()}` });
    try {
      expect(await limiter.ready()).toBe(true);
      expect((await limiter.consume(freshKey(), planLimits.launch)).allowed).toBe(true);

      await server.stop();
      const key = freshKey();
      const down = await burst(limiter, key, planLimits.launch, 31);
      expect(allowedCount(down)).toBe(30);
      expect(down[30]).toMatchObject({ allowed: false, limit: 30, retryAfterSeconds: 1 });
      // The client notices the lost connection asynchronously (its 'close'/'error' events).
      await expect.poll(() => logger.lines.filter((line) => line.startsWith('warn')).length, { timeout: 5000 }).toBe(1);

      server = await startRedisServer({ port: server.port, password });
      expect(await limiter.ready(10_000)).toBe(true);
      expect(await limiter.consume(freshKey(), planLimits.launch)).toMatchObject({ allowed: true, remaining: 29 });
      expect(logger.lines.some((line) => line.startsWith('info Redis connection restored'))).toBe(true);
      expect(logger.lines.join('\n')).not.toContain(password);
    } finally {
      await limiter.close();
      await server.stop();
    }
  });

  it('stops waiting for a Redis that hangs: after one timed-out command, counts in memory and asks Redis again later', async () => {
    const server = await startRedisServer();
    const logger = recordingLogger();
    const keyPrefix = `hang-${randomUUID()}`;
    const limiter = createRateLimiter({ redisUrl: server.url, logger, keyPrefix, redisCommandTimeoutMs: 500, redisSetAsideMs: 1500 });
    try {
      expect(await limiter.ready()).toBe(true);
      server.pause();
      const key = freshKey();
      const started = performance.now();
      const hung = await burst(limiter, key, planLimits.launch, 31);
      // Waiting for every command would take 31 × 500 ms: only the first waits.
      expect(performance.now() - started).toBeLessThan(5000);
      expect(allowedCount(hung)).toBe(30);
      expect(hung[30]).toMatchObject({ allowed: false, limit: 30 });
      expect(logger.lines.filter((line) => line.startsWith('warn'))).toEqual([expect.stringMatching(/^warn Redis did not answer within 500 ms: rate limits are enforced per instance/)]);

      server.resume();
      await sleep(1600);
      expect(await limiter.consume(freshKey(), planLimits.launch)).toMatchObject({ allowed: true, remaining: 29 });
      await expect.poll(() => logger.lines.some((line) => line.startsWith('info Redis answers again')), { timeout: 5000 }).toBe(true);
      // Shared again: the counters are in Redis.
      const sharedKey = freshKey();
      await limiter.consume(sharedKey, planLimits.launch);
      const redis = new Redis(server.url);
      try {
        expect(await redis.get(`${keyPrefix}:60s:${sharedKey}`)).toBe('1');
      } finally {
        redis.disconnect();
      }
    } finally {
      await limiter.close();
      await server.stop();
    }
  });

  it('works from the start when Redis cannot be reached, after a short wait', async () => {
    const logger = recordingLogger();
    const limiter = createRateLimiter({ redisUrl: `redis://127.0.0.1:${await freePort()}`, logger, redisStartupWaitMs: 300 });
    try {
      const started = performance.now();
      const decisions = await burst(limiter, freshKey(), planLimits.launch, 31);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(allowedCount(decisions)).toBe(30);
      expect(await limiter.ready(200)).toBe(false);
      expect(logger.lines[0]).toMatch(/^warn Redis unavailable.*ECONNREFUSED/);
    } finally {
      await limiter.close();
    }
  });

  it('never logs the credentials of a Redis URL that Redis refuses', async () => {
    const server = await startRedisServer({ password: 'the-right-one' });
    const logger = recordingLogger();
    const wrong = `wrong-${randomUUID()}`;
    const limiter = createRateLimiter({ redisUrl: `redis://someone:${wrong}@127.0.0.1:${server.port}`, logger, redisStartupWaitMs: 500 });
    try {
      expect(allowedCount(await burst(limiter, freshKey(), planLimits.launch, 31))).toBe(30);
      await sleep(300);
      expect(logger.lines.length).toBeGreaterThan(0);
      expect(logger.lines.join('\n')).not.toContain(wrong);
      expect(logger.lines.join('\n')).not.toContain('someone');
    } finally {
      await limiter.close();
      await server.stop();
    }
  });

  it('refuses a URL that is not redis:// without echoing it', () => {
    expect(() => createRateLimiter({ redisUrl: 'http://user:secret@127.0.0.1:6379' })).toThrow(/redis:\/\//);
    expect(() => createRateLimiter({ redisUrl: 'not a url with secret' })).toThrow(/not a valid URL/);
    try {
      createRateLimiter({ redisUrl: 'http://user:secret@127.0.0.1:6379' });
    } catch (error) {
      expect(String(error)).not.toContain('secret');
    }
  });
});

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { type RateLimitDecision, type RateLimiter, type RateLimits, planLimits } from '../src/index.ts';

/** `count` requests of one key, one after the other. */
export async function burst(limiter: RateLimiter, key: string, limits: RateLimits, count: number): Promise<RateLimitDecision[]> {
  const decisions: RateLimitDecision[] = [];
  for (let index = 0; index < count; index++) decisions.push(await limiter.consume(key, limits));
  return decisions;
}

export const allowedCount = (decisions: RateLimitDecision[]) => decisions.filter((decision) => decision.allowed).length;

/** A key no other test uses (tests share one limiter and one Redis). */
export const freshKey = (label = 'tenant') => `${label}:${randomUUID()}`;

/** The behaviour every store must have; `limiter()` is the store under test. */
export function limiterBehaviour(limiter: () => RateLimiter): void {
  it('on Launch allows 30 requests within one second and refuses the 31st', async () => {
    const decisions = await burst(limiter(), freshKey(), planLimits.launch, 31);
    const allowed = decisions.slice(0, 30);
    expect(allowed.every((decision) => decision.allowed)).toBe(true);
    // The per-second window is the closer to exhaustion: 29, 28, ... 0 left of 30.
    expect(allowed.map((decision) => decision.remaining)).toEqual(Array.from({ length: 30 }, (_, index) => 29 - index));
    expect(allowed.every((decision) => decision.limit === 30 && decision.resetSeconds === 1 && decision.retryAfterSeconds === undefined)).toBe(true);
    expect(decisions[30]).toEqual({ allowed: false, limit: 30, remaining: 0, resetSeconds: 1, retryAfterSeconds: 1 });
  });

  it('enforces each plan on both windows', async () => {
    for (const plan of ['growth', 'scale'] as const) {
      const limits = planLimits[plan];
      const decisions = await burst(limiter(), freshKey(plan), limits, limits.perSecond + 1);
      expect(allowedCount(decisions), plan).toBe(limits.perSecond);
      expect(decisions.at(-1), plan).toMatchObject({ allowed: false, limit: limits.perSecond, retryAfterSeconds: 1 });
    }
  });

  it('refuses the 61st request in a minute when the minute window is the tighter one', async () => {
    const limits = { perSecond: 100, perMinute: 60 };
    const decisions = await burst(limiter(), freshKey(), limits, 61);
    expect(decisions.slice(0, 60).every((decision) => decision.allowed)).toBe(true);
    expect(decisions.slice(0, 60).map((decision) => decision.remaining)).toEqual(Array.from({ length: 60 }, (_, index) => 59 - index));
    expect(decisions[0]?.limit).toBe(60);
    expect(decisions[0]?.resetSeconds).toBe(60);
    const refused = decisions[60] as RateLimitDecision;
    expect(refused).toMatchObject({ allowed: false, limit: 60, remaining: 0 });
    // The minute window began at the first request, moments ago: 59 or 60 seconds to wait.
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(refused.resetSeconds).toBe(refused.retryAfterSeconds);
  });

  it('counts 40 concurrent requests exactly: 30 allowed, 10 refused', async () => {
    const key = freshKey();
    const decisions = await Promise.all(Array.from({ length: 40 }, () => limiter().consume(key, planLimits.launch)));
    expect(allowedCount(decisions)).toBe(30);
    expect(new Set(decisions.filter((decision) => decision.allowed).map((decision) => decision.remaining)).size).toBe(30);
  });

  it('keeps keys apart: one tenant over its limit does not affect another', async () => {
    const a = freshKey('a');
    const b = freshKey('b');
    expect(allowedCount(await burst(limiter(), a, planLimits.launch, 35))).toBe(30);
    expect(await limiter().consume(b, planLimits.launch)).toEqual({ allowed: true, limit: 30, remaining: 29, resetSeconds: 1 });
    expect((await limiter().consume(a, planLimits.launch)).allowed).toBe(false);
  });

  it('applies each key its own limits in one limiter', async () => {
    const small = freshKey('small');
    const large = freshKey('large');
    const smallLimits = { perSecond: 2, perMinute: 10 };
    const [smallDecisions, largeDecisions] = await Promise.all([burst(limiter(), small, smallLimits, 3), burst(limiter(), large, planLimits.scale, 3)]);
    expect(smallDecisions.map((decision) => decision.allowed)).toEqual([true, true, false]);
    expect(smallDecisions[2]).toMatchObject({ limit: 2, retryAfterSeconds: 1 });
    expect(largeDecisions.every((decision) => decision.allowed && decision.limit === 120)).toBe(true);
  });

  it('resets the limits: a client hammering past the limit gets back in once the window resets', async () => {
    const key = freshKey();
    const limits = { perSecond: 5, perMinute: 1000 };
    const hammering = await burst(limiter(), key, limits, 60);
    expect(allowedCount(hammering)).toBe(5);
    expect(hammering.at(-1)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    await sleep(1100);
    const again = await burst(limiter(), key, limits, 6);
    expect(again.map((decision) => decision.allowed)).toEqual([true, true, true, true, true, false]);
  });

  it('charges nothing for a refused request: a refused burst leaves the minute budget intact', async () => {
    const key = freshKey();
    const limits = planLimits.launch;
    // First second: 50 requests, 30 served, 20 refused by the per-second window.
    expect(allowedCount(await burst(limiter(), key, limits, 50))).toBe(30);
    await sleep(1100);
    // Next second: the minute window has 30 of its 60 left (the refused 20 cost nothing).
    const second = await burst(limiter(), key, limits, 31);
    expect(allowedCount(second)).toBe(30);
    expect(second[29]).toMatchObject({ allowed: true, remaining: 0 });
    // The 31st is refused by both windows; Retry-After is the longer wait, the minute's.
    const refused = second[30] as RateLimitDecision;
    expect(refused).toMatchObject({ allowed: false, limit: 60, remaining: 0 });
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(57);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(59);
  });

  it('tells without counting when a key has no request left, and for how long', async () => {
    const key = freshKey('failures');
    const limits = { perSecond: 10, perMinute: 10 };
    expect(await limiter().exhaustedFor(key, limits)).toBeUndefined();
    await burst(limiter(), key, limits, 9);
    // Asking twice counts nothing: one request is still left.
    expect(await limiter().exhaustedFor(key, limits)).toBeUndefined();
    expect(await limiter().exhaustedFor(key, limits)).toBeUndefined();
    expect((await limiter().consume(key, limits)).allowed).toBe(true);
    const wait = await limiter().exhaustedFor(key, limits);
    expect(wait).toBeGreaterThanOrEqual(58);
    expect(wait).toBeLessThanOrEqual(60);
  });

  it('rejects limits that are not positive integers', async () => {
    await expect(limiter().consume(freshKey(), { perSecond: 0, perMinute: 60 })).rejects.toThrow(/positive integers/);
    await expect(limiter().consume(freshKey(), { perSecond: 30, perMinute: Number.NaN })).rejects.toThrow(/positive integers/);
    await expect(limiter().consume('', planLimits.launch)).rejects.toThrow(/non-empty/);
  });
}

import { afterAll, describe, expect, it } from 'vitest';
import { createRateLimiter } from '../src/index.ts';
import { limiterBehaviour } from './behaviour.ts';

describe('rate limiter in memory (one instance)', () => {
  const limiter = createRateLimiter();
  afterAll(() => limiter.close());

  it('keeps its counters in this process', async () => {
    expect(limiter.store).toBe('memory');
    expect(await limiter.ready()).toBe(true);
  });

  limiterBehaviour(() => limiter);

  it('refuses to work once closed', async () => {
    const closed = createRateLimiter();
    await closed.close();
    await expect(closed.consume('tenant:x', { perSecond: 1, perMinute: 1 })).rejects.toThrow(/closed/);
  });
});

import { describe, expect, it } from 'vitest';
import { newId, randomHex } from '../src/ids.ts';

describe('identifiers', () => {
  it('are a prefix and 24 hexadecimal digits, distinct across refills of the random pool', () => {
    // 20,000 ids take 240,000 bytes: about 40 refills of the pool.
    const ids = Array.from({ length: 20_000 }, () => newId('ord'));
    for (const id of ids) expect(id).toMatch(/^ord_[0-9a-f]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('give as many random bytes as asked, even more than the pool holds', () => {
    expect(randomHex(4)).toMatch(/^[0-9a-f]{8}$/);
    const large = randomHex(10_000);
    expect(large).toMatch(/^[0-9a-f]{20000}$/);
    expect(new Set(large.match(/.{24}/g)).size).toBe(Math.floor(20_000 / 24));
    expect(randomHex(12)).toMatch(/^[0-9a-f]{24}$/);
  });
});

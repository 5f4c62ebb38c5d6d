import { describe, expect, it } from 'vitest';
import { MAX_CACHED_DOCUMENT_CHARACTERS, documentCache } from '../src/document-cache.ts';

describe('documentCache', () => {
  it('holds documents up to its characters of source, forgetting the least recently used first', () => {
    const cache = documentCache<{ n: number }>(100);
    const source = (n: number) => `query Q${n} { ${'x'.repeat(30)} }`;
    for (let n = 0; n < 10; n++) cache.set(source(n), { n });
    // 43 characters each: two fit in 100.
    expect([...cache.keys()]).toEqual([source(9), source(8)]);
    cache.get(source(8));
    cache.set(source(10), { n: 10 });
    expect(cache.get(source(8))).toEqual({ n: 8 });
    expect(cache.get(source(9))).toBeUndefined();
  });

  it('does not keep a document longer than the largest it caches', () => {
    const cache = documentCache<{ n: number }>();
    cache.set('a'.repeat(MAX_CACHED_DOCUMENT_CHARACTERS + 1), { n: 1 });
    cache.set('{ a }', { n: 2 });
    expect(cache.size).toBe(1);
    expect(cache.get('{ a }')).toEqual({ n: 2 });
  });
});

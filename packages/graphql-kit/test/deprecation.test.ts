import { describe, expect, it } from 'vitest';
import { deprecationHeaders, parseDeprecation } from '../src/deprecation.ts';

describe('deprecations declared in the @deprecated reason', () => {
  it('reads the day of the deprecation and of the sunset, as the headers give them', () => {
    const deprecation = parseDeprecation('Use `inventory_items`. Deprecated: 2026-12-01. Sunset: 2027-06-30.', 'Query.items');
    expect(deprecation.deprecatedAt.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(deprecationHeaders(deprecation)).toEqual({ deprecation: '@1796083200', sunset: 'Wed, 30 Jun 2027 00:00:00 GMT' });
  });

  it('leaves the sunset out until it is announced', () => {
    const deprecation = parseDeprecation('Deprecated: 2026-12-01.', 'Query.items');
    expect(deprecation.sunsetAt).toBeUndefined();
    expect(deprecationHeaders(deprecation)).toEqual({ deprecation: '@1796083200' });
  });

  it.each([
    ['No longer supported', 'must end with'],
    ['Use `x`. Deprecated: 1 December 2026.', 'must end with'],
    ['Use `x`. Sunset: 2027-06-30. Deprecated: 2026-12-01.', 'must end with'],
    ['Use `x`.Deprecated: 2026-12-01.', 'must end with'],
    ['Deprecated: 2026-02-30.', 'not a calendar day'],
    ['Deprecated: 2026-12-01. Sunset: 2027-05-29.', 'less than 180 days'],
  ])('refuses "%s": a declaration error, not a request error', (reason, why) => {
    expect(() => parseDeprecation(reason, 'Query.items')).toThrow(why);
  });

  it('accepts a sunset exactly 180 days after the deprecation', () => {
    expect(parseDeprecation('Deprecated: 2026-12-01. Sunset: 2027-05-30.', 'Query.items').sunsetAt?.toISOString()).toBe('2027-05-30T00:00:00.000Z');
  });
});

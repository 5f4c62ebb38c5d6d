import { describe, expect, it } from 'vitest';
import { EXPRESSION_LIMITS, cronProblem, isTimeZone, latestScheduledTime, nextScheduledTime, parseExpression } from '../src/index.ts';

function compiled(source: string) {
  const parse = parseExpression(source);
  if (!parse.ok) throw new Error(parse.message);
  return parse.expression;
}

describe('guarded expressions', () => {
  it('evaluate against the input with the bindings as variables', async () => {
    expect(await compiled('quantity * $factor').evaluate({ quantity: 3 }, { factor: 2 })).toEqual({ ok: true, value: 6 });
    expect(await compiled('input.data.id & "/" & $item').evaluate({ input: { data: { id: 'SKU-1' } } }, { item: 'a' })).toEqual({ ok: true, value: 'SKU-1/a' });
  });

  it('refuse what cannot be parsed, regular expressions, and overlong sources, with a reason', () => {
    expect(parseExpression('quantity *')).toMatchObject({ ok: false, code: 'expression_invalid', message: expect.stringMatching(/^position \d+: /) });
    expect(parseExpression('$match(name, /a+/)')).toMatchObject({ ok: false, code: 'expression_not_allowed' });
    expect(parseExpression('"'.padEnd(EXPRESSION_LIMITS.expressionLength + 1, 'x'))).toMatchObject({ ok: false, code: 'expression_too_long' });
    expect(parseExpression(42)).toMatchObject({ ok: false, code: 'expression_invalid' });
  });

  it('stop an evaluation that runs away, without throwing', async () => {
    const evaluation = await compiled('($f := function($n) { $f($n + 1) }; $f(0))').evaluate({});
    expect(evaluation).toEqual({ ok: false, message: expect.stringMatching(/too deep|took too long/) });
  });
});

describe('schedules', () => {
  it('take five cron fields in an IANA time zone, daylight saving included', () => {
    expect(cronProblem('0 9 * * 1-5')).toBeUndefined();
    expect(cronProblem('* * * * * *')).toMatch(/five fields/);
    expect(cronProblem('0 25 * * *')).toMatch(/not a cron expression/);
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    // 09:00 in Paris is 08:00 UTC in winter, 07:00 UTC in summer.
    expect(nextScheduledTime({ cron: '0 9 * * *', timeZone: 'Europe/Paris' }, new Date('2026-01-10T12:00:00Z')).toISOString()).toBe('2026-01-11T08:00:00.000Z');
    expect(nextScheduledTime({ cron: '0 9 * * *', timeZone: 'Europe/Paris' }, new Date('2026-07-10T12:00:00Z')).toISOString()).toBe('2026-07-11T07:00:00.000Z');
    expect(latestScheduledTime({ cron: '0 9 * * *', timeZone: 'Europe/Paris' }, new Date('2026-07-10T12:00:00Z')).toISOString()).toBe('2026-07-10T07:00:00.000Z');
    expect(latestScheduledTime({ cron: '0 9 * * *', timeZone: 'Europe/Paris' }, new Date('2026-07-10T07:00:00Z')).toISOString()).toBe('2026-07-10T07:00:00.000Z');
  });
});

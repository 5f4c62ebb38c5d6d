import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_SCHEDULE_SECONDS, nextRetryDelaySeconds } from '../src/webhooks/retry-schedule.ts';
import { checkEndpointUrl, isAllowedAddress } from '../src/webhooks/url-policy.ts';

const publicOnly = { allowedPrivateNetworks: [], requireHttps: true };

describe('webhook endpoint URL policy', () => {
  it.each([
    ['http://example.com/hooks', 'must use https for a production tenant'],
    ['ftp://example.com/hooks', 'must use https (or http for sandbox tenants)'],
    ['https://user:pass@example.com/hooks', 'must not carry credentials; verify our signature instead'],
    ['not a url', 'must be an absolute http(s) URL'],
    ['https://10.0.0.5/hooks', 'resolves to 10.0.0.5, a private or reserved address; webhook endpoints must be public'],
    ['https://192.168.1.10/hooks', 'resolves to 192.168.1.10, a private or reserved address; webhook endpoints must be public'],
    ['https://169.254.169.254/latest/meta-data', 'resolves to 169.254.169.254, a private or reserved address; webhook endpoints must be public'],
    ['https://127.0.0.1:8080/hooks', 'resolves to 127.0.0.1, a private or reserved address; webhook endpoints must be public'],
    ['https://[::1]/hooks', 'resolves to ::1, a private or reserved address; webhook endpoints must be public'],
    ['https://[fd00::1]/hooks', 'resolves to fd00::1, a private or reserved address; webhook endpoints must be public'],
    ['https://[::ffff:10.0.0.1]/hooks', 'resolves to ::ffff:a00:1, a private or reserved address; webhook endpoints must be public'],
    ['https://localhost/hooks', 'resolves to 127.0.0.1, a private or reserved address; webhook endpoints must be public'],
  ])('refuses %s', async (url, reason) => {
    expect(await checkEndpointUrl(url, publicOnly)).toEqual({ ok: false, reason });
  });

  it('accepts a public address, and a private network only when the operator allows it', async () => {
    expect((await checkEndpointUrl('https://93.184.215.14/hooks', publicOnly)).ok).toBe(true);
    expect((await checkEndpointUrl('http://127.0.0.1:9000/hooks', { allowedPrivateNetworks: ['127.0.0.0/8'], requireHttps: false })).ok).toBe(true);
    expect(isAllowedAddress('10.0.0.1', { allowedPrivateNetworks: ['127.0.0.0/8'] })).toBe(false);
  });
});

describe('retry schedule', () => {
  it('retries nine times after the first attempt, over a little more than three days', () => {
    expect(DEFAULT_RETRY_SCHEDULE_SECONDS).toHaveLength(9);
    const total = DEFAULT_RETRY_SCHEDULE_SECONDS.reduce((sum, seconds) => sum + seconds, 0);
    expect(total / 86_400).toBeGreaterThan(3);
    expect(total / 86_400).toBeLessThan(3.5);
    expect([1, 2, 3, 9, 10].map((attempts) => nextRetryDelaySeconds(attempts))).toEqual([5, 300, 1800, 86_400, undefined]);
  });
});

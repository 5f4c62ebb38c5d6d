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
    ['https://[::ffff:127.0.0.1]/hooks', 'resolves to ::ffff:7f00:1, a private or reserved address; webhook endpoints must be public'],
    ['https://0x7f000001/hooks', 'resolves to 127.0.0.1, a private or reserved address; webhook endpoints must be public'],
    ['https://2130706433/hooks', 'resolves to 127.0.0.1, a private or reserved address; webhook endpoints must be public'],
    ['https://0177.0.0.1/hooks', 'resolves to 127.0.0.1, a private or reserved address; webhook endpoints must be public'],
    ['https://localhost/hooks', 'resolves to 127.0.0.1, a private or reserved address; webhook endpoints must be public'],
  ])('refuses %s', async (url, reason) => {
    expect(await checkEndpointUrl(url, publicOnly)).toEqual({ ok: false, reason });
  });

  it('accepts a public address, and a private network only when the operator allows it', async () => {
    expect((await checkEndpointUrl('https://93.184.215.14/hooks', publicOnly)).ok).toBe(true);
    expect((await checkEndpointUrl('http://127.0.0.1:9000/hooks', { allowedPrivateNetworks: ['127.0.0.0/8'], requireHttps: false })).ok).toBe(true);
    expect(isAllowedAddress('10.0.0.1', { allowedPrivateNetworks: ['127.0.0.0/8'] })).toBe(false);
  });

  it('returns the parsed URL of an accepted endpoint', async () => {
    const verdict = await checkEndpointUrl('https://93.184.215.14:8443/hooks?source=platform', publicOnly);
    expect(verdict.ok && verdict.url.href).toBe('https://93.184.215.14:8443/hooks?source=platform');
  });

  it('refuses a URL carrying only a user name, or only a password', async () => {
    // Checked before any lookup: the host is a public address, so only the credentials are at fault.
    for (const url of ['https://user@93.184.215.14/hooks', 'https://:secret@93.184.215.14/hooks']) {
      expect(await checkEndpointUrl(url, publicOnly), url).toEqual({ ok: false, reason: 'must not carry credentials; verify our signature instead' });
    }
  });

  it('refuses a host that does not resolve (it cannot be checked, so it is not trusted)', async () => {
    // .invalid never resolves (RFC 6761).
    expect(await checkEndpointUrl('https://nothing.invalid/hooks', publicOnly)).toEqual({ ok: false, reason: 'host nothing.invalid does not resolve' });
  });

  it('checks every address a host name resolves to', async () => {
    expect(await checkEndpointUrl('http://localhost:9000/hooks', { allowedPrivateNetworks: [], requireHttps: false })).toEqual({ ok: false, reason: 'resolves to 127.0.0.1, a private or reserved address; webhook endpoints must be public' });
    expect((await checkEndpointUrl('http://localhost:9000/hooks', { allowedPrivateNetworks: ['127.0.0.0/8', '::1/128'], requireHttps: false })).ok).toBe(true);
  });

  it('accepts URLs of up to 2048 characters', async () => {
    const base = 'https://93.184.215.14/hooks?pad=';
    expect((await checkEndpointUrl(base + 'a'.repeat(2048 - base.length), publicOnly)).ok).toBe(true);
    expect(await checkEndpointUrl(base + 'a'.repeat(2049 - base.length), publicOnly)).toEqual({ ok: false, reason: 'must be at most 2048 characters' });
  });

  it('lets sandbox tenants use http, and still nothing but http(s)', async () => {
    const sandbox = { allowedPrivateNetworks: [], requireHttps: false };
    expect((await checkEndpointUrl('http://93.184.215.14/hooks', sandbox)).ok).toBe(true);
    expect((await checkEndpointUrl('https://93.184.215.14/hooks', sandbox)).ok).toBe(true);
    expect(await checkEndpointUrl('ftp://93.184.215.14/hooks', sandbox)).toEqual({ ok: false, reason: 'must use https (or http for sandbox tenants)' });
    expect(await checkEndpointUrl('file:///etc/passwd', sandbox)).toEqual({ ok: false, reason: 'must use https (or http for sandbox tenants)' });
  });
});

describe('addresses webhooks may reach', () => {
  const none = { allowedPrivateNetworks: [] };
  const loopback = { allowedPrivateNetworks: ['127.0.0.0/8'] };

  it('are the public unicast addresses, IPv4 and IPv6', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:2800:21f:cb07:6820:80da:af6b:8b2c']) expect(isAllowedAddress(address, none), address).toBe(true);
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '255.255.255.255', '224.0.0.1', '::1', '::', 'fe80::1', 'fd00::1', 'ff02::1']) {
      expect(isAllowedAddress(address, none), address).toBe(false);
    }
  });

  it('judge an IPv4-mapped IPv6 address as the IPv4 address it maps to', () => {
    // ::ffff:127.0.0.1 is loopback whatever the spelling: refused unless loopback is allowed, like 127.0.0.1.
    expect(isAllowedAddress('::ffff:127.0.0.1', none)).toBe(false);
    expect(isAllowedAddress('::ffff:7f00:1', none)).toBe(false);
    expect(isAllowedAddress('::ffff:169.254.169.254', none)).toBe(false);
    expect(isAllowedAddress('::ffff:127.0.0.1', loopback)).toBe(true);
    expect(isAllowedAddress('::ffff:10.0.0.1', loopback)).toBe(false);
    expect(isAllowedAddress('::ffff:93.184.215.14', none)).toBe(true);
  });

  it('include a private network the operator allows, and only it, in its own address family', () => {
    expect(isAllowedAddress('127.0.0.1', loopback)).toBe(true);
    expect(isAllowedAddress('127.255.0.9', loopback)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', loopback)).toBe(false);
    // An IPv6 address against IPv4 networks (and the converse) is simply not in them.
    expect(isAllowedAddress('::1', loopback)).toBe(false);
    expect(isAllowedAddress('fd00::1', { allowedPrivateNetworks: ['10.0.0.0/8', 'fd00::/8'] })).toBe(true);
    expect(isAllowedAddress('10.0.0.1', { allowedPrivateNetworks: ['fd00::/8', '10.0.0.0/8'] })).toBe(true);
    expect(isAllowedAddress('192.168.1.1', { allowedPrivateNetworks: ['fd00::/8', '10.0.0.0/8'] })).toBe(false);
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

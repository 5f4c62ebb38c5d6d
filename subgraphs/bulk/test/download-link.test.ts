import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { downloadLinkKey, signDownloadToken, verifyDownloadToken } from '../src/download-link.ts';

const key = downloadLinkKey(randomBytes(32));
const now = new Date('2030-01-01T00:00:00Z');
const grant = { tenantId: 'ten_a', exportId: 'exp_1', expiresAt: new Date(now.getTime() + 3600_000) };

describe('download links', () => {
  it('grant the export to the tenant they were signed for until they expire', () => {
    const token = signDownloadToken(key, grant);
    expect(verifyDownloadToken(key, 'exp_1', token, now)).toEqual({ ok: true, tenantId: 'ten_a' });
    expect(verifyDownloadToken(key, 'exp_1', token, new Date(grant.expiresAt.getTime()))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuse a token of another export, another key, or altered in any part', () => {
    const token = signDownloadToken(key, grant);
    const [expiry, tenant, mac] = token.split('.') as [string, string, string];
    expect(verifyDownloadToken(key, 'exp_2', token, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyDownloadToken(downloadLinkKey(randomBytes(32)), 'exp_1', token, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyDownloadToken(key, 'exp_1', `${Number(expiry) + 3600}.${tenant}.${mac}`, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyDownloadToken(key, 'exp_1', `${expiry}.${Buffer.from('ten_b').toString('base64url')}.${mac}`, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyDownloadToken(key, 'exp_1', `${expiry}.${tenant}.${mac.slice(0, -2)}AA`, now)).toEqual({ ok: false, reason: 'invalid' });
    for (const malformed of ['', 'a.b', 'x.y.z', `${token}.extra`]) expect(verifyDownloadToken(key, 'exp_1', malformed, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuse an expired token even when it was signed', () => {
    const expired = signDownloadToken(key, { ...grant, expiresAt: new Date(now.getTime() - 1000) });
    expect(verifyDownloadToken(key, 'exp_1', expired, now)).toEqual({ ok: false, reason: 'expired' });
  });
});

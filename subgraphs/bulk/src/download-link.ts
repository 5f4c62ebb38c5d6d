import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Download links of exports, signed like S3's pre-signed URLs: the token names the tenant and the
 * expiry and carries an HMAC-SHA256 of both with the export id, under a key derived from the
 * platform's secrets key. Nothing is stored per link, any instance verifies it, and whoever holds
 * the link may download the file until it expires, without a bearer credential.
 */

/** The key that signs download links: derived from the secrets key, so no other use of that key can produce a link. */
export function downloadLinkKey(secretsKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'platform bulk export downloads', 32));
}

export interface DownloadGrant {
  tenantId: string;
  exportId: string;
  expiresAt: Date;
}

const EXPIRY = /^[0-9]{1,12}$/;

/** `<expiry, unix seconds>.<tenant, base64url>.<signature, base64url>` */
export function signDownloadToken(key: Buffer, grant: DownloadGrant): string {
  const payload = `${Math.floor(grant.expiresAt.getTime() / 1000)}.${Buffer.from(grant.tenantId).toString('base64url')}`;
  return `${payload}.${signature(key, payload, grant.exportId)}`;
}

export type DownloadTokenCheck = { ok: true; tenantId: string } | { ok: false; reason: 'invalid' | 'expired' };

/** The tenant a token grants the export's download to, unless it was altered, signed for another export, or expired. */
export function verifyDownloadToken(key: Buffer, exportId: string, token: string, now: Date): DownloadTokenCheck {
  const parts = token.split('.');
  const [expiry, tenant, mac] = parts;
  if (parts.length !== 3 || expiry === undefined || tenant === undefined || mac === undefined || !EXPIRY.test(expiry)) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(signature(key, `${expiry}.${tenant}`, exportId));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  if (Number(expiry) * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, tenantId: Buffer.from(tenant, 'base64url').toString() };
}

function signature(key: Buffer, payload: string, exportId: string): string {
  return createHmac('sha256', key).update(`${payload}.${exportId}`).digest('base64url');
}

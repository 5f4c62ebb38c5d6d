import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A credential secret: a readable prefix (what it is, which environment) and 256 random bits. */
export function generateSecret(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`;
}

/**
 * SHA-256 of the secret. The secrets are random 256-bit values, not passwords, so a slow hash
 * (bcrypt, argon2) adds nothing against guessing and would make every token exchange cost
 * tens of milliseconds of CPU, an easy denial of service.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function secretMatches(secret: string, expectedHash: string): boolean {
  const actual = Buffer.from(hashSecret(secret), 'hex');
  const expected = Buffer.from(expectedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateSecret, hashSecret, secretMatches } from '../src/secrets.ts';

describe('credential secrets', () => {
  it('are the prefix, an underscore and 256 random bits in base64url, never twice the same', () => {
    const secrets = Array.from({ length: 20 }, () => generateSecret('cs_live'));
    for (const secret of secrets) {
      expect(secret).toMatch(/^cs_live_[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(secret.slice('cs_live_'.length), 'base64url')).toHaveLength(32);
    }
    expect(new Set(secrets).size).toBe(secrets.length);
  });

  it('are stored as their SHA-256 in hex, never as themselves', () => {
    // FIPS 180-2 test vector.
    expect(hashSecret('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const secret = generateSecret('sk_test');
    expect(hashSecret(secret)).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(hashSecret(secret)).not.toContain(secret.slice(8));
  });

  it('match only the secret that was hashed', () => {
    const secret = generateSecret('sk_live');
    const stored = hashSecret(secret);
    expect(secretMatches(secret, stored)).toBe(true);
    expect(secretMatches(generateSecret('sk_live'), stored)).toBe(false);
    // One character off, and the stored hash itself presented as the secret.
    expect(secretMatches(`${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`, stored)).toBe(false);
    expect(secretMatches(stored, stored)).toBe(false);
  });

  it('refuse, without throwing, a stored hash of another length (truncated, empty or not hex)', () => {
    const secret = generateSecret('sk_live');
    const stored = hashSecret(secret);
    expect(secretMatches(secret, stored.slice(0, 32))).toBe(false);
    expect(secretMatches(secret, `${stored}00`)).toBe(false);
    expect(secretMatches(secret, '')).toBe(false);
    expect(secretMatches(secret, 'not a hash')).toBe(false);
  });
});

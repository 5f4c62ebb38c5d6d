import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { ApiError } from '@platform/errors';

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 128;
/** zxcvbn's 0-4 scale; 3 is "safely unguessable: moderate protection from offline slow-hash scenario". */
const MIN_STRENGTH_SCORE = 3;

/**
 * Passwords are compared as Unicode NFKC (OWASP ASVS 4 §2.3.1 allows any character): a password
 * typed on another keyboard or system that composes characters differently still matches.
 */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC');
}

/**
 * Argon2id (the library's defaults are OWASP's minimum: 19 MiB of memory, 2 passes, 1 lane; about
 * 50 ms here), as a PHC string carrying its own parameters and salt, so they can be raised later
 * without invalidating stored hashes.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(normalizePassword(password));
}

export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, normalizePassword(password));
  } catch {
    // A malformed stored hash never matches; it is not the person's fault.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a hash of nothing anyone knows: a sign-in for an unknown e-mail (or a user
 * without a password) then costs what a wrong password costs, so timing does not tell them apart.
 */
export async function spendPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hash(randomBytes(32).toString('base64url'));
  await passwordMatches(await dummyHash, password);
}

const commonPasswords = new Set(dictionary['passwords-common']);
let estimator: ZxcvbnFactory | undefined;

/**
 * Why a new password is refused, or undefined when it is accepted. OWASP ASVS 4 §2.1: at least 12
 * characters and at most 128 (counted as characters after normalisation), no composition rules
 * (they make passwords predictable, not strong), not a commonly used or breached password (the
 * list of zxcvbn-ts: about 50,000 of the most frequent passwords of breaches, offline), not built
 * on the person's own e-mail address, and not easily guessed (zxcvbn's score at least 3, which
 * catches keyboard walks, dates, repeats and dictionary words with the usual substitutions).
 */
export function passwordWeakness(password: string, email: string): string | undefined {
  const normalized = normalizePassword(password);
  const length = [...normalized].length;
  if (length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters long (it has ${length}); a few unrelated words make a long password easy to remember`;
  if (length > MAX_PASSWORD_LENGTH) return `must be at most ${MAX_PASSWORD_LENGTH} characters long (it has ${length})`;
  const lowered = normalized.toLowerCase();
  if (commonPasswords.has(lowered)) return 'is one of the most commonly used passwords, which attackers try first; choose another';
  const localPart = email.split('@')[0]?.toLowerCase() ?? '';
  if (localPart.length >= 3 && lowered.includes(localPart)) return 'must not contain your e-mail address or its name part';
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  const { score } = estimator.check(normalized, [email, localPart]);
  if (score < MIN_STRENGTH_SCORE) return 'is too easy to guess (it follows a common pattern, word or sequence); add more unrelated words or characters';
  return undefined;
}

/** Refuses a weak new password with 400 `weak_password` naming `field` and saying why. */
export function assertStrongPassword(password: string, email: string, field = 'password'): void {
  const weakness = passwordWeakness(password, email);
  if (weakness) throw new ApiError('weak_password', `The ${field.replace('_', ' ')} ${weakness}.`, { errors: [{ field, message: weakness }] });
}

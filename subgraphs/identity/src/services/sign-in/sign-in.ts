import type { Db, User } from '@platform/db';
import { ApiError } from '@platform/errors';
import { AccountLocked, clearFailedSignIns, lockedFor, recordFailedSignIn } from './lockout.ts';
import { passwordMatches, spendPasswordCheck } from './passwords.ts';
import { USER_TOKEN_LIFETIMES, consumeUserToken, findUserToken, issueUserToken } from './one-time-tokens.ts';
import { type SecretSealer, claimTotpStep, totpStep } from './totp.ts';

/** What a correct password leads to: a session now, or first the authenticator code. */
export type PasswordSignIn = { status: 'signed_in'; user: User } | { status: 'totp_required'; user: User; challengeToken: string; expiresIn: number };

/** The one answer to every wrong tenant, e-mail, password or person who cannot sign in. */
export function invalidCredentials(): ApiError {
  return new ApiError('invalid_credentials', 'The tenant, e-mail address or password is not right, or this person cannot sign in.');
}

export function invalidTotpCode(): ApiError {
  return new ApiError('invalid_totp_code', 'The authenticator code is not right, has expired or was already used.', { errors: [{ field: 'code', message: 'not right, expired or already used' }] });
}

/**
 * Signs a person in with their e-mail and password in a tenant. Whatever is wrong (no such tenant
 * or e-mail, a wrong password, an invited or deactivated user, no password set), the answer is
 * the same `invalid_credentials`, after the same Argon2 work. A wrong password counts toward the
 * user's lockout; while locked out, even the right password is refused with `account_locked`.
 */
export async function signInWithPassword(prisma: Db, input: { tenantId: string; email: string; password: string }, now = new Date()): Promise<PasswordSignIn> {
  const user = await prisma.user.findUnique({ where: { tenant_id_email: { tenant_id: input.tenantId, email: input.email.trim().toLowerCase() } } });
  const lockout = user && lockedFor(user, now);
  if (lockout) throw new AccountLocked(lockout);
  if (!user?.password_hash) {
    await spendPasswordCheck(input.password);
    throw invalidCredentials();
  }
  if (!(await passwordMatches(user.password_hash, input.password))) {
    await recordFailedSignIn(prisma, user.tenant_id, user.id);
    throw invalidCredentials();
  }
  if (user.status !== 'active') throw invalidCredentials();
  if (user.totp_enabled_at) {
    const { token } = await issueUserToken(prisma, { tenantId: user.tenant_id, userId: user.id, purpose: 'totp_challenge' }, now);
    return { status: 'totp_required', user, challengeToken: token, expiresIn: USER_TOKEN_LIFETIMES.totp_challenge };
  }
  await clearFailedSignIns(prisma, user.tenant_id, user.id);
  return { status: 'signed_in', user };
}

/**
 * The second step of a sign-in with TOTP: the challenge a correct password earned, and a code of
 * the user's authenticator not used before. A wrong code counts toward the lockout; the challenge
 * stays usable (for its five minutes) until a right code uses it up.
 */
export async function completeTotpSignIn(prisma: Db, sealer: SecretSealer, input: { challengeToken: string; code: string }, now = new Date()): Promise<User> {
  const challenge = await findUserToken(prisma, input.challengeToken, 'totp_challenge', now);
  const user = await prisma.user.findUniqueOrThrow({ where: { tenant_id_id: { tenant_id: challenge.tenant_id, id: challenge.user_id } } });
  if (user.status !== 'active' || !user.totp_enabled_at) throw invalidCredentials();
  const lockout = lockedFor(user, now);
  if (lockout) throw new AccountLocked(lockout);
  await acceptTotpCode(prisma, sealer, user, input.code, now);
  await consumeUserToken(prisma, challenge, now);
  await clearFailedSignIns(prisma, user.tenant_id, user.id);
  return user;
}

/**
 * Accepts an authenticator code of the user's secret (enrolled or pending), once: otherwise
 * counts a failure toward the lockout and refuses it with `invalid_totp_code`.
 */
export async function acceptTotpCode(prisma: Db, sealer: SecretSealer, user: User, code: string, now = new Date()): Promise<void> {
  const step = totpStep(sealer, user, code, now.getTime());
  if (step === undefined || !(await claimTotpStep(prisma, user, step))) {
    await recordFailedSignIn(prisma, user.tenant_id, user.id);
    throw invalidTotpCode();
  }
}

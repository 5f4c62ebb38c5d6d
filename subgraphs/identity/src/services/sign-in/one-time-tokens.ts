import { randomBytes } from 'node:crypto';
import { hashSecret } from '@platform/auth';
import { type Db, type UserToken, newId } from '@platform/db';
import { ApiError } from '@platform/errors';

/** What a one-time token is for (`UserToken.purpose`), and how long each lasts. */
export const USER_TOKEN_LIFETIMES = {
  invitation: 7 * 24 * 3600,
  password_reset: 3600,
  /** Between a correct password and its authenticator code. */
  totp_challenge: 300,
} as const;
export type UserTokenPurpose = keyof typeof USER_TOKEN_LIFETIMES;

/**
 * Issues a one-time token (256 random bits, shown once; only its SHA-256 is stored). Tokens of the
 * same purpose issued earlier for the user stop working: only the latest link sent works.
 */
export async function issueUserToken(prisma: Db, input: { tenantId: string; userId: string; purpose: UserTokenPurpose }, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + USER_TOKEN_LIFETIMES[input.purpose] * 1000);
  await prisma.userToken.updateMany({ where: { tenant_id: input.tenantId, user_id: input.userId, purpose: input.purpose, used_at: null }, data: { used_at: now } });
  await prisma.userToken.create({ data: { id: newId('utk'), tenant_id: input.tenantId, user_id: input.userId, purpose: input.purpose, token_hash: hashSecret(token), created_at: now, expires_at: expiresAt } });
  return { token, expiresAt };
}

/** The unused, unexpired token of this purpose; otherwise 400 `sign_in_token_invalid` (the same whatever was wrong). */
export async function findUserToken(prisma: Db, token: string, purpose: UserTokenPurpose, now = new Date()): Promise<UserToken> {
  const row = token ? await prisma.userToken.findUnique({ where: { token_hash: hashSecret(token) } }) : null;
  if (!row || row.purpose !== purpose || row.used_at !== null || row.expires_at <= now) throw invalidToken(purpose);
  return row;
}

/** Uses the token up, in one conditional statement: of two requests racing with it, one wins. */
export async function consumeUserToken(prisma: Db, row: UserToken, now = new Date()): Promise<void> {
  const { count } = await prisma.userToken.updateMany({ where: { id: row.id, used_at: null, expires_at: { gt: now } }, data: { used_at: now } });
  if (count === 0) throw invalidToken(row.purpose as UserTokenPurpose);
}

function invalidToken(purpose: UserTokenPurpose): ApiError {
  const what = { invitation: 'invitation link', password_reset: 'password-reset link', totp_challenge: 'sign-in step' }[purpose];
  return new ApiError('sign_in_token_invalid', `This ${what} is unknown, expired or already used; ${purpose === 'totp_challenge' ? 'sign in again' : 'ask for a new one'}.`, { errors: [{ field: purpose === 'totp_challenge' ? 'challenge_token' : 'token', message: 'unknown, expired or already used' }] });
}

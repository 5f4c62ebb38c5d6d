import type { Db } from '@platform/db';
import { ApiError } from '@platform/errors';

/** Consecutive failed sign-ins (wrong password or wrong code) that lock a person out. */
export const MAX_FAILED_SIGN_INS = 5;
export const LOCKOUT_MINUTES = 15;

/** Seconds left of a lockout, or undefined when the user is not locked out. */
export function lockedFor(user: { locked_until: Date | null }, now = new Date()): number | undefined {
  if (!user.locked_until || user.locked_until <= now) return undefined;
  return Math.ceil((user.locked_until.getTime() - now.getTime()) / 1000);
}

/** 429 `account_locked`; the edge sends `retryAfterSeconds` as Retry-After. */
export class AccountLocked extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super('account_locked', `Too many failed sign-ins: signing in is refused for ${retryAfterSeconds} more seconds, or until the password is reset.`);
  }
}

/**
 * Counts a failed sign-in of a user, in one statement (concurrent guesses each count). The fifth
 * in a row locks the user out for 15 minutes and starts the count again, so that after a lockout
 * the person has five attempts again.
 */
export async function recordFailedSignIn(prisma: Db, tenantId: string, userId: string): Promise<void> {
  await prisma.$executeRaw`
    UPDATE users SET
      locked_until = CASE WHEN failed_sign_ins + 1 >= ${MAX_FAILED_SIGN_INS} THEN now() + make_interval(mins => ${LOCKOUT_MINUTES}::int) ELSE locked_until END,
      failed_sign_ins = CASE WHEN failed_sign_ins + 1 >= ${MAX_FAILED_SIGN_INS} THEN 0 ELSE failed_sign_ins + 1 END
    WHERE tenant_id = ${tenantId} AND id = ${userId}`;
}

/** A successful sign-in (or a password reset) clears the count and any lockout. */
export async function clearFailedSignIns(prisma: Db, tenantId: string, userId: string): Promise<void> {
  await prisma.user.updateMany({ where: { tenant_id: tenantId, id: userId, OR: [{ failed_sign_ins: { gt: 0 } }, { locked_until: { not: null } }] }, data: { failed_sign_ins: 0, locked_until: null } });
}

import type { Db, User } from '@platform/db';
import { ApiError } from '@platform/errors';
import { AccountLocked, lockedFor, recordFailedSignIn } from './lockout.ts';
import { assertStrongPassword, hashPassword, passwordMatches } from './passwords.ts';
import { revokeSessions } from './sessions.ts';
import { acceptTotpCode } from './sign-in.ts';
import { type SecretSealer, newTotpSecret } from './totp.ts';

/** Refuses what needs a proof (a password, a code) while the user is locked out. */
function assertNotLocked(user: User, now: Date): void {
  const lockout = lockedFor(user, now);
  if (lockout) throw new AccountLocked(lockout);
}

/**
 * A signed-in person changes their password: the current one proves it is them (a wrong one
 * counts toward the lockout), the new one must be strong. Their other sessions end; the ids of
 * those ended are returned (the edge forgets their tokens at once).
 */
export async function changePassword(prisma: Db, user: User, currentSessionId: string, input: { currentPassword: string; newPassword: string }, now = new Date()): Promise<string[]> {
  assertNotLocked(user, now);
  if (!user.password_hash || !(await passwordMatches(user.password_hash, input.currentPassword))) {
    await recordFailedSignIn(prisma, user.tenant_id, user.id);
    throw new ApiError('invalid_credentials', 'The current password is not right.', { errors: [{ field: 'current_password', message: 'is not your current password' }] });
  }
  assertStrongPassword(input.newPassword, user.email, 'new_password');
  await prisma.user.update({ where: { tenant_id_id: { tenant_id: user.tenant_id, id: user.id } }, data: { password_hash: await hashPassword(input.newPassword), password_changed_at: now } });
  return revokeSessions(prisma, { tenant_id: user.tenant_id, user_id: user.id, id: { not: currentSessionId } }, now);
}

/**
 * Starts enrolling an authenticator: a new secret, kept sealed and pending (not required at
 * sign-in) until a code of it is confirmed. Refused while TOTP is on: turn it off first.
 */
export async function beginTotpSetup(prisma: Db, sealer: SecretSealer, user: User): Promise<{ secret: string; otpauthUri: string }> {
  if (user.totp_enabled_at) throw new ApiError('invalid_state', 'Two-step sign-in is already on; turn it off first to enrol another authenticator.');
  const enrolment = newTotpSecret(user.email);
  await prisma.user.update({ where: { tenant_id_id: { tenant_id: user.tenant_id, id: user.id } }, data: { totp_secret_sealed: sealer.seal(enrolment.secret), totp_last_step: null } });
  return enrolment;
}

/** Confirms the pending authenticator with one of its codes: from now on, signing in needs a code. */
export async function confirmTotp(prisma: Db, sealer: SecretSealer, user: User, code: string, now = new Date()): Promise<void> {
  if (user.totp_enabled_at) throw new ApiError('invalid_state', 'Two-step sign-in is already on.');
  if (!user.totp_secret_sealed) throw new ApiError('invalid_state', 'No authenticator is being enrolled; start with POST /auth/totp/setup.');
  assertNotLocked(user, now);
  await acceptTotpCode(prisma, sealer, user, code, now);
  await prisma.user.update({ where: { tenant_id_id: { tenant_id: user.tenant_id, id: user.id } }, data: { totp_enabled_at: now } });
}

/** Turns TOTP off, proven by a current code of the authenticator. */
export async function disableTotp(prisma: Db, sealer: SecretSealer, user: User, code: string, now = new Date()): Promise<void> {
  if (!user.totp_enabled_at) throw new ApiError('invalid_state', 'Two-step sign-in is not on.');
  assertNotLocked(user, now);
  await acceptTotpCode(prisma, sealer, user, code, now);
  await prisma.user.update({ where: { tenant_id_id: { tenant_id: user.tenant_id, id: user.id } }, data: { totp_enabled_at: null, totp_secret_sealed: null, totp_last_step: null } });
}

/**
 * The same person's user in the tenant's pair (production ↔ sandbox), by e-mail: switching
 * environments needs an active user there (otherwise 403 `no_access_to_tenant`), not locked out,
 * and that user's authenticator code when it has two-factor authentication (a wrong one counts
 * toward its lockout).
 */
export async function pairedUser(prisma: Db, sealer: SecretSealer, user: User, request: { environment: 'production' | 'sandbox'; code?: string | undefined }, now = new Date()): Promise<User> {
  const { environment } = request;
  const tenant = await prisma.tenant.findUniqueOrThrow({ where: { id: user.tenant_id }, select: { environment: true, paired_tenant_id: true } });
  const targetTenantId = tenant.environment === environment ? user.tenant_id : tenant.paired_tenant_id;
  const target = await prisma.user.findUnique({ where: { tenant_id_email: { tenant_id: targetTenantId, email: user.email } } });
  if (!target || target.status !== 'active') throw new ApiError('no_access_to_tenant', `You have no active user in this account's ${environment} tenant; an administrator of it can invite you.`);
  // A switch never lowers what signing in to the target asks for: its lockout holds, and its second factor is asked for.
  assertNotLocked(target, now);
  if (target.totp_enabled_at && target.id !== user.id) {
    if (!request.code) throw new ApiError('invalid_totp_code', `Your ${environment} user has two-factor authentication: send its authenticator code to switch.`, { errors: [{ field: 'code', message: 'is required: the user switched to has two-factor authentication' }] });
    await acceptTotpCode(prisma, sealer, target, request.code, now);
  }
  return target;
}

/**
 * Ends every session of the person: of this user, and of the user with the same e-mail in the
 * paired tenant (the other environment of the same account). Returns the ended sessions' ids.
 */
export async function signOutEverywhere(prisma: Db, user: User): Promise<string[]> {
  const tenant = await prisma.tenant.findUniqueOrThrow({ where: { id: user.tenant_id }, select: { paired_tenant_id: true } });
  return revokeSessions(prisma, {
    OR: [
      { tenant_id: user.tenant_id, user_id: user.id },
      { tenant_id: tenant.paired_tenant_id, user: { email: user.email } },
    ],
  });
}

import { type Db, type User, inTransaction } from '@platform/db';
import { ApiError } from '@platform/errors';
import { clearFailedSignIns } from './lockout.ts';
import { assertStrongPassword, hashPassword } from './passwords.ts';
import { consumeUserToken, findUserToken, issueUserToken } from './one-time-tokens.ts';
import { revokeUserSessions } from './sessions.ts';

/** A link a person opens in the console: the token travels in the fragment, which browsers never send to a server (nor in `Referer`). */
export interface SignInLink {
  user_id: string;
  url: string;
  expires_at: Date;
}

/** Where the console's invitation and password-reset pages are. */
export const CONSOLE_LINKS = { invitation: '/console/accept-invitation', password_reset: '/console/reset-password' } as const;

function linkTo(publicUrl: string, purpose: keyof typeof CONSOLE_LINKS, token: string): string {
  return `${publicUrl}${CONSOLE_LINKS[purpose]}#token=${token}`;
}

async function requireUser(prisma: Db, tenantId: string, id: string): Promise<User> {
  const user = await prisma.user.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id } } });
  if (!user) throw new ApiError('not_found', `No user ${id} exists in this tenant.`);
  return user;
}

/** A new invitation link for an invited user (7 days; an earlier link stops working). */
export async function issueInvitation(prisma: Db, publicUrl: string, tenantId: string, userId: string): Promise<SignInLink> {
  const user = await requireUser(prisma, tenantId, userId);
  if (user.status !== 'invited') throw new ApiError('invalid_state', `The user ${userId} is ${user.status}; only invited users get an invitation.`);
  const { token, expiresAt } = await issueUserToken(prisma, { tenantId, userId, purpose: 'invitation' });
  return { user_id: userId, url: linkTo(publicUrl, 'invitation', token), expires_at: expiresAt };
}

/** A new password-reset link for an active user (1 hour; an earlier link stops working). */
export async function issuePasswordReset(prisma: Db, publicUrl: string, tenantId: string, userId: string): Promise<SignInLink> {
  const user = await requireUser(prisma, tenantId, userId);
  if (user.status !== 'active') throw new ApiError('invalid_state', `The user ${userId} is ${user.status}; ${user.status === 'invited' ? 'send an invitation instead' : 'a deactivated user cannot sign in'}.`);
  const { token, expiresAt } = await issueUserToken(prisma, { tenantId, userId, purpose: 'password_reset' });
  return { user_id: userId, url: linkTo(publicUrl, 'password_reset', token), expires_at: expiresAt };
}

/**
 * A person who forgot their password asks for a link: issued for an active user of that tenant
 * and e-mail, nothing otherwise. The caller answers the same either way (no enumeration).
 */
export async function requestPasswordReset(prisma: Db, publicUrl: string, input: { tenantId: string; email: string }): Promise<{ user: User; link: SignInLink } | undefined> {
  const user = await prisma.user.findUnique({ where: { tenant_id_email: { tenant_id: input.tenantId, email: input.email.trim().toLowerCase() } } });
  if (!user || user.status !== 'active') return undefined;
  return { user, link: await issuePasswordReset(prisma, publicUrl, user.tenant_id, user.id) };
}

/**
 * Accepts an invitation: the person sets a strong password (and may give their name); the user
 * becomes active. The link is used up in the same transaction.
 */
export async function acceptInvitation(prisma: Db, input: { token: string; password: string; name?: string | undefined }, now = new Date()): Promise<User> {
  const invitation = await findUserToken(prisma, input.token, 'invitation', now);
  const user = await requireUser(prisma, invitation.tenant_id, invitation.user_id);
  if (user.status !== 'invited') throw new ApiError('sign_in_token_invalid', 'This invitation link was already used.', { errors: [{ field: 'token', message: 'already used' }] });
  assertStrongPassword(input.password, user.email);
  const passwordHash = await hashPassword(input.password);
  return inTransaction(prisma, async (tx) => {
    await consumeUserToken(tx, invitation, now);
    return tx.user.update({
      where: { tenant_id_id: { tenant_id: user.tenant_id, id: user.id } },
      data: { password_hash: passwordHash, password_changed_at: now, status: 'active', activated_at: now, ...(input.name !== undefined && { name: input.name }) },
    });
  });
}

/**
 * Completes a password reset: a strong new password, the lockout cleared, and every session of
 * the user ended (whoever knew the old password is signed out). Returns the user and the ended sessions' ids.
 */
export async function completePasswordReset(prisma: Db, input: { token: string; password: string }, now = new Date()): Promise<{ user: User; endedSessionIds: string[] }> {
  const reset = await findUserToken(prisma, input.token, 'password_reset', now);
  const user = await requireUser(prisma, reset.tenant_id, reset.user_id);
  if (user.status !== 'active') throw new ApiError('sign_in_token_invalid', 'This password-reset link is no longer valid.', { errors: [{ field: 'token', message: 'no longer valid' }] });
  assertStrongPassword(input.password, user.email);
  const passwordHash = await hashPassword(input.password);
  return inTransaction(prisma, async (tx) => {
    await consumeUserToken(tx, reset, now);
    await tx.user.update({ where: { tenant_id_id: { tenant_id: user.tenant_id, id: user.id } }, data: { password_hash: passwordHash, password_changed_at: now } });
    await clearFailedSignIns(tx, user.tenant_id, user.id);
    return { user, endedSessionIds: await revokeUserSessions(tx, user.tenant_id, user.id) };
  });
}

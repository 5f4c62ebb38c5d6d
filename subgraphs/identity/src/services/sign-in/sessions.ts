import { randomBytes } from 'node:crypto';
import { hashSecret } from '@platform/auth';
import { type Db, type Prisma, type User, type UserSession, newId } from '@platform/db';
import { requireRole } from '../roles.ts';

/** How long a console session lasts: idle (since it was last used) and at most (since it started). */
export interface SessionLifetimes {
  idleMinutes: number;
  maxHours: number;
}

/** What a session was opened by (`UserSession.method`). */
export type SessionMethod = 'password' | 'password+totp' | 'oidc' | 'invitation' | 'switch';

/**
 * Opens a console session for a user who just proved who they are. The token (256 random bits,
 * for the cookie) is returned once; only its SHA-256 is stored, like every credential secret.
 */
export async function startSession(
  prisma: Db,
  input: { tenantId: string; userId: string; method: string; clientAddress?: string; userAgent?: string },
  lifetimes: SessionLifetimes,
): Promise<{ token: string; session: UserSession }> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const session = await prisma.userSession.create({
    data: {
      id: newId('ses'),
      tenant_id: input.tenantId,
      user_id: input.userId,
      token_hash: hashSecret(token),
      method: input.method,
      client_address: input.clientAddress ?? null,
      // Shown to the person among their sessions, never trusted: bounded like any stored text.
      user_agent: input.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + lifetimes.maxHours * 3_600_000),
    },
  });
  await prisma.user.update({ where: { tenant_id_id: { tenant_id: input.tenantId, id: input.userId } }, data: { last_sign_in_at: now } });
  return { token, session };
}

const MAX_USER_AGENT = 300;

export type ActiveSession = UserSession & { user: User };

/**
 * The session a cookie's token opens, with its user, when it is neither revoked, past its
 * absolute end, idle for longer than allowed, nor its user deactivated; otherwise undefined.
 */
export async function findActiveSession(prisma: Db, token: string, lifetimes: SessionLifetimes, now = new Date()): Promise<ActiveSession | undefined> {
  const session = await prisma.userSession.findUnique({ where: { token_hash: hashSecret(token) }, include: { user: true } });
  if (!session || session.revoked_at !== null || session.expires_at <= now) return undefined;
  if (session.last_seen_at.getTime() + lifetimes.idleMinutes * 60_000 <= now.getTime()) return undefined;
  if (session.user.status !== 'active') return undefined;
  return session;
}

/** The session was used: its idle timeout starts again (its absolute end stays). */
export async function touchSession(prisma: Db, sessionId: string, now = new Date()): Promise<void> {
  await prisma.userSession.update({ where: { id: sessionId }, data: { last_seen_at: now } });
}

/**
 * Ends the sessions `where` selects that are still open; returns their ids, which the edge
 * forgets at once (their access tokens are then refused in every worker).
 */
export async function revokeSessions(prisma: Db, where: Prisma.UserSessionWhereInput, now = new Date()): Promise<string[]> {
  const open: Prisma.UserSessionWhereInput = { AND: [where, { revoked_at: null, expires_at: { gt: now } }] };
  const sessions = await prisma.userSession.findMany({ where: open, select: { id: true } });
  if (sessions.length === 0) return [];
  const ids = sessions.map((session) => session.id);
  await prisma.userSession.updateMany({ where: { id: { in: ids }, revoked_at: null }, data: { revoked_at: now } });
  return ids;
}

/** Every open session of one user. */
export function revokeUserSessions(prisma: Db, tenantId: string, userId: string): Promise<string[]> {
  return revokeSessions(prisma, { tenant_id: tenantId, user_id: userId });
}

/** What a session lets its person do: their role in the session's tenant, read afresh each time. */
export interface SessionGrant {
  tenant: { id: string; name: string; environment: 'production' | 'sandbox'; paired_tenant_id: string };
  role: { id: string; name: string };
  /** The role's scopes: what the session's access tokens carry. */
  scopes: string[];
}

/**
 * A user's effective scopes are their role's in the tenant of the session, read when a token is
 * issued: a changed role (or a custom role's changed scopes) applies at the next renewal.
 */
export async function sessionGrant(prisma: Db, user: Pick<User, 'tenant_id' | 'role_id'>): Promise<SessionGrant> {
  const [tenant, role] = await Promise.all([
    prisma.tenant.findUniqueOrThrow({ where: { id: user.tenant_id }, select: { id: true, name: true, environment: true, paired_tenant_id: true } }),
    requireRole(prisma, user.tenant_id, user.role_id),
  ]);
  return { tenant, role: { id: role.id, name: role.name }, scopes: role.scopes };
}

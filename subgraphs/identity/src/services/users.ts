import { type Prisma, isRecordNotFound, isUniqueViolation, newId, type Db, inTransaction } from '@platform/db';
import { ApiError, fieldErrors } from '@platform/errors';
import { ID_KEY, type ListWindow, fixedOrder, keysetWhere, listPage, prismaOrderBy } from '@platform/graphql-kit';
import { lockAssignableRole } from './roles.ts';
import { revokeUserSessions } from './sign-in/sessions.ts';

export type UserStatus = Prisma.UserModel['status'];
export const userStatuses = ['invited', 'active', 'deactivated'] as const satisfies readonly UserStatus[];

export interface UserFilter {
  status?: UserStatus | null;
  role_id?: string | null;
}

type UserQuery = Omit<Prisma.UserFindUniqueArgs, 'where'>;

const key = (tenantId: string, id: string) => ({ tenant_id_id: { tenant_id: tenantId, id } });

function unknownRole(roleId: string): ApiError {
  return fieldErrors('rule_violation', 'role_id', `No role ${roleId} exists in this tenant.`);
}

function emailTaken(email: string): ApiError {
  return new ApiError('already_exists', `A user with the email ${email} already exists in this tenant.`, { errors: [{ field: 'email', message: 'already exists' }] });
}

/** Users are listed oldest first. */
export const USER_ORDER = fixedOrder([{ column: 'created_at', kind: 'timestamp' }, ID_KEY]);

/** Users oldest first. Every query is scoped to one tenant. */
export async function listUsers<Query extends Prisma.UserFindManyArgs>(prisma: Db, tenantId: string, filter: UserFilter, window: ListWindow, query: Query) {
  const where: Prisma.UserWhereInput = {
    tenant_id: tenantId,
    ...(filter.status != null && { status: filter.status }),
    ...(filter.role_id != null && { role_id: filter.role_id }),
  };
  const keyset = keysetWhere(window) as Prisma.UserWhereInput | undefined;
  const [total, rows] = await Promise.all([
    window.countTotal ? prisma.user.count({ where }) : null,
    prisma.user.findMany({ ...query, where: keyset ? { AND: [where, keyset] } : where, orderBy: prismaOrderBy(window.order), skip: window.skip, take: window.take }),
  ]);
  return listPage(rows, window, total);
}

export async function findUser<Query extends UserQuery>(prisma: Db, tenantId: string, id: string, query: Query) {
  const user = await prisma.user.findUnique({ ...query, where: key(tenantId, id) });
  if (!user) throw new ApiError('not_found', `No user ${id} exists in this tenant.`);
  return user;
}

/**
 * Invites a person: creates the user in `invited` state with the given role. No email is sent
 * yet (delivery arrives with a later issue) and there is no credential: the record is what the
 * operations console will sign people in against.
 */
export async function inviteUser<Query extends Omit<Prisma.UserCreateArgs, 'data'>>(
  prisma: Db,
  tenantId: string,
  data: { email: string; name?: string | null; role_id: string },
  query: Query,
) {
  try {
    return await inTransaction(prisma, async (tx) => {
      if (!(await lockAssignableRole(tx, tenantId, data.role_id))) throw unknownRole(data.role_id);
      return tx.user.create({
        ...query,
        data: { tenant_id: tenantId, id: newId('usr'), email: data.email, name: data.name ?? null, role_id: data.role_id, status: 'invited', invited_at: new Date() },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken(data.email);
    throw error;
  }
}

/** Changes a user's name or role. Deactivated users can change too (to move them off a role). */
export async function updateUser<Query extends Omit<Prisma.UserUpdateArgs, 'data' | 'where'>>(
  prisma: Db,
  tenantId: string,
  id: string,
  changes: { name?: string; role_id?: string },
  query: Query,
) {
  try {
    return await inTransaction(prisma, async (tx) => {
      if (changes.role_id !== undefined && !(await lockAssignableRole(tx, tenantId, changes.role_id))) {
        // An unknown user is the more fundamental fault: report it first.
        if ((await tx.user.count({ where: { tenant_id: tenantId, id } })) === 0) throw new ApiError('not_found', `No user ${id} exists in this tenant.`);
        throw unknownRole(changes.role_id);
      }
      return tx.user.update({ ...query, where: key(tenantId, id), data: changes });
    });
  } catch (error) {
    if (isRecordNotFound(error)) throw new ApiError('not_found', `No user ${id} exists in this tenant.`);
    throw error;
  }
}

/**
 * Deactivates a user (the record is kept) and ends their console sessions: the session endpoints
 * refuse them at once, their access tokens within the credential recheck (5 s). Deactivating a
 * deactivated user is refused with `invalid_state` rather than silently repeated, so the original
 * `deactivated_at` stays.
 */
export async function deactivateUser<Query extends UserQuery>(prisma: Db, tenantId: string, id: string, query: Query) {
  const now = new Date();
  // One conditional statement: two concurrent deactivations cannot both succeed.
  const { count } = await prisma.user.updateMany({ where: { tenant_id: tenantId, id, status: { not: 'deactivated' } }, data: { status: 'deactivated', deactivated_at: now } });
  if (count === 0) {
    const existing = await prisma.user.findUnique({ where: key(tenantId, id), select: { deactivated_at: true } });
    if (!existing) throw new ApiError('not_found', `No user ${id} exists in this tenant.`);
    throw new ApiError('invalid_state', `The user ${id} is already deactivated (since ${existing.deactivated_at?.toISOString() ?? 'an unknown time'}).`);
  }
  await revokeUserSessions(prisma, tenantId, id);
  return findUser(prisma, tenantId, id, query);
}

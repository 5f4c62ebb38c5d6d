import { type Scope, scopeCatalogue } from '@platform/auth';
import { type Prisma, isUniqueViolation, newId, type Db, inTransaction } from '@platform/db';
import { ApiError } from '@platform/errors';
import { ID_KEY, type ListWindow, fixedOrder, keysetWhere, listPage, prismaOrderBy } from '@platform/graphql-kit';

/**
 * A role: a named set of scopes given to the tenant's users. Built-in roles exist in every tenant
 * and are defined here, in code; custom roles are rows of `roles`. Both share one shape.
 */
export interface RoleRecord {
  id: string;
  name: string;
  description: string | null;
  scopes: Scope[];
  built_in: boolean;
  /** Null for built-in roles, which are not stored. */
  created_at: Date | null;
  updated_at: Date | null;
}


/** Every scope, in catalogue order: the order role scopes are always reported in. */
const ALL_SCOPES = Object.keys(scopeCatalogue) as Scope[];

function builtIn(name: string, description: string, scopes: readonly Scope[]): RoleRecord {
  return { id: `role_${name}`, name, description, scopes: sortScopes(scopes), built_in: true, created_at: null, updated_at: null };
}

/**
 * The built-in roles, most to least privileged. Their scopes follow the scope catalogue: a scope
 * added to the catalogue reaches `owner` and `admin` (and `analyst`, if it is a read scope)
 * without a change here.
 *
 * - `owner`: every scope.
 * - `admin`: every scope except `tenants:write` (resetting a sandbox deletes all of its data, so
 *   it stays with owners).
 * - `developer`: builds integrations: inventory, CRM and finance data, API keys, tenant metadata.
 * - `analyst`: every read scope, nothing else.
 * - `viewer`: reads the business data (inventory, CRM, finance) and the tenant's metadata.
 */
export const builtInRoles: readonly RoleRecord[] = [
  builtIn('owner', 'Every scope, including resetting a sandbox tenant (tenants:write).', ALL_SCOPES),
  builtIn('admin', 'Every scope except tenants:write: manages users, roles, API keys and all business data.', ALL_SCOPES.filter((scope) => scope !== 'tenants:write')),
  builtIn('developer', 'Builds integrations: inventory, CRM and finance data, API keys and tenant metadata.', [
    'inventory:read',
    'inventory:write',
    'crm:read',
    'crm:write',
    'finance:read',
    'finance:write',
    'api_keys:read',
    'api_keys:write',
    'tenants:read',
  ]),
  builtIn('analyst', 'Every read scope; changes nothing.', ALL_SCOPES.filter((scope) => scope.endsWith(':read'))),
  builtIn('viewer', 'Reads inventory, CRM and finance data and tenant metadata.', ['tenants:read', 'inventory:read', 'crm:read', 'finance:read']),
];

const builtInById = new Map(builtInRoles.map((role) => [role.id, role]));
const builtInNames = new Set(builtInRoles.map((role) => role.name));

export function findBuiltInRole(id: string): RoleRecord | undefined {
  return builtInById.get(id);
}

/** Distinct scopes in catalogue order (the input is already validated against the catalogue). */
export function sortScopes(scopes: readonly string[]): Scope[] {
  const wanted = new Set(scopes);
  return ALL_SCOPES.filter((scope) => wanted.has(scope));
}

function customRecord(row: Prisma.RoleModel): RoleRecord {
  return { id: row.id, name: row.name, description: row.description, scopes: sortScopes(row.scopes), built_in: false, created_at: row.created_at, updated_at: row.updated_at };
}

/**
 * The order of the role list: built-in roles first (in the order above: `rank` is their index),
 * then custom roles (all of rank `builtInRoles.length`) oldest first. A cursor carries the rank,
 * the creation time (null for a built-in role) and the id of its role.
 */
export const ROLE_ORDER = fixedOrder([{ column: 'rank', kind: 'integer' }, { column: 'created_at', kind: 'timestamp', nullable: true }, ID_KEY]);

function roleKey(role: RoleRecord): unknown[] {
  const rank = role.built_in ? builtInRoles.findIndex((builtInRole) => builtInRole.id === role.id) : builtInRoles.length;
  return [rank, role.created_at, role.id];
}

/** Built-in roles first (in the order above), then custom roles oldest first; read backwards from a `before` cursor. */
export async function listRoles(prisma: Db, tenantId: string, window: ListWindow) {
  const cursorRank = window.after ? (window.after[0] as number) : -1;
  const afterCustomRole = window.after !== null && cursorRank >= builtInRoles.length;
  // Custom roles are read in the window's order less its rank (their creation time is never null), from the cursor when it is a custom role's.
  const customWindow: ListWindow = {
    ...window,
    order: { ...window.order, keys: window.order.keys.slice(1).map((key) => ({ ...key, nullable: false })) },
    after: afterCustomRole ? (window.after?.slice(1) ?? null) : null,
  };
  const customAfter = keysetWhere(customWindow) as Prisma.RoleWhereInput | undefined;
  // The built-in roles in reading order from the cursor (or the page's offset): backwards, those before it, last first.
  const builtIns = window.backward
    ? builtInRoles.slice(0, Math.min(cursorRank, builtInRoles.length)).reverse()
    : builtInRoles.slice(window.after ? Math.max(0, cursorRank + 1) : window.skip).slice(0, window.take);
  // Backwards, custom roles precede the built-in ones and only a custom role's cursor has custom roles before it.
  const customTake = window.backward ? (afterCustomRole ? window.take : 0) : window.take - builtIns.length;
  const customSkip = window.after ? 0 : Math.max(0, window.skip - builtInRoles.length);
  const where: Prisma.RoleWhereInput = { tenant_id: tenantId };
  const [customCount, rows] = await Promise.all([
    window.countTotal ? prisma.role.count({ where }) : null,
    customTake > 0 ? prisma.role.findMany({ where: customAfter ? { AND: [where, customAfter] } : where, orderBy: prismaOrderBy(customWindow.order), skip: customSkip, take: customTake }) : Promise.resolve([]),
  ]);
  const customs = rows.map(customRecord);
  const read = window.backward ? [...customs, ...builtIns] : [...builtIns, ...customs];
  return listPage(read.slice(0, window.take), window, customCount === null ? null : builtInRoles.length + customCount, roleKey);
}

export async function findRole(prisma: Db, tenantId: string, id: string): Promise<RoleRecord | null> {
  const builtInRole = findBuiltInRole(id);
  if (builtInRole) return builtInRole;
  const row = await prisma.role.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id } } });
  return row ? customRecord(row) : null;
}

export async function requireRole(prisma: Db, tenantId: string, id: string): Promise<RoleRecord> {
  const role = await findRole(prisma, tenantId, id);
  if (!role) throw new ApiError('not_found', `No role ${id} exists in this tenant.`);
  return role;
}

/**
 * Whether `id` names a role a user can be given, locking a custom role's row (FOR SHARE) until
 * the caller's transaction ends: a concurrent `deleteRole` then waits and sees the new
 * assignment, so a user never holds a deleted role.
 */
export async function lockAssignableRole(tx: Prisma.TransactionClient, tenantId: string, id: string): Promise<boolean> {
  if (findBuiltInRole(id)) return true;
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM roles WHERE tenant_id = ${tenantId} AND id = ${id} FOR SHARE`;
  return rows.length > 0;
}

/**
 * Role names are unique per tenant regardless of case, and never a built-in role's name. The
 * unique index (exact match) is the backstop for two requests racing with the same name.
 */
async function assertNameFree(prisma: Db, tenantId: string, name: string, exceptId?: string): Promise<void> {
  const clash = builtInNames.has(name.toLowerCase())
    ? true
    : (await prisma.role.count({ where: { tenant_id: tenantId, name: { equals: name, mode: 'insensitive' }, ...(exceptId && { id: { not: exceptId } }) } })) > 0;
  if (clash) throw nameTaken(name);
}

function nameTaken(name: string): ApiError {
  const kind = builtInNames.has(name.toLowerCase()) ? 'a built-in role' : 'another role of this tenant';
  return new ApiError('already_exists', `The role name ${name} is taken by ${kind}.`, { errors: [{ field: 'name', message: `already used by ${kind}` }] });
}

export async function createRole(prisma: Db, tenantId: string, data: { name: string; description?: string | null; scopes: string[] }): Promise<RoleRecord> {
  await assertNameFree(prisma, tenantId, data.name);
  try {
    const row = await prisma.role.create({
      data: { tenant_id: tenantId, id: newId('role'), name: data.name, description: data.description || null, scopes: sortScopes(data.scopes) },
    });
    return customRecord(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(data.name);
    throw error;
  }
}

function refuseBuiltIn(id: string, action: string): void {
  if (findBuiltInRole(id)) throw new ApiError('invalid_state', `The role ${id} is built in and cannot be ${action}; create a custom role instead.`);
}

/** `description: ''` clears the description. */
export async function updateRole(prisma: Db, tenantId: string, id: string, changes: { name?: string; description?: string; scopes?: string[] }): Promise<RoleRecord> {
  refuseBuiltIn(id, 'changed');
  await requireRole(prisma, tenantId, id);
  if (changes.name !== undefined) await assertNameFree(prisma, tenantId, changes.name, id);
  try {
    const row = await prisma.role.update({
      where: { tenant_id_id: { tenant_id: tenantId, id } },
      data: {
        ...(changes.name !== undefined && { name: changes.name }),
        ...(changes.description !== undefined && { description: changes.description || null }),
        ...(changes.scopes !== undefined && { scopes: sortScopes(changes.scopes) }),
      },
    });
    return customRecord(row);
  } catch (error) {
    if (isUniqueViolation(error) && changes.name !== undefined) throw nameTaken(changes.name);
    throw error;
  }
}

/**
 * Deletes a custom role no user holds (deactivated users included: every user's role must
 * resolve). The row is locked first, so an assignment racing with the deletion either lands
 * before (and the deletion is refused) or finds the role gone.
 */
export async function deleteRole(prisma: Db, tenantId: string, id: string): Promise<RoleRecord> {
  refuseBuiltIn(id, 'deleted');
  return inTransaction(prisma, async (tx) => {
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM roles WHERE tenant_id = ${tenantId} AND id = ${id} FOR UPDATE`;
    if (locked.length === 0) throw new ApiError('not_found', `No role ${id} exists in this tenant.`);
    const holders = await tx.user.count({ where: { tenant_id: tenantId, role_id: id } });
    if (holders > 0) {
      const users = holders === 1 ? '1 user' : `${holders} users`;
      throw new ApiError('invalid_state', `The role ${id} is assigned to ${users}; give them another role before deleting it.`, { user_count: holders });
    }
    return customRecord(await tx.role.delete({ where: { tenant_id_id: { tenant_id: tenantId, id } } }));
  });
}

import { type RestRoutes, type SubgraphBuilder, emailAddress, inputRules, listEnvelope, listWindow, paginationArgs, parseInput, patchChanges, requiredText, text } from '@platform/graphql-kit';
import { z } from 'zod';
import type { Principal } from '@platform/auth';
import type { PrismaClient } from '@platform/db';
import { assertDelegable } from '../services/delegation.ts';
import { findRole } from '../services/roles.ts';
import { USER_ORDER, deactivateUser, findUser, inviteUser, listUsers, updateUser, userStatuses } from '../services/users.ts';

/** A role can be given only by a credential holding all of its scopes (unknown roles are the service's to report). */
async function assertRoleDelegable(prisma: PrismaClient, principal: Principal, roleId: string): Promise<void> {
  const role = await findRole(prisma, principal.tenantId, roleId);
  if (role) assertDelegable(role.scopes, principal.scopes, 'role_id');
}

const USER_SCOPES = ['users:read', 'users:write'];

const email = emailAddress();
const name = requiredText(200);
const roleId = text({ min: 1, max: 100 });

const inviteUserRules = z.object({ email, name: name.nullish(), role_id: roleId });
const updateUserRules = z
  .object({ name: name.optional(), role_id: roleId.optional() })
  .refine((input) => Object.keys(input).length > 0, { message: 'at least one field must be given', path: [] });

/**
 * Users: the people of a tenant who will use the operations console. There is no password or
 * sign-in in this version: inviting creates the record in `invited` state (email delivery comes
 * later), and a user's role says which scopes the console will grant them.
 */
export function defineUserSchema(builder: SubgraphBuilder): void {
  const UserStatusEnum = builder.enumType('UserStatus', {
    description: '`invited`: created by an invitation, not signed in yet; `active`: has signed in; `deactivated`: kept for history, can no longer act.',
    values: userStatuses,
  });

  const User = builder.prismaObject('User', {
    description: 'A person of the tenant who uses the operations console.',
    authScopes: { anyScope: USER_SCOPES },
    fields: (t) => ({
      id: t.exposeString('id', { description: 'User identifier (`usr_…`), assigned by the platform.' }),
      email: t.exposeString('email', { description: 'Lower-cased; unique per tenant.' }),
      name: t.exposeString('name', { nullable: true, description: 'The person’s name; null when the invitation gave none.' }),
      role_id: t.exposeString('role_id', { description: 'A built-in role (`role_owner`, …) or a custom role of the tenant.' }),
      status: t.expose('status', { type: UserStatusEnum, description: 'Where the user is: invited, active or deactivated.' }),
      invited_at: t.expose('invited_at', { type: 'DateTime', description: 'When the user was invited.' }),
      activated_at: t.expose('activated_at', { type: 'DateTime', nullable: true, description: 'When the user first signed in; null until then.' }),
      deactivated_at: t.expose('deactivated_at', { type: 'DateTime', nullable: true, description: 'When the user was deactivated; null otherwise.' }),
      created_at: t.expose('created_at', { type: 'DateTime', description: 'When the record was created (the invitation).' }),
      updated_at: t.expose('updated_at', { type: 'DateTime', description: 'When the record last changed.' }),
    }),
  });
  const UserList = listEnvelope(builder, 'UserList', User);

  const InviteUserInput = builder.inputType('InviteUserInput', {
    extensions: inputRules(inviteUserRules),
    fields: (t) => ({
      email: t.string({ required: true, description: 'Email address; stored lower-cased, unique per tenant.' }),
      name: t.string({ required: false, description: '1 to 200 characters.' }),
      role_id: t.string({ required: true, description: 'A built-in role id (`role_owner`, `role_admin`, `role_developer`, `role_analyst`, `role_viewer`) or a custom role id.' }),
    }),
  });
  const UpdateUserInput = builder.inputType('UpdateUserInput', {
    extensions: inputRules(updateUserRules),
    description: 'Fields to change; absent fields keep their value.',
    fields: (t) => ({
      name: t.string({ required: false, description: 'The person’s name, 1 to 200 characters.' }),
      role_id: t.string({ required: false, description: 'A built-in or custom role; you can give only roles whose scopes your credential holds.' }),
    }),
  });

  builder.queryFields((t) => ({
    users: t.field({
      type: UserList,
      description: 'Users of the tenant, oldest first.',
      authScopes: { scope: 'users:read' },
      args: {
        status: t.arg({ type: UserStatusEnum, required: false, description: 'Only users in this status.' }),
        role_id: t.arg.string({ required: false, description: 'Only users with this role.' }),
        ...paginationArgs(t),
      },
      resolve: (_root, args, { prisma, principal }, info) => listUsers(prisma, principal.tenantId, args, listWindow(args, 'users', USER_ORDER, info), {}),
    }),
    user: t.prismaField({
      type: User,
      description: 'One user by id.',
      authScopes: { scope: 'users:read' },
      args: { id: t.arg.string({ required: true }) },
      resolve: (query, _root, { id }, { prisma, principal }) => findUser(prisma, principal.tenantId, id, query),
    }),
  }));

  builder.mutationFields((t) => ({
    invite_user: t.prismaField({
      type: User,
      description: 'Invites a person: creates the user in `invited` state with a role. No email is sent yet (delivery arrives with a later version).',
      authScopes: { scope: 'users:write' },
      args: { input: t.arg({ type: InviteUserInput, required: true }) },
      resolve: async (query, _root, { input }, { prisma, principal, audit }) => {
        const invitation = parseInput(inviteUserRules, input);
        await assertRoleDelegable(prisma, principal, invitation.role_id);
        return audit.recordChange('user.invite', (tx) => inviteUser(tx, principal.tenantId, invitation, query), (user) => user.id);
      },
    }),
    update_user: t.prismaField({
      type: User,
      description: 'Changes a user’s name or role.',
      authScopes: { scope: 'users:write' },
      args: { id: t.arg.string({ required: true }), input: t.arg({ type: UpdateUserInput, required: true }) },
      resolve: async (query, _root, { id, input }, { prisma, principal, audit }) => {
        const changes = parseInput(updateUserRules, patchChanges(input));
        if (changes.role_id) await assertRoleDelegable(prisma, principal, changes.role_id);
        return audit.recordChange('user.update', (tx) => updateUser(tx, principal.tenantId, id, changes, query), () => id);
      },
    }),
    deactivate_user: t.prismaField({
      type: User,
      description: 'Deactivates a user; the record is kept. A user already deactivated is refused with `invalid_state`.',
      authScopes: { scope: 'users:write' },
      args: { id: t.arg.string({ required: true }) },
      resolve: (query, _root, { id }, { principal, audit }) => audit.recordChange('user.deactivate', (tx) => deactivateUser(tx, principal.tenantId, id, query), () => id),
    }),
  }));
}

export const userRestRoutes: RestRoutes = {
  'Query.users': { method: 'GET', path: '/tenants/users', tags: ['Users'] },
  'Query.user': { method: 'GET', path: '/tenants/users/:id', tags: ['Users'] },
  'Mutation.invite_user': { method: 'POST', path: '/tenants/users', responseStatus: 201, tags: ['Users'] },
  'Mutation.update_user': { method: 'PATCH', path: '/tenants/users/:id', tags: ['Users'] },
  'Mutation.deactivate_user': { method: 'POST', path: '/tenants/users/:id/deactivate', tags: ['Users'] },
};

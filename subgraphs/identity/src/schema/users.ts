import { type RestRoutes, type SubgraphBuilder, emailAddress, inputRules, listEnvelope, listWindow, paginationArgs, parseInput, patchChanges, requiredText, text } from '@platform/graphql-kit';
import { z } from 'zod';
import type { Principal } from '@platform/auth';
import type { PrismaClient } from '@platform/db';
import { assertDelegable } from '../services/delegation.ts';
import { findRole } from '../services/roles.ts';
import { USER_ORDER, deactivateUser, findUser, inviteUser, listUsers, updateUser, userStatuses } from '../services/users.ts';
import { issueInvitation, issuePasswordReset } from '../services/sign-in/invitations.ts';

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
 * Users: the people of a tenant who use the operations console. Inviting creates the record in
 * `invited` state and, when a mail server is configured, e-mails the invitation link; accepting
 * it (setting a password) makes the user active (docs/console.md, "Signing in"). A user's role
 * says which scopes their console session grants. Administrators can also hand out invitation
 * and password-reset links themselves (shown once).
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

  const Invitation = builder.objectRef<{ user_id: string; invitation_url: string; expires_at: Date }>('UserInvitation').implement({
    description: 'An invitation link for an invited user, shown once: whoever opens it sets the user’s password. An earlier link stops working.',
    authScopes: { scope: 'users:write' },
    fields: (t) => ({
      user_id: t.exposeString('user_id', { description: 'The invited user.' }),
      invitation_url: t.exposeString('invitation_url', { description: 'The console’s page to accept the invitation (`<PUBLIC_URL>/console/accept-invitation#token=…`); shown only in this response.' }),
      expires_at: t.expose('expires_at', { type: 'DateTime', description: 'The link works until then (7 days), once.' }),
    }),
  });
  const PasswordReset = builder.objectRef<{ user_id: string; reset_url: string; expires_at: Date }>('UserPasswordReset').implement({
    description: 'A password-reset link for an active user, shown once: whoever opens it sets a new password and ends the user’s sessions. An earlier link stops working.',
    authScopes: { scope: 'users:write' },
    fields: (t) => ({
      user_id: t.exposeString('user_id', { description: 'The user whose password the link resets.' }),
      reset_url: t.exposeString('reset_url', { description: 'The console’s page to choose a new password (`<PUBLIC_URL>/console/reset-password#token=…`); shown only in this response.' }),
      expires_at: t.expose('expires_at', { type: 'DateTime', description: 'The link works until then (1 hour), once.' }),
    }),
  });

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
      description: 'Invites a person: creates the user in `invited` state with a role and, when the platform has a mail server (`SMTP_URL`), e-mails them the invitation link; otherwise hand them the link of `issue_invitation`.',
      authScopes: { scope: 'users:write' },
      args: { input: t.arg({ type: InviteUserInput, required: true }) },
      resolve: async (query, _root, { input }, { prisma, principal, audit, platform }) => {
        const invitation = parseInput(inviteUserRules, input);
        await assertRoleDelegable(prisma, principal, invitation.role_id);
        const { sendMail, publicUrl } = platform.signIn;
        const { user, link } = await audit.recordChange(
          'user.invite',
          async (tx) => {
            const invited = await inviteUser(tx, principal.tenantId, invitation, query);
            return { user: invited, link: sendMail && (await issueInvitation(tx, publicUrl, principal.tenantId, invited.id)) };
          },
          (result) => result.user.id,
        );
        // After the commit: a mail server that is slow or down does not hold the transaction, nor undo the invitation.
        if (sendMail && link) await sendMail({ to: user.email, subject: 'You are invited to the operations console', text: invitationText(link.url, link.expires_at) });
        return user;
      },
    }),
    issue_invitation: t.field({
      type: Invitation,
      description: 'A new invitation link for an invited user (7 days; shown once; an earlier link stops working). Hand it to the person when no e-mail reaches them.',
      authScopes: { scope: 'users:write' },
      args: { id: t.arg.string({ required: true }) },
      resolve: async (_root, { id }, { principal, audit, platform }) => {
        const link = await audit.recordChange('user.issue_invitation', (tx) => issueInvitation(tx, platform.signIn.publicUrl, principal.tenantId, id), () => id);
        return { user_id: link.user_id, invitation_url: link.url, expires_at: link.expires_at };
      },
    }),
    issue_password_reset: t.field({
      type: PasswordReset,
      description: 'A password-reset link for an active user (1 hour; shown once; an earlier link stops working). Setting the new password ends the user’s sessions and lockout.',
      authScopes: { scope: 'users:write' },
      args: { id: t.arg.string({ required: true }) },
      resolve: async (_root, { id }, { principal, audit, platform }) => {
        const link = await audit.recordChange('user.issue_password_reset', (tx) => issuePasswordReset(tx, platform.signIn.publicUrl, principal.tenantId, id), () => id);
        return { user_id: link.user_id, reset_url: link.url, expires_at: link.expires_at };
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
      description: 'Deactivates a user and ends their console sessions; the record is kept. A user already deactivated is refused with `invalid_state`.',
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
  'Mutation.issue_invitation': { method: 'POST', path: '/tenants/users/:id/invitation', tags: ['Users'] },
  'Mutation.issue_password_reset': { method: 'POST', path: '/tenants/users/:id/password-reset', tags: ['Users'] },
};

function invitationText(url: string, expiresAt: Date): string {
  return `You are invited to the operations console.\n\nChoose your password here (the link works once, until ${expiresAt.toUTCString()}):\n${url}\n`;
}

import { useState } from 'react';
import { graphql } from '../api/graphql.ts';
import { useOptions } from '../api/use-query.ts';
import { StatusBadge } from '../components/feedback.tsx';
import { optional, text } from '../components/forms.tsx';
import { ListView } from '../components/list-view.tsx';
import { PageTitle, Section } from '../components/page.tsx';
import { formatTime } from '../format.ts';
import { ACTION_SCOPES } from '../governance.ts';
import { useScopes } from '../session.tsx';

interface User {
  id: string;
  email: string;
  name: string | null;
  role_id: string;
  status: string;
  invited_at: string;
  activated_at: string | null;
}

interface Role {
  id: string;
  name: string;
  description: string | null;
  scopes: string[];
  built_in: boolean;
}

const ROLE_OPTIONS = 'query ConsoleRoleOptions { roles(per_page: 100) { data { id name } } }';

export function UsersPage() {
  const scopes = useScopes();
  const roles = useOptions(scopes.includes('roles:read') ? ROLE_OPTIONS : undefined, (data) => (data.roles?.data ?? []).map((role) => ({ value: String(role.id), label: String(role.name) })));
  const roleName = (id: string) => roles.find((role) => role.value === id)?.label ?? id;
  const [changes, setChanges] = useState(0);
  return (
    <>
      <PageTitle title="Users and roles">People who sign in to this tenant, and the roles whose scopes they hold here.</PageTitle>
      <Section title="Users">
        <ListView<User>
          caption="Users"
          field="users"
          selection="id email name role_id status invited_at activated_at"
          reloadKey={changes}
          filters={[
            { name: 'status', label: 'Status', type: 'select', graphqlType: 'UserStatus', options: ['invited', 'active', 'deactivated'].map((status) => ({ value: status, label: status })) },
            { name: 'role_id', label: 'Role', type: 'select', graphqlType: 'String', options: roles },
          ]}
          rowKey={(user) => user.id}
          rowLabel={(user) => `user ${user.email}`}
          columns={[
            { label: 'E-mail', render: (user) => user.email, rowHeader: true },
            { label: 'Name', render: (user) => user.name ?? '—' },
            { label: 'Role', render: (user) => roleName(user.role_id) },
            { label: 'Status', render: (user) => <StatusBadge value={user.status} /> },
            { label: 'Invited', render: (user) => formatTime(user.invited_at) },
            { label: 'Active since', render: (user) => formatTime(user.activated_at) },
          ]}
          toolbar={[
            {
              label: 'Invite user',
              scope: ACTION_SCOPES.manageUsers,
              fields: [
                { name: 'email', label: 'E-mail', type: 'email', required: true },
                { name: 'name', label: 'Name' },
                { name: 'role_id', label: 'Role', type: 'select', required: true, options: roles },
              ],
              run: async (_none, values) => {
                const data = await graphql<{ invite_user: { id: string } }>('mutation ConsoleInviteUser($input: InviteUserInput!) { invite_user(input: $input) { id status } }', { input: { email: text(values, 'email'), name: optional(values, 'name'), role_id: text(values, 'role_id') } });
                setChanges((count) => count + 1);
                return `${text(values, 'email')} invited (${data.invite_user.id}). Issue an invitation link to hand over, unless the platform e-mails it.`;
              },
            },
          ]}
          actions={[
            {
              label: 'Invitation link',
              scope: ACTION_SCOPES.manageUsers,
              when: (user) => user.status === 'invited',
              run: async (user) => {
                const data = await graphql<{ issue_invitation: { invitation_url: string; expires_at: string } }>('mutation ConsoleIssueInvitation($id: String!) { issue_invitation(id: $id) { user_id invitation_url expires_at } }', { id: user.id });
                return { message: `Invitation link for ${user.email} issued; valid until ${formatTime(data.issue_invitation.expires_at)}.`, secret: { label: `Invitation link for ${user.email}`, value: data.issue_invitation.invitation_url } };
              },
            },
            {
              label: 'Password reset link',
              scope: ACTION_SCOPES.manageUsers,
              when: (user) => user.status === 'active',
              run: async (user) => {
                const data = await graphql<{ issue_password_reset: { reset_url: string; expires_at: string } }>('mutation ConsoleIssueReset($id: String!) { issue_password_reset(id: $id) { user_id reset_url expires_at } }', { id: user.id });
                return { message: `Reset link for ${user.email} issued; valid until ${formatTime(data.issue_password_reset.expires_at)}.`, secret: { label: `Password reset link for ${user.email}`, value: data.issue_password_reset.reset_url } };
              },
            },
            {
              label: 'Change role',
              scope: ACTION_SCOPES.manageUsers,
              when: (user) => user.status !== 'deactivated',
              fields: (user) => [{ name: 'role_id', label: 'Role', type: 'select', required: true, options: roles, defaultValue: user.role_id }],
              run: async (user, values) => {
                await graphql('mutation ConsoleUpdateUser($id: String!, $input: UpdateUserInput!) { update_user(id: $id, input: $input) { id role_id } }', { id: user.id, input: { role_id: text(values, 'role_id') } });
                return `${user.email} now has the role ${roleName(text(values, 'role_id'))}.`;
              },
            },
            {
              label: 'Deactivate',
              scope: ACTION_SCOPES.manageUsers,
              when: (user) => user.status !== 'deactivated',
              confirm: (user) => `Deactivate ${user.email}? Their sessions end and they can no longer sign in.`,
              run: async (user) => {
                await graphql('mutation ConsoleDeactivateUser($id: String!) { deactivate_user(id: $id) { id status } }', { id: user.id });
                return `${user.email} deactivated.`;
              },
            },
          ]}
        />
      </Section>
      {scopes.includes(ACTION_SCOPES.readRoles) && (
        <Section title="Roles">
          <ListView<Role>
            caption="Roles"
            field="roles"
            selection="id name description scopes built_in"
            rowKey={(role) => role.id}
            rowLabel={(role) => `role ${role.name}`}
            columns={[
              { label: 'Role', render: (role) => role.name, rowHeader: true },
              { label: 'Kind', render: (role) => (role.built_in ? 'built-in' : 'custom') },
              { label: 'Description', render: (role) => role.description ?? '—' },
              { label: 'Scopes', render: (role) => <span className="scopes">{role.scopes.join(' ')}</span> },
            ]}
          />
        </Section>
      )}
    </>
  );
}

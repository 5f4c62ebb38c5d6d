import { type RestRoutes, type SubgraphBuilder, inputRules, listEnvelope, listWindow, paginationArgs, parseInput, patchChanges, requiredText, text } from '@platform/graphql-kit';
import { z } from 'zod';
import { grantedScopesRule } from '../services/api-keys.ts';
import { assertDelegable } from '../services/delegation.ts';
import { ROLE_ORDER, type RoleRecord, createRole, deleteRole, listRoles, requireRole, updateRole } from '../services/roles.ts';

const ROLE_SCOPES = ['roles:read', 'roles:write'];

const name = requiredText(64);
const description = text({ max: 500 }).transform((value) => value.trim());
const scopes = grantedScopesRule();

const createRoleRules = z.object({ name, description: description.nullish(), scopes });
const updateRoleRules = z
  .object({ name: name.optional(), description: description.optional(), scopes: scopes.optional() })
  .refine((input) => Object.keys(input).length > 0, { message: 'at least one field must be given', path: [] });

/**
 * Roles: named sets of scopes given to users. Built-in roles (`role_owner`, `role_admin`,
 * `role_developer`, `role_analyst`, `role_viewer`) exist in every tenant and cannot be changed
 * or deleted; custom roles are created per tenant.
 */
export function defineRoleSchema(builder: SubgraphBuilder): void {
  const Role = builder.objectRef<RoleRecord>('Role').implement({
    description:
      'A named set of scopes given to users. Built-in roles: `owner` (every scope), `admin` (every scope except `tenants:write`), `developer` (inventory, CRM and API keys, read and write; `tenants:read`), `analyst` (every read scope) and `viewer` (`tenants:read`, `inventory:read`, `crm:read`).',
    authScopes: { anyScope: ROLE_SCOPES },
    fields: (t) => ({
      id: t.exposeString('id', { description: '`role_<name>` for built-in roles, `role_<hex>` for custom ones.' }),
      name: t.exposeString('name', { description: 'Unique per tenant, regardless of case; never a built-in role name.' }),
      description: t.exposeString('description', { nullable: true, description: 'What the role is for, up to 500 characters.' }),
      scopes: t.exposeStringList('scopes', { description: 'Scopes the role grants, in the order of the scope catalogue.' }),
      built_in: t.exposeBoolean('built_in', { description: '`true` for the built-in roles, which cannot be changed or deleted.' }),
      created_at: t.expose('created_at', { type: 'DateTime', nullable: true, description: 'Null for built-in roles.' }),
      updated_at: t.expose('updated_at', { type: 'DateTime', nullable: true, description: 'Null for built-in roles.' }),
    }),
  });
  const RoleList = listEnvelope(builder, 'RoleList', Role);

  const CreateRoleInput = builder.inputType('CreateRoleInput', {
    extensions: inputRules(createRoleRules),
    fields: (t) => ({
      name: t.string({ required: true, description: '1 to 64 characters; unique per tenant regardless of case, and not a built-in role name.' }),
      description: t.string({ required: false, description: 'Up to 500 characters.' }),
      scopes: t.stringList({ required: true, description: 'At least one scope of the scope catalogue (`/docs/errors` lists them).' }),
    }),
  });
  const UpdateRoleInput = builder.inputType('UpdateRoleInput', {
    extensions: inputRules(updateRoleRules),
    description: 'Fields to change; absent fields keep their value. An empty `description` clears it.',
    fields: (t) => ({
      name: t.string({ required: false, description: '1 to 64 characters; unique per tenant regardless of case, and not a built-in role name.' }),
      description: t.string({ required: false, description: 'Up to 500 characters; an empty string clears it.' }),
      scopes: t.stringList({ required: false, description: 'Replaces the role’s scopes.' }),
    }),
  });

  builder.queryFields((t) => ({
    roles: t.field({
      type: RoleList,
      description: 'The built-in roles (most privileged first), then the custom roles, oldest first.',
      authScopes: { scope: 'roles:read' },
      args: paginationArgs(t),
      resolve: (_root, args, { prisma, principal }, info) => listRoles(prisma, principal.tenantId, listWindow(args, 'roles', ROLE_ORDER, info)),
    }),
    role: t.field({
      type: Role,
      description: 'One role, built-in or custom, by id.',
      authScopes: { scope: 'roles:read' },
      args: { id: t.arg.string({ required: true }) },
      resolve: (_root, { id }, { prisma, principal }) => requireRole(prisma, principal.tenantId, id),
    }),
  }));

  builder.mutationFields((t) => ({
    create_role: t.field({
      type: Role,
      description: 'Creates a custom role; the platform assigns its id.',
      authScopes: { scope: 'roles:write' },
      args: { input: t.arg({ type: CreateRoleInput, required: true }) },
      resolve: (_root, { input }, { principal, audit }) => {
        const role = parseInput(createRoleRules, input);
        assertDelegable(role.scopes, principal.scopes, 'scopes');
        return audit.recordChange('role.create', (tx) => createRole(tx, principal.tenantId, role), (created) => created.id);
      },
    }),
    update_role: t.field({
      type: Role,
      description: 'Changes a custom role. Built-in roles cannot be changed (`invalid_state`).',
      authScopes: { scope: 'roles:write' },
      args: { id: t.arg.string({ required: true }), input: t.arg({ type: UpdateRoleInput, required: true }) },
      resolve: (_root, { id, input }, { principal, audit }) => {
        const changes = parseInput(updateRoleRules, patchChanges(input));
        if (changes.scopes) assertDelegable(changes.scopes, principal.scopes, 'scopes');
        return audit.recordChange('role.update', (tx) => updateRole(tx, principal.tenantId, id, changes), () => id);
      },
    }),
    delete_role: t.field({
      type: Role,
      description: 'Deletes a custom role and returns it. Refused (`invalid_state`) for built-in roles and for roles still assigned to users (deactivated users included).',
      authScopes: { scope: 'roles:write' },
      args: { id: t.arg.string({ required: true }) },
      resolve: (_root, { id }, { principal, audit }) => audit.recordChange('role.delete', (tx) => deleteRole(tx, principal.tenantId, id), () => id),
    }),
  }));
}


export const roleRestRoutes: RestRoutes = {
  'Query.roles': { method: 'GET', path: '/tenants/roles', tags: ['Roles'] },
  'Query.role': { method: 'GET', path: '/tenants/roles/:id', tags: ['Roles'] },
  'Mutation.create_role': { method: 'POST', path: '/tenants/roles', responseStatus: 201, tags: ['Roles'] },
  'Mutation.update_role': { method: 'PATCH', path: '/tenants/roles/:id', tags: ['Roles'] },
  'Mutation.delete_role': { method: 'DELETE', path: '/tenants/roles/:id', tags: ['Roles'] },
};

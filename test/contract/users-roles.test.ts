import { scopeCatalogue } from '@platform/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type TestAccount, accessToken, apiClient, createAccount, problemOf } from '../support/fixtures.ts';

interface User {
  id: string;
  email: string;
  name: string | null;
  role_id: string;
  status: 'invited' | 'active' | 'deactivated';
  invited_at: string;
  activated_at: string | null;
  deactivated_at: string | null;
  created_at: string;
  updated_at: string;
}

interface Role {
  id: string;
  name: string;
  description: string | null;
  scopes: string[];
  built_in: boolean;
  created_at: string | null;
  updated_at: string | null;
}

interface List<T> {
  data: T[];
  meta: { total: number; page: number; per_page: number };
}

const catalogue = Object.keys(scopeCatalogue);
/** A manager holding every scope can give any role (a credential grants only what it holds). */
const ALL_SCOPES = catalogue;
const BUILT_IN_IDS = ['role_owner', 'role_admin', 'role_developer', 'role_analyst', 'role_viewer'];
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** An account on a plan whose rate limit these request-heavy tests stay well inside. */
async function account(scopes = ALL_SCOPES): Promise<TestAccount & { api: ApiClient }> {
  const created = await createAccount({ scopes, plan: 'enterprise' });
  return { ...created, api: apiClient(await accessToken(created.clientId, created.clientSecret), created.tenantId) };
}

async function json<T>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

let emailCounter = 0;
const uniqueEmail = (label = 'person') => `${label}.${++emailCounter}.${Date.now()}@example.com`;

function invite(api: ApiClient, body: Record<string, unknown>): Promise<Response> {
  return api.send('POST', '/v1/tenants/users', body);
}

async function invited(api: ApiClient, body: Partial<Record<'email' | 'name' | 'role_id', string>> = {}): Promise<User> {
  return json<User>(await invite(api, { email: uniqueEmail(), role_id: 'role_viewer', ...body }), 201);
}

async function createdRole(api: ApiClient, body: Record<string, unknown>): Promise<Role> {
  return json<Role>(await api.send('POST', '/v1/tenants/roles', body), 201);
}

describe('users: /v1/tenants/users', () => {
  let api: ApiClient;

  beforeAll(async () => {
    ({ api } = await account());
  });

  it('invites a user with 201: invited state, lower-cased email, assigned id, every field', async () => {
    const before = Date.now();
    const response = await invite(api, { email: '  Ada.Lovelace@Example.COM ', name: 'Ada Lovelace', role_id: 'role_developer' });
    expect(response.status).toBe(201);
    const user = (await response.json()) as User;
    expect(Object.keys(user).sort()).toEqual(['activated_at', 'created_at', 'deactivated_at', 'email', 'id', 'invited_at', 'name', 'role_id', 'status', 'updated_at']);
    expect(user).toMatchObject({ email: 'ada.lovelace@example.com', name: 'Ada Lovelace', role_id: 'role_developer', status: 'invited', activated_at: null, deactivated_at: null });
    expect(user.id).toMatch(/^usr_[0-9a-f]{24}$/);
    for (const time of [user.invited_at, user.created_at, user.updated_at]) expect(time).toMatch(ISO_UTC);
    expect(Date.parse(user.invited_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(await json<User>(await api.get(`/v1/tenants/users/${user.id}`))).toEqual(user);
  });

  it('invites without a name (null) and with a custom role', async () => {
    const role = await createdRole(api, { name: 'Stock clerk', scopes: ['inventory:read', 'inventory:write'] });
    const user = await invited(api, { role_id: role.id });
    expect(user).toMatchObject({ name: null, role_id: role.id });
  });

  it('refuses a duplicate email, whatever its case, with 409 already_exists and keeps the first', async () => {
    const email = uniqueEmail('dup');
    const first = await invited(api, { email, name: 'First' });
    const problem = await problemOf(await invite(api, { email: email.toUpperCase(), name: 'Second', role_id: 'role_admin' }));
    expect(problem).toMatchObject({ status: 409, code: 'already_exists', errors: [{ field: 'email' }] });
    expect(problem.detail).toContain(email);
    expect(await json<User>(await api.get(`/v1/tenants/users/${first.id}`))).toEqual(first);
  });

  // 400: the body breaks the published schema; 422: a name of spaces only or a role that does not exist.
  it.each([
    ['a missing email', { email: undefined }, 'email', 400],
    ['a malformed email', { email: 'not-an-email' }, 'email', 400],
    ['a number for the email', { email: 42 }, 'email', 400],
    ['an empty name', { name: '' }, 'name', 400],
    ['a name of spaces only', { name: '  ' }, 'name', 422],
    ['a missing role', { role_id: undefined }, 'role_id', 400],
    ['an unknown role', { role_id: 'role_superuser' }, 'role_id', 422],
    ['an unknown field', { password: 'secret' }, 'password', 400],
    ['a status chosen by the client', { status: 'active' }, 'status', 400],
  ])('refuses %s with %s naming the field, and creates nothing', async (_label, change, field, status) => {
    const email = uniqueEmail('invalid');
    const problem = await problemOf(await invite(api, { email, name: 'Invalid', role_id: 'role_viewer', ...change }));
    expect(problem).toMatchObject({ status, code: status === 400 ? 'validation_failed' : 'rule_violation' });
    expect(problem.errors?.map((error) => error.field)).toContain(field);
    const all = await json<List<User>>(await api.get('/v1/tenants/users?per_page=100'));
    expect(all.data.map((user) => user.email)).not.toContain(email);
  });

  it('reports every invalid field at once', async () => {
    const problem = await problemOf(await invite(api, { email: 'nope', name: '', role_id: 'role_viewer' }));
    expect(problem.errors?.map((error) => error.field).sort()).toEqual(['email', 'name']);
  });

  describe('PATCH /v1/tenants/users/{id}', () => {
    it('changes the name and the role, keeps the rest and advances updated_at', async () => {
      const user = await invited(api, { name: 'Before' });
      const renamed = await json<User>(await api.send('PATCH', `/v1/tenants/users/${user.id}`, { name: 'After' }));
      expect(renamed).toEqual({ ...user, name: 'After', updated_at: expect.stringMatching(ISO_UTC) });
      expect(Date.parse(renamed.updated_at)).toBeGreaterThanOrEqual(Date.parse(user.updated_at));
      const promoted = await json<User>(await api.send('PATCH', `/v1/tenants/users/${user.id}`, { role_id: 'role_admin' }));
      expect(promoted).toMatchObject({ name: 'After', role_id: 'role_admin', email: user.email, status: 'invited' });
      expect(await json<User>(await api.get(`/v1/tenants/users/${user.id}`))).toEqual(promoted);
    });

    it('refuses an empty change, a null, a bad value, an unknown role or a read-only field, changing nothing', async () => {
      const user = await invited(api, { name: 'Stable' });
      for (const [body, field, status] of [
        [{}, '', 422],
        [{ name: null }, 'name', 400],
        [{ role_id: null }, 'role_id', 400],
        [{ name: '' }, 'name', 400],
        [{ role_id: 'role_nobody' }, 'role_id', 422],
        [{ email: 'other@example.com' }, 'email', 400],
        [{ status: 'active' }, 'status', 400],
      ] as const) {
        const problem = await problemOf(await api.send('PATCH', `/v1/tenants/users/${user.id}`, body));
        expect(problem, JSON.stringify(body)).toMatchObject({ status, code: status === 400 ? 'validation_failed' : 'rule_violation' });
        expect(problem.errors?.map((error) => error.field)).toContain(field);
      }
      expect(await json<User>(await api.get(`/v1/tenants/users/${user.id}`))).toEqual(user);
    });

    it('answers 404 for an unknown user, even when the role is unknown too', async () => {
      const problem = await problemOf(await api.send('PATCH', '/v1/tenants/users/usr_000000000000000000000000', { name: 'X' }));
      expect(problem).toMatchObject({ status: 404, code: 'not_found', instance: '/v1/tenants/users/usr_000000000000000000000000' });
      expect((await problemOf(await api.send('PATCH', '/v1/tenants/users/usr_unknown', { role_id: 'role_nobody' }))).code).toBe('not_found');
    });
  });

  describe('POST /v1/tenants/users/{id}/deactivate', () => {
    it('deactivates a user, keeping the record; a second deactivation is 409 invalid_state', async () => {
      const user = await invited(api);
      const before = Date.now();
      const response = await api.send('POST', `/v1/tenants/users/${user.id}/deactivate`, {});
      expect(response.status).toBe(200);
      const deactivated = (await response.json()) as User;
      expect(deactivated).toMatchObject({ id: user.id, email: user.email, role_id: user.role_id, status: 'deactivated' });
      expect(Date.parse(deactivated.deactivated_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
      expect(await json<User>(await api.get(`/v1/tenants/users/${user.id}`))).toEqual(deactivated);

      const again = await problemOf(await api.send('POST', `/v1/tenants/users/${user.id}/deactivate`, {}));
      expect(again).toMatchObject({ status: 409, code: 'invalid_state' });
      expect(again.detail).toContain('already deactivated');
      expect(await json<User>(await api.get(`/v1/tenants/users/${user.id}`))).toEqual(deactivated);
    });

    it('needs no body and answers 404 for an unknown user', async () => {
      const user = await invited(api);
      expect((await api.send('POST', `/v1/tenants/users/${user.id}/deactivate`, undefined)).status).toBe(200);
      const problem = await problemOf(await api.send('POST', '/v1/tenants/users/usr_unknown/deactivate', {}));
      expect(problem).toMatchObject({ status: 404, code: 'not_found' });
    });

    it('keeps a deactivated user’s email taken', async () => {
      const user = await invited(api);
      await json<User>(await api.send('POST', `/v1/tenants/users/${user.id}/deactivate`, {}));
      expect((await problemOf(await invite(api, { email: user.email, role_id: 'role_viewer' }))).code).toBe('already_exists');
    });
  });

  it('GET /v1/tenants/users/{id} answers 404 problem+json for an unknown id', async () => {
    const problem = await problemOf(await api.get('/v1/tenants/users/usr_unknown'));
    expect(problem).toMatchObject({ status: 404, code: 'not_found', type: '/docs/errors#not_found' });
    expect(problem.detail).toContain('usr_unknown');
  });
});

describe('users: list, filters and pagination', () => {
  let api: ApiClient;
  const users: User[] = [];

  beforeAll(async () => {
    ({ api } = await account());
    // 7 users: 3 viewers, 2 analysts, 2 admins; one viewer and one admin deactivated.
    for (const role_id of ['role_viewer', 'role_analyst', 'role_viewer', 'role_admin', 'role_viewer', 'role_analyst', 'role_admin']) {
      users.push(await invited(api, { role_id }));
    }
    for (const index of [2, 6]) {
      users[index] = await json<User>(await api.send('POST', `/v1/tenants/users/${users[index]?.id}/deactivate`, {}));
    }
  });

  const list = async (query = '') => json<List<User>>(await api.get(`/v1/tenants/users${query}`));

  it('returns the list envelope, oldest first, with the default page', async () => {
    const body = await list();
    expect(Object.keys(body).sort()).toEqual(['data', 'meta']);
    expect(body.meta).toEqual({ total: 7, page: 1, per_page: 25, next_cursor: null, prev_cursor: null });
    expect(body.data).toEqual(users);
  });

  it('filters by status and by role, alone and together', async () => {
    const deactivated = await list('?status=deactivated');
    expect(deactivated.meta.total).toBe(2);
    expect(deactivated.data.map((user) => user.id)).toEqual([users[2]?.id, users[6]?.id]);
    expect((await list('?status=invited')).meta.total).toBe(5);
    expect((await list('?status=active')).data).toEqual([]);
    const viewers = await list('?role_id=role_viewer');
    expect(viewers.data.map((user) => user.id)).toEqual([users[0]?.id, users[2]?.id, users[4]?.id]);
    const activeAdmins = await list('?role_id=role_admin&status=invited');
    expect(activeAdmins.data.map((user) => user.id)).toEqual([users[3]?.id]);
    expect((await list('?role_id=role_unknown')).meta.total).toBe(0);
  });

  it('pages through the list; a page past the end is empty with the true total', async () => {
    const second = await list('?per_page=3&page=2');
    expect(second.meta).toEqual({ total: 7, page: 2, per_page: 3, next_cursor: expect.any(String), prev_cursor: expect.any(String) });
    expect(second.data.map((user) => user.id)).toEqual(users.slice(3, 6).map((user) => user.id));
    const past = await list('?per_page=3&page=4');
    expect(past).toEqual({ data: [], meta: { total: 7, page: 4, per_page: 3, next_cursor: null, prev_cursor: null } });
  });

  it.each([
    ['?per_page=0', 'invalid_parameter', 'per_page'],
    ['?per_page=101', 'invalid_parameter', 'per_page'],
    ['?page=0', 'invalid_parameter', 'page'],
    ['?page=abc', 'invalid_parameter', 'page'],
    ['?status=pending', 'invalid_parameter', 'status'],
    ['?email=x@example.com', 'unknown_parameter', 'email'],
  ])('refuses %s with 400 %s naming the parameter', async (query, code, field) => {
    const problem = await problemOf(await api.get(`/v1/tenants/users${query}`));
    expect(problem).toMatchObject({ status: 400, code, errors: [{ field }] });
  });
});

describe('roles: /v1/tenants/roles', () => {
  let api: ApiClient;

  beforeAll(async () => {
    ({ api } = await account());
  });

  it('lists the five built-in roles first, flagged built_in, with their documented scopes', async () => {
    const body = await json<List<Role>>(await api.get('/v1/tenants/roles'));
    expect(body.meta).toEqual({ total: 5, page: 1, per_page: 25, next_cursor: null, prev_cursor: null });
    expect(body.data.map((role) => role.id)).toEqual(BUILT_IN_IDS);
    expect(body.data.map((role) => role.name)).toEqual(['owner', 'admin', 'developer', 'analyst', 'viewer']);
    for (const role of body.data) {
      expect(Object.keys(role).sort()).toEqual(['built_in', 'created_at', 'description', 'id', 'name', 'scopes', 'updated_at']);
      expect(role).toMatchObject({ built_in: true, created_at: null, updated_at: null });
    }
    const scopesOf = (id: string) => body.data.find((role) => role.id === id)?.scopes;
    expect(scopesOf('role_owner')).toEqual(catalogue);
    expect(scopesOf('role_admin')).toEqual(catalogue.filter((scope) => scope !== 'tenants:write'));
    expect(new Set(scopesOf('role_developer'))).toEqual(new Set(['inventory:read', 'inventory:write', 'crm:read', 'crm:write', 'finance:read', 'finance:write', 'api_keys:read', 'api_keys:write', 'tenants:read']));
    expect(scopesOf('role_analyst')).toEqual(catalogue.filter((scope) => scope.endsWith(':read')));
    expect(new Set(scopesOf('role_viewer'))).toEqual(new Set(['tenants:read', 'inventory:read', 'crm:read', 'finance:read']));
    expect(await json<Role>(await api.get('/v1/tenants/roles/role_admin'))).toEqual(body.data[1]);
  });

  it('creates a custom role with 201, scopes deduplicated in catalogue order, listed after the built-in ones', async () => {
    const response = await api.send('POST', '/v1/tenants/roles', { name: 'Support agent', description: 'Answers customers', scopes: ['crm:write', 'crm:read', 'crm:read', 'inventory:read'] });
    expect(response.status).toBe(201);
    const role = (await response.json()) as Role;
    expect(role).toMatchObject({ name: 'Support agent', description: 'Answers customers', scopes: ['inventory:read', 'crm:read', 'crm:write'], built_in: false });
    expect(role.id).toMatch(/^role_[0-9a-f]{24}$/);
    expect(role.created_at).toMatch(ISO_UTC);
    expect(await json<Role>(await api.get(`/v1/tenants/roles/${role.id}`))).toEqual(role);

    const second = await createdRole(api, { name: 'Auditor', scopes: ['audit:read'] });
    expect(second.description).toBeNull();
    const all = await json<List<Role>>(await api.get('/v1/tenants/roles'));
    expect(all.meta.total).toBe(7);
    expect(all.data.map((entry) => entry.id)).toEqual([...BUILT_IN_IDS, role.id, second.id]);
    // A page spanning built-in and custom roles.
    const page = await json<List<Role>>(await api.get('/v1/tenants/roles?per_page=3&page=2'));
    expect(page.meta).toEqual({ total: 7, page: 2, per_page: 3, next_cursor: expect.any(String), prev_cursor: expect.any(String) });
    expect(page.data.map((entry) => entry.id)).toEqual(['role_analyst', 'role_viewer', role.id]);
    const last = await json<List<Role>>(await api.get('/v1/tenants/roles?per_page=3&page=3'));
    expect(last.data.map((entry) => entry.id)).toEqual([second.id]);
    expect((await json<List<Role>>(await api.get('/v1/tenants/roles?per_page=3&page=9'))).data).toEqual([]);
  });

  it.each([
    ['an unknown scope', { scopes: ['inventory:read', 'inventory:delete'] }, 'scopes.1', 'inventory:delete', 400],
    ['no scope', { scopes: [] }, 'scopes', 'at least one', 400],
    ['a missing name', { name: undefined }, 'name', 'required', 400],
    ['an empty name', { name: '' }, 'name', 'empty', 400],
    ['a name of spaces only', { name: ' ' }, 'name', 'blank', 422],
    ['a name too long', { name: 'x'.repeat(65) }, 'name', '64', 400],
    ['an unknown field', { built_in: true }, 'built_in', 'unknown', 400],
  ])('refuses %s with %s naming the field', async (_label, change, field, message, status) => {
    const problem = await problemOf(await api.send('POST', '/v1/tenants/roles', { name: `Invalid ${field}`, scopes: ['crm:read'], ...change }));
    expect(problem).toMatchObject({ status, code: status === 400 ? 'validation_failed' : 'rule_violation' });
    const error = problem.errors?.find((entry) => entry.field === field);
    expect(error?.message).toContain(message);
  });

  it('refuses a name taken by a built-in or a custom role, whatever its case, with 409 already_exists', async () => {
    for (const name of ['owner', 'Admin', ' VIEWER ']) {
      const problem = await problemOf(await api.send('POST', '/v1/tenants/roles', { name, scopes: ['crm:read'] }));
      expect(problem).toMatchObject({ status: 409, code: 'already_exists', errors: [{ field: 'name' }] });
    }
    await createdRole(api, { name: 'Buyer', scopes: ['inventory:read'] });
    const problem = await problemOf(await api.send('POST', '/v1/tenants/roles', { name: 'buyer', scopes: ['crm:read'] }));
    expect(problem).toMatchObject({ status: 409, code: 'already_exists', errors: [{ field: 'name' }] });
  });

  describe('PATCH /v1/tenants/roles/{id}', () => {
    it('changes the name, description and scopes of a custom role', async () => {
      const role = await createdRole(api, { name: 'Packer', description: 'Packs', scopes: ['inventory:read'] });
      const changed = await json<Role>(await api.send('PATCH', `/v1/tenants/roles/${role.id}`, { name: 'Senior packer', scopes: ['inventory:write', 'inventory:read'] }));
      expect(changed).toMatchObject({ id: role.id, name: 'Senior packer', description: 'Packs', scopes: ['inventory:read', 'inventory:write'], built_in: false, created_at: role.created_at });
      const cleared = await json<Role>(await api.send('PATCH', `/v1/tenants/roles/${role.id}`, { description: '' }));
      expect(cleared.description).toBeNull();
      // Renaming to its own name in another case is not a clash.
      expect((await json<Role>(await api.send('PATCH', `/v1/tenants/roles/${role.id}`, { name: 'SENIOR PACKER' }))).name).toBe('SENIOR PACKER');
      expect(await json<Role>(await api.get(`/v1/tenants/roles/${role.id}`))).toMatchObject({ name: 'SENIOR PACKER', description: null });
    });

    it('refuses invalid changes, name clashes and built-in roles, changing nothing', async () => {
      const role = await createdRole(api, { name: 'Picker', scopes: ['inventory:read'] });
      await createdRole(api, { name: 'Loader', scopes: ['inventory:read'] });
      for (const [body, field, status] of [
        [{}, '', 422],
        [{ scopes: null }, 'scopes', 400],
        [{ scopes: ['nope:read'] }, 'scopes.0', 400],
        [{ name: '' }, 'name', 400],
      ] as const) {
        const problem = await problemOf(await api.send('PATCH', `/v1/tenants/roles/${role.id}`, body));
        expect(problem, JSON.stringify(body)).toMatchObject({ status, code: status === 400 ? 'validation_failed' : 'rule_violation' });
        expect(problem.errors?.map((error) => error.field)).toContain(field);
      }
      for (const name of ['loader', 'developer']) {
        expect(await problemOf(await api.send('PATCH', `/v1/tenants/roles/${role.id}`, { name }))).toMatchObject({ status: 409, code: 'already_exists' });
      }
      expect(await json<Role>(await api.get(`/v1/tenants/roles/${role.id}`))).toEqual(role);

      const builtIn = await problemOf(await api.send('PATCH', '/v1/tenants/roles/role_viewer', { scopes: ['tenants:write'] }));
      expect(builtIn).toMatchObject({ status: 409, code: 'invalid_state' });
      expect((await json<Role>(await api.get('/v1/tenants/roles/role_viewer'))).scopes).not.toContain('tenants:write');
      expect(await problemOf(await api.send('PATCH', '/v1/tenants/roles/role_unknown', { name: 'x' }))).toMatchObject({ status: 404, code: 'not_found' });
    });
  });

  describe('DELETE /v1/tenants/roles/{id}', () => {
    it('refuses to delete a built-in role with 409 invalid_state', async () => {
      for (const id of BUILT_IN_IDS) {
        const problem = await problemOf(await api.send('DELETE', `/v1/tenants/roles/${id}`, undefined));
        expect(problem).toMatchObject({ status: 409, code: 'invalid_state' });
        expect(problem.detail).toContain('built in');
      }
      expect((await json<List<Role>>(await api.get('/v1/tenants/roles'))).data.slice(0, 5).map((role) => role.id)).toEqual(BUILT_IN_IDS);
    });

    it('refuses to delete a role still assigned, naming the count; deletes it once unassigned and returns it', async () => {
      const role = await createdRole(api, { name: 'Temporary', scopes: ['crm:read'] });
      const first = await invited(api, { role_id: role.id });
      const second = await invited(api, { role_id: role.id });
      // Deactivated users still hold their role.
      await json<User>(await api.send('POST', `/v1/tenants/users/${second.id}/deactivate`, {}));

      const inUse = await problemOf(await api.send('DELETE', `/v1/tenants/roles/${role.id}`, undefined));
      expect(inUse).toMatchObject({ status: 409, code: 'invalid_state', user_count: 2 });
      expect(inUse.detail).toContain('2 users');
      expect((await json<List<User>>(await api.get(`/v1/tenants/users?role_id=${role.id}`))).meta.total).toBe(2);

      await json<User>(await api.send('PATCH', `/v1/tenants/users/${first.id}`, { role_id: 'role_viewer' }));
      const stillOne = await problemOf(await api.send('DELETE', `/v1/tenants/roles/${role.id}`, undefined));
      expect(stillOne).toMatchObject({ code: 'invalid_state', user_count: 1 });
      expect(stillOne.detail).toContain('1 user');
      await json<User>(await api.send('PATCH', `/v1/tenants/users/${second.id}`, { role_id: 'role_viewer' }));

      const deleted = await json<Role>(await api.send('DELETE', `/v1/tenants/roles/${role.id}`, undefined));
      expect(deleted).toEqual(role);
      expect((await problemOf(await api.get(`/v1/tenants/roles/${role.id}`))).code).toBe('not_found');
      expect((await problemOf(await api.send('DELETE', `/v1/tenants/roles/${role.id}`, undefined))).code).toBe('not_found');
      // The role is gone: it can no longer be given, and its name is free again.
      expect((await problemOf(await invite(api, { email: uniqueEmail(), role_id: role.id }))).errors).toEqual([{ field: 'role_id', message: expect.stringContaining(role.id) }]);
      await createdRole(api, { name: 'Temporary', scopes: ['crm:read'] });
    });
  });
});

describe('users and roles: scopes', () => {
  let full: TestAccount;
  const client = async (scope: string) => apiClient(await accessToken(full.clientId, full.clientSecret, scope), full.tenantId);
  /** users:write without users:read, plus the scopes of role_viewer, which it hands out. */
  const VIEWER_GRANTING_WRITER = 'users:write tenants:read inventory:read crm:read finance:read';

  beforeAll(async () => {
    full = await createAccount({ scopes: ALL_SCOPES, plan: 'enterprise' });
  });

  it('a users:read token reads users but cannot invite, change or deactivate them (403 naming users:write)', async () => {
    const writer = await client(VIEWER_GRANTING_WRITER);
    const user = await invited(writer);
    const reader = await client('users:read');
    expect((await json<User>(await reader.get(`/v1/tenants/users/${user.id}`))).id).toBe(user.id);
    const email = uniqueEmail('forbidden');
    for (const response of [
      await invite(reader, { email, role_id: 'role_viewer' }),
      await reader.send('PATCH', `/v1/tenants/users/${user.id}`, { name: 'Nope' }),
      await reader.send('POST', `/v1/tenants/users/${user.id}/deactivate`, {}),
    ]) {
      expect(await problemOf(response)).toMatchObject({ status: 403, code: 'insufficient_scope', required_scope: 'users:write' });
    }
    const all = await json<List<User>>(await reader.get('/v1/tenants/users?per_page=100'));
    expect(all.data.map((entry) => entry.email)).not.toContain(email);
    expect(all.data.find((entry) => entry.id === user.id)).toEqual(user);
  });

  it('a users:write token gets back the user it wrote, but cannot list users (403 naming users:read)', async () => {
    const writer = await client(VIEWER_GRANTING_WRITER);
    expect((await invited(writer)).status).toBe('invited');
    expect(await problemOf(await writer.get('/v1/tenants/users'))).toMatchObject({ status: 403, code: 'insufficient_scope', required_scope: 'users:read' });
  });

  it('roles need roles:read and roles:write; user scopes do not reach roles, nor role scopes users', async () => {
    const roleReader = await client('roles:read');
    expect((await json<List<Role>>(await roleReader.get('/v1/tenants/roles'))).meta.total).toBeGreaterThanOrEqual(5);
    for (const response of [
      await roleReader.send('POST', '/v1/tenants/roles', { name: 'Nope', scopes: ['crm:read'] }),
      await roleReader.send('PATCH', '/v1/tenants/roles/role_viewer', { name: 'Nope' }),
      await roleReader.send('DELETE', '/v1/tenants/roles/role_viewer', undefined),
    ]) {
      expect(await problemOf(response)).toMatchObject({ status: 403, code: 'insufficient_scope', required_scope: 'roles:write' });
    }
    expect(await problemOf(await roleReader.get('/v1/tenants/users'))).toMatchObject({ status: 403, required_scope: 'users:read' });
    const userAdmin = await client('users:read users:write');
    expect(await problemOf(await userAdmin.get('/v1/tenants/roles'))).toMatchObject({ status: 403, required_scope: 'roles:read' });
    expect(await problemOf(await userAdmin.get('/v1/tenants/roles/role_owner'))).toMatchObject({ status: 403, required_scope: 'roles:read' });
  });

  it('a credential without any user or role scope is refused', async () => {
    const { api } = await account(['inventory:read']);
    expect(await problemOf(await api.get('/v1/tenants/users'))).toMatchObject({ status: 403, required_scope: 'users:read' });
    expect(await problemOf(await api.get('/v1/tenants/roles'))).toMatchObject({ status: 403, required_scope: 'roles:read' });
  });
});

describe('users and roles: tenant isolation', () => {
  let mine: TestAccount & { api: ApiClient };
  let theirs: TestAccount & { api: ApiClient };
  let user: User;
  let role: Role;

  beforeAll(async () => {
    [mine, theirs] = await Promise.all([account(), account()]);
    role = await createdRole(mine.api, { name: 'Private role', scopes: ['crm:read'] });
    user = await invited(mine.api, { email: uniqueEmail('private'), role_id: role.id });
  });

  it('another tenant neither sees nor changes the users, even by id', async () => {
    expect((await json<List<User>>(await theirs.api.get('/v1/tenants/users'))).meta.total).toBe(0);
    expect((await problemOf(await theirs.api.get(`/v1/tenants/users/${user.id}`))).code).toBe('not_found');
    expect((await problemOf(await theirs.api.send('PATCH', `/v1/tenants/users/${user.id}`, { name: 'Hijacked' }))).code).toBe('not_found');
    expect((await problemOf(await theirs.api.send('POST', `/v1/tenants/users/${user.id}/deactivate`, {}))).code).toBe('not_found');
    expect(await json<User>(await mine.api.get(`/v1/tenants/users/${user.id}`))).toEqual(user);
  });

  it('another tenant neither sees, changes, deletes nor assigns the custom roles', async () => {
    expect((await json<List<Role>>(await theirs.api.get('/v1/tenants/roles'))).data.map((entry) => entry.id)).toEqual(BUILT_IN_IDS);
    expect((await problemOf(await theirs.api.get(`/v1/tenants/roles/${role.id}`))).code).toBe('not_found');
    expect((await problemOf(await theirs.api.send('PATCH', `/v1/tenants/roles/${role.id}`, { name: 'Hijacked' }))).code).toBe('not_found');
    expect((await problemOf(await theirs.api.send('DELETE', `/v1/tenants/roles/${role.id}`, undefined))).code).toBe('not_found');
    const assign = await problemOf(await invite(theirs.api, { email: uniqueEmail(), role_id: role.id }));
    expect(assign).toMatchObject({ status: 422, code: 'rule_violation', errors: [{ field: 'role_id' }] });
    expect(await json<Role>(await mine.api.get(`/v1/tenants/roles/${role.id}`))).toEqual(role);
  });

  it('emails and role names are unique per tenant only', async () => {
    const twin = await invited(theirs.api, { email: user.email });
    expect(twin.id).not.toBe(user.id);
    await createdRole(theirs.api, { name: role.name, scopes: ['inventory:read'] });
  });

  it('the sandbox tenant of the same account has its own users and roles', async () => {
    const sandbox = apiClient(await accessToken(mine.sandboxClientId, mine.sandboxClientSecret), mine.sandboxTenantId);
    expect((await json<List<User>>(await sandbox.get('/v1/tenants/users'))).meta.total).toBe(0);
    expect((await problemOf(await sandbox.get(`/v1/tenants/users/${user.id}`))).code).toBe('not_found');
    expect((await json<List<Role>>(await sandbox.get('/v1/tenants/roles'))).meta.total).toBe(5);
    expect((await problemOf(await sandbox.send('POST', `/v1/tenants/users/${user.id}/deactivate`, {}))).code).toBe('not_found');

    const sandboxUser = await invited(sandbox, { email: user.email, role_id: 'role_admin' });
    expect((await json<List<User>>(await sandbox.get('/v1/tenants/users'))).data).toEqual([sandboxUser]);
    expect((await json<List<User>>(await mine.api.get('/v1/tenants/users'))).data).toEqual([user]);
    // A production token naming the sandbox tenant is refused before any data is read.
    const crossed = apiClient(await accessToken(mine.clientId, mine.clientSecret), mine.sandboxTenantId);
    expect(await problemOf(await crossed.get('/v1/tenants/users'))).toMatchObject({ status: 403, code: 'tenant_mismatch' });
  });
});

describe('users and roles: GraphQL', () => {
  it('offers the same operations, with the same error codes in extensions', async () => {
    const { api } = await account();
    const created = await json<{ data: { create_role: Role } }>(
      await api.graphql('mutation($input: CreateRoleInput!) { create_role(input: $input) { id name scopes built_in } }', { input: { name: 'GraphQL role', scopes: ['crm:read'] } }),
    );
    const roleId = created.data.create_role.id;
    expect(created.data.create_role).toMatchObject({ name: 'GraphQL role', scopes: ['crm:read'], built_in: false });

    const invitedUser = await json<{ data: { invite_user: User } }>(
      await api.graphql('mutation($input: InviteUserInput!) { invite_user(input: $input) { id email status role_id } }', { input: { email: 'Grace@Example.com', role_id: roleId } }),
    );
    expect(invitedUser.data.invite_user).toMatchObject({ email: 'grace@example.com', status: 'invited', role_id: roleId });

    const listed = await json<{ data: { users: List<Pick<User, 'id' | 'status'>>; roles: { meta: { total: number } } } }>(
      await api.graphql('{ users(status: invited, per_page: 10) { data { id status } meta { total page per_page } } roles { meta { total } } }'),
    );
    expect(listed.data.users).toEqual({ data: [{ id: invitedUser.data.invite_user.id, status: 'invited' }], meta: { total: 1, page: 1, per_page: 10 } });
    expect(listed.data.roles.meta.total).toBe(6);

    const deleted = await json<{ errors: Array<{ extensions: { code: string; user_count?: number } }> }>(await api.graphql(`mutation { delete_role(id: "${roleId}") { id } }`));
    expect(deleted.errors[0]?.extensions).toMatchObject({ code: 'invalid_state', user_count: 1 });
    const builtIn = await json<{ errors: Array<{ extensions: { code: string } }> }>(await api.graphql('mutation { delete_role(id: "role_owner") { id } }'));
    expect(builtIn.errors[0]?.extensions.code).toBe('invalid_state');
    const invalid = await json<{ errors: Array<{ extensions: { code: string; errors: Array<{ field: string }> } }> }>(
      await api.graphql('mutation { invite_user(input: { email: "x@example.com", role_id: "role_nobody" }) { id } }'),
    );
    expect(invalid.errors[0]?.extensions).toMatchObject({ code: 'rule_violation', errors: [{ field: 'role_id' }] });
  });
});

describe('users and roles: no privilege escalation', () => {
  it('lets a credential grant only scopes it holds, through roles and through users', async () => {
    const manager = await createAccount({ scopes: ['users:read', 'users:write', 'roles:read', 'roles:write', 'inventory:read'], plan: 'enterprise' });
    const api = apiClient(await accessToken(manager.clientId, manager.clientSecret), manager.tenantId);

    const wideRole = await problemOf(await api.send('POST', '/v1/tenants/roles', { name: 'Too wide', scopes: ['inventory:read', 'inventory:write'] }));
    expect(wideRole).toMatchObject({ status: 422, code: 'rule_violation', errors: [{ field: 'scopes' }] });
    expect(wideRole.errors?.[0]?.message).toContain('inventory:write');

    const narrow = await api.send('POST', '/v1/tenants/roles', { name: 'Narrow', scopes: ['inventory:read'] });
    expect(narrow.status).toBe(201);
    const narrowRole = (await narrow.json()) as { id: string };
    const widened = await problemOf(await api.send('PATCH', `/v1/tenants/roles/${narrowRole.id}`, { scopes: ['inventory:read', 'audit:read'] }));
    expect(widened.errors?.[0]?.field).toBe('scopes');

    const owner = await problemOf(await api.send('POST', '/v1/tenants/users', { email: 'boss@example.com', role_id: 'role_owner' }));
    expect(owner).toMatchObject({ status: 422, code: 'rule_violation', errors: [{ field: 'role_id' }] });
    const invited = await api.send('POST', '/v1/tenants/users', { email: 'reader@example.com', role_id: narrowRole.id });
    expect(invited.status).toBe(201);
    const user = (await invited.json()) as { id: string };
    expect((await problemOf(await api.send('PATCH', `/v1/tenants/users/${user.id}`, { role_id: 'role_admin' }))).errors?.[0]?.field).toBe('role_id');
  });
});

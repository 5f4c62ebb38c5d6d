import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientWithScope, graphqlData, graphqlErrors, json, type List, problemOf, type TestAccount } from '../support/fixtures.ts';
import { type Customer, createCustomer, crmAccount } from '../support/crm.ts';

const fullCustomer = {
  name: 'Müller Maschinenbau',
  email: '  Einkauf@Mueller.EXAMPLE ',
  phone: '+49 30 1234567',
  company_name: 'Müller Maschinenbau GmbH',
  tax_id: 'DE123456789',
  currency: 'EUR',
  notes: 'Pays on 30 days.',
  contacts: [
    { name: 'Anna Schmidt', email: 'Anna@Mueller.example', phone: '+49 30 1', role: 'Buyer', is_primary: true },
    { name: 'Ben Koch', role: 'Accounts payable' },
  ],
  addresses: [
    { kind: 'billing', line1: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
    { kind: 'shipping', line1: 'Lagerweg 7', line2: 'Tor 3', city: 'Potsdam', region: 'Brandenburg', postal_code: '14467', country: 'DE' },
  ],
};

describe('CRM customers', () => {
  let account: TestAccount & { api: ApiClient };
  let api: ApiClient;

  beforeAll(async () => {
    account = await crmAccount();
    api = account.api;
  });

  describe('POST /v1/crm/customers', () => {
    it('creates a customer with contacts and addresses, every field as documented', async () => {
      const before = Date.now();
      const customer = await createCustomer(api, fullCustomer);
      expect(customer.id).toMatch(/^cus_[0-9a-f]{24}$/);
      expect(customer).toMatchObject({
        name: 'Müller Maschinenbau',
        email: 'einkauf@mueller.example',
        phone: '+49 30 1234567',
        company_name: 'Müller Maschinenbau GmbH',
        tax_id: 'DE123456789',
        currency: 'EUR',
        notes: 'Pays on 30 days.',
        archived_at: null,
        version: 1,
      });
      expect(customer.contacts).toEqual([
        { id: expect.stringMatching(/^cct_/), name: 'Anna Schmidt', email: 'anna@mueller.example', phone: '+49 30 1', role: 'Buyer', is_primary: true },
        { id: expect.stringMatching(/^cct_/), name: 'Ben Koch', email: null, phone: null, role: 'Accounts payable', is_primary: false },
      ]);
      expect(customer.addresses).toEqual([
        { id: expect.stringMatching(/^cad_/), kind: 'billing', line1: 'Hauptstraße 1', line2: null, city: 'Berlin', region: null, postal_code: '10115', country: 'DE' },
        { id: expect.stringMatching(/^cad_/), kind: 'shipping', line1: 'Lagerweg 7', line2: 'Tor 3', city: 'Potsdam', region: 'Brandenburg', postal_code: '14467', country: 'DE' },
      ]);
      expect(Date.parse(customer.created_at)).toBeGreaterThanOrEqual(before - 1000);
      expect(customer.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const read = await api.get(`/v1/crm/customers/${customer.id}`);
      expect(read.headers.get('etag')).toBe('"1"');
      expect(await read.json()).toEqual(customer);
    });

    it('creates a customer with only a name: optional fields are null, lists empty', async () => {
      const customer = await json<Customer>(await api.send('POST', '/v1/crm/customers', { name: 'Walk-in' }), 201);
      expect(customer).toMatchObject({ name: 'Walk-in', email: null, phone: null, company_name: null, tax_id: null, currency: null, notes: null, contacts: [], addresses: [] });
    });

    // 400: the body breaks the published schema; 422: it matches the schema but breaks a rule the schema cannot state.
    it.each([
      ['a missing name', { name: undefined }, 'name', 400],
      ['an empty name', { name: '' }, 'name', 400],
      ['a name of spaces only', { name: '  ' }, 'name', 422],
      ['a malformed email', { email: 'not-an-email' }, 'email', 400],
      ['a lower-case currency', { currency: 'eur' }, 'currency', 400],
      ['an unknown country', { addresses: [{ kind: 'billing', line1: 'x', city: 'y', country: 'XX' }] }, 'addresses.0.country', 400],
      ['a lower-case country', { addresses: [{ kind: 'billing', line1: 'x', city: 'y', country: 'de' }] }, 'addresses.0.country', 400],
      ['a three-letter country', { addresses: [{ kind: 'billing', line1: 'x', city: 'y', country: 'DEU' }] }, 'addresses.0.country', 400],
      ['an unknown address kind', { addresses: [{ kind: 'office', line1: 'x', city: 'y', country: 'DE' }] }, 'addresses.0.kind', 400],
      ['an address without a city', { addresses: [{ kind: 'billing', line1: 'x', country: 'DE' }] }, 'addresses.0.city', 400],
      ['two primary contacts', { contacts: [{ name: 'A', is_primary: true }, { name: 'B', is_primary: true }] }, 'contacts.1.is_primary', 422],
      ['a contact without a name', { contacts: [{ email: 'a@b.example' }] }, 'contacts.0.name', 400],
      ['an unknown field', { colour: 'red' }, 'colour', 400],
    ])('refuses %s with %s naming the field, and creates nothing', async (_label, change, field, status) => {
      const before = await json<List<Customer>>(await api.get('/v1/crm/customers?per_page=1'), 200);
      const problem = await problemOf(await api.send('POST', '/v1/crm/customers', { ...fullCustomer, ...change }));
      expect(problem).toMatchObject({ status, code: status === 400 ? 'validation_failed' : 'rule_violation' });
      expect(problem.errors?.map((error) => error.field)).toEqual([field]);
      const after = await json<List<Customer>>(await api.get('/v1/crm/customers?per_page=1'), 200);
      expect(after.meta.total).toBe(before.meta.total);
    });
  });

  describe('GET /v1/crm/customers', () => {
    let lister: ApiClient;
    let ids: Record<string, string>;

    beforeAll(async () => {
      ({ api: lister } = await crmAccount());
      ids = {};
      for (const [name, email, company] of [
        ['Charlie Trading', 'orders@charlie.example', 'Charlie Ltd'],
        ['Alpha Foods', 'buy@alpha.example', null],
        ['Bravo Parts', 'SALES@BRAVO.example', 'Bravo & Söhne'],
        ['Delta', null, 'Alphabet Holdings'],
      ] as const) {
        ids[name] = (await createCustomer(lister, { name, ...(email && { email }), ...(company && { company_name: company }) })).id;
        // Distinct creation instants, so that the creation order is the only possible order.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    });

    it('lists active customers newest first with the envelope', async () => {
      const list = await json<List<Customer>>(await lister.get('/v1/crm/customers'), 200);
      expect(list.meta).toEqual({ total: 4, page: 1, per_page: 25, next_cursor: null, prev_cursor: null });
      expect(list.data.map((customer) => customer.name)).toEqual(['Delta', 'Bravo Parts', 'Alpha Foods', 'Charlie Trading']);
      expect(list.data[0]).toHaveProperty('contacts');
      expect(list.data[0]).not.toHaveProperty('orders');
    });

    it('sorts by name and by created_at, both directions', async () => {
      const names = async (sort: string) => (await json<List<Customer>>(await lister.get(`/v1/crm/customers?sort=${sort}`), 200)).data.map((customer) => customer.name);
      expect(await names('name')).toEqual(['Alpha Foods', 'Bravo Parts', 'Charlie Trading', 'Delta']);
      expect(await names('-name')).toEqual(['Delta', 'Charlie Trading', 'Bravo Parts', 'Alpha Foods']);
      expect(await names('created_at')).toEqual(['Charlie Trading', 'Alpha Foods', 'Bravo Parts', 'Delta']);
      const problem = await problemOf(await lister.get('/v1/crm/customers?sort=email'));
      expect(problem).toMatchObject({ status: 400, code: 'invalid_parameter', errors: [{ field: 'sort' }] });
    });

    it('filters by q (name, email or company, ignoring case) and by exact email', async () => {
      const names = async (query: string) => (await json<List<Customer>>(await lister.get(`/v1/crm/customers?${query}`), 200)).data.map((customer) => customer.name).sort();
      expect(await names('q=ALPHA')).toEqual(['Alpha Foods', 'Delta']);
      expect(await names('q=bravo.example')).toEqual(['Bravo Parts']);
      expect(await names('q=s%C3%B6hne')).toEqual(['Bravo Parts']);
      expect(await names('email=Sales%40Bravo.example')).toEqual(['Bravo Parts']);
      expect(await names('email=bravo.example')).toEqual([]);
      // LIKE wildcards in q are literal text.
      expect(await names('q=%25')).toEqual([]);
      expect(await names('q=_')).toEqual([]);
    });

    it('filters by creation time', async () => {
      const all = await json<List<Customer>>(await lister.get('/v1/crm/customers?sort=created_at'), 200);
      const third = all.data[2] as Customer;
      const after = await json<List<Customer>>(await lister.get(`/v1/crm/customers?created_after=${third.created_at}&sort=created_at`), 200);
      expect(after.data.map((customer) => customer.id)).toEqual(all.data.slice(2).map((customer) => customer.id));
      const before = await json<List<Customer>>(await lister.get(`/v1/crm/customers?created_before=${third.created_at}&sort=created_at`), 200);
      expect(before.data.map((customer) => customer.id)).toEqual(all.data.slice(0, 2).map((customer) => customer.id));
      expect((await problemOf(await lister.get('/v1/crm/customers?created_after=yesterday'))).code).toBe('invalid_parameter');
    });

    it('pages without overlap or gaps', async () => {
      const page1 = await json<List<Customer>>(await lister.get('/v1/crm/customers?per_page=3&sort=name'), 200);
      const page2 = await json<List<Customer>>(await lister.get('/v1/crm/customers?per_page=3&page=2&sort=name'), 200);
      const page3 = await json<List<Customer>>(await lister.get('/v1/crm/customers?per_page=3&page=3&sort=name'), 200);
      expect(page1.meta).toEqual({ total: 4, page: 1, per_page: 3, next_cursor: expect.any(String), prev_cursor: null });
      expect([...page1.data, ...page2.data].map((customer) => customer.name)).toEqual(['Alpha Foods', 'Bravo Parts', 'Charlie Trading', 'Delta']);
      expect(page3).toEqual({ data: [], meta: { total: 4, page: 3, per_page: 3, next_cursor: null, prev_cursor: null } });
      expect((await problemOf(await lister.get('/v1/crm/customers?per_page=101'))).code).toBe('invalid_parameter');
    });

    it('archives and unarchives: archived customers leave the default list and appear with archived=true', async () => {
      const id = ids['Delta'] as string;
      const archived = await json<Customer>(await lister.send('POST', `/v1/crm/customers/${id}/archive`, {}), 200);
      expect(archived.archived_at).toMatch(/Z$/);
      expect(archived.version).toBe(2);
      expect((await json<List<Customer>>(await lister.get('/v1/crm/customers'), 200)).data.map((customer) => customer.id)).not.toContain(id);
      expect((await json<List<Customer>>(await lister.get('/v1/crm/customers?archived=true'), 200)).data.map((customer) => customer.id)).toEqual([id]);
      const again = await problemOf(await lister.send('POST', `/v1/crm/customers/${id}/archive`, {}));
      expect(again).toMatchObject({ status: 409, code: 'invalid_state' });
      const unarchived = await json<Customer>(await lister.send('POST', `/v1/crm/customers/${id}/unarchive`, {}), 200);
      expect(unarchived).toMatchObject({ archived_at: null, version: 3 });
      expect((await problemOf(await lister.send('POST', `/v1/crm/customers/${id}/unarchive`, {}))).code).toBe('invalid_state');
      expect((await json<List<Customer>>(await lister.get('/v1/crm/customers'), 200)).meta.total).toBe(4);
    });
  });

  describe('PATCH /v1/crm/customers/:id', () => {
    it('changes the given fields, replaces contacts and addresses when given, and increments the version', async () => {
      const customer = await createCustomer(api, fullCustomer);
      const updated = await json<Customer>(await api.send('PATCH', `/v1/crm/customers/${customer.id}`, { phone: '', notes: 'New terms', contacts: [{ name: 'Clara Neu', is_primary: true }] }), 200);
      expect(updated).toMatchObject({ name: customer.name, email: customer.email, phone: null, notes: 'New terms', version: 2 });
      expect(updated.contacts).toEqual([{ id: expect.stringMatching(/^cct_/), name: 'Clara Neu', email: null, phone: null, role: null, is_primary: true }]);
      expect(updated.addresses).toEqual(customer.addresses);
      const cleared = await json<Customer>(await api.send('PATCH', `/v1/crm/customers/${customer.id}`, { addresses: [], email: 'NEW@Mueller.example' }), 200);
      expect(cleared).toMatchObject({ addresses: [], email: 'new@mueller.example', version: 3 });
      expect(cleared.contacts).toEqual(updated.contacts);
      expect(Date.parse(cleared.updated_at)).toBeGreaterThanOrEqual(Date.parse(customer.updated_at));
    });

    it('refuses invalid changes naming the field, and changes nothing', async () => {
      const customer = await createCustomer(api, fullCustomer);
      for (const [body, field, status] of [
        [{ name: null }, 'name', 400],
        [{ name: '' }, 'name', 400],
        [{ addresses: [{ kind: 'billing', line1: 'x', city: 'y', country: 'ZZ' }] }, 'addresses.0.country', 400],
        [{ contacts: [{ name: 'A', is_primary: true }, { name: 'B' }, { name: 'C', is_primary: true }] }, 'contacts.2.is_primary', 422],
        [{}, '', 422],
      ] as const) {
        const problem = await problemOf(await api.send('PATCH', `/v1/crm/customers/${customer.id}`, body));
        expect(problem, JSON.stringify(body)).toMatchObject({ status, code: status === 400 ? 'validation_failed' : 'rule_violation' });
        expect(problem.errors?.map((error) => error.field)).toEqual([field]);
      }
      expect(await json<Customer>(await api.get(`/v1/crm/customers/${customer.id}`), 200)).toEqual(customer);
    });

    it('refuses a stale body version with 409 version_conflict and changes nothing', async () => {
      const customer = await createCustomer(api);
      await json(await api.send('PATCH', `/v1/crm/customers/${customer.id}`, { notes: 'first', version: 1 }), 200);
      const problem = await problemOf(await api.send('PATCH', `/v1/crm/customers/${customer.id}`, { notes: 'second', version: 1 }));
      expect(problem).toMatchObject({ status: 409, code: 'version_conflict', errors: [{ field: 'version' }] });
      expect(await json<Customer>(await api.get(`/v1/crm/customers/${customer.id}`), 200)).toMatchObject({ notes: 'first', version: 2 });
      const archive = await problemOf(await api.send('POST', `/v1/crm/customers/${customer.id}/archive`, { version: 1 }));
      expect(archive.code).toBe('version_conflict');
      expect((await json<Customer>(await api.get(`/v1/crm/customers/${customer.id}`), 200)).archived_at).toBeNull();
    });

    it('refuses a stale If-Match with 412 precondition_failed and changes nothing; a current one passes', async () => {
      const customer = await createCustomer(api);
      await json(await api.send('PATCH', `/v1/crm/customers/${customer.id}`, { notes: 'first' }), 200);
      const stale = await account.api.send('PATCH', `/v1/crm/customers/${customer.id}`, { notes: 'second' }, { 'if-match': '"1"' });
      expect(await problemOf(stale)).toMatchObject({ status: 412, code: 'precondition_failed' });
      expect(await json<Customer>(await api.get(`/v1/crm/customers/${customer.id}`), 200)).toMatchObject({ notes: 'first', version: 2 });
      const current = await account.api.send('PATCH', `/v1/crm/customers/${customer.id}`, { notes: 'third' }, { 'if-match': '"2"' });
      expect(current.status).toBe(200);
      expect(current.headers.get('etag')).toBe('"3"');
      const staleArchive = await account.api.send('POST', `/v1/crm/customers/${customer.id}/archive`, undefined, { 'if-match': '"2"' });
      expect((await problemOf(staleArchive)).code).toBe('precondition_failed');
    });
  });

  describe('not found and tenant isolation', () => {
    it('answers 404 for unknown ids on every operation', async () => {
      expect((await problemOf(await api.get('/v1/crm/customers/cus_unknown'))).code).toBe('not_found');
      expect((await problemOf(await api.send('PATCH', '/v1/crm/customers/cus_unknown', { name: 'x' }))).code).toBe('not_found');
      expect((await problemOf(await api.send('POST', '/v1/crm/customers/cus_unknown/archive', {}))).code).toBe('not_found');
      expect((await problemOf(await api.send('POST', '/v1/crm/customers/cus_unknown/unarchive', {}))).code).toBe('not_found');
    });

    it("answers 404 for another tenant's customer and leaves it unchanged", async () => {
      const other = await crmAccount();
      const theirs = await createCustomer(other.api, { name: 'Theirs' });
      expect((await problemOf(await api.get(`/v1/crm/customers/${theirs.id}`))).status).toBe(404);
      expect((await problemOf(await api.send('PATCH', `/v1/crm/customers/${theirs.id}`, { name: 'Mine now' }))).status).toBe(404);
      expect((await problemOf(await api.send('POST', `/v1/crm/customers/${theirs.id}/archive`, {}))).status).toBe(404);
      const list = await json<List<Customer>>(await api.get('/v1/crm/customers?per_page=100'), 200);
      expect(list.data.map((customer) => customer.id)).not.toContain(theirs.id);
      expect(await json<Customer>(await other.api.get(`/v1/crm/customers/${theirs.id}`), 200)).toEqual(theirs);
      const errors = await graphqlErrors(api, 'query($id: String!) { customer(id: $id) { name } }', { id: theirs.id });
      expect(errors[0]?.extensions?.code).toBe('not_found');
    });
  });

  describe('scopes', () => {
    it('crm:read reads but cannot write (403 insufficient_scope naming crm:write), in REST and GraphQL', async () => {
      const reader = await clientWithScope(account, 'crm:read');
      const customer = await createCustomer(api, { name: 'Scoped' });
      expect((await reader.get(`/v1/crm/customers/${customer.id}`)).status).toBe(200);
      const create = await problemOf(await reader.send('POST', '/v1/crm/customers', { name: 'No' }));
      expect(create).toMatchObject({ status: 403, code: 'insufficient_scope', required_scope: 'crm:write' });
      expect((await problemOf(await reader.send('PATCH', `/v1/crm/customers/${customer.id}`, { name: 'No' }))).status).toBe(403);
      expect((await problemOf(await reader.send('POST', `/v1/crm/customers/${customer.id}/archive`, {}))).status).toBe(403);
      const errors = await graphqlErrors(reader, 'mutation($id: String!) { update_customer(id: $id, input: { name: "No" }) { id } }', { id: customer.id });
      expect(errors[0]?.extensions).toMatchObject({ code: 'insufficient_scope', required_scope: 'crm:write' });
      expect((await json<Customer>(await api.get(`/v1/crm/customers/${customer.id}`), 200)).name).toBe('Scoped');
    });

    it('a client without CRM scopes cannot read customers', async () => {
      const inventoryOnly = await clientWithScope(account, 'inventory:read');
      expect(await problemOf(await inventoryOnly.get('/v1/crm/customers'))).toMatchObject({ status: 403, required_scope: 'crm:read' });
      const errors = await graphqlErrors(inventoryOnly, '{ customers { data { id } } }');
      expect(errors[0]?.extensions).toMatchObject({ code: 'insufficient_scope', required_scope: 'crm:read' });
    });

    it('crm:write alone can create and gets the created record back', async () => {
      const writer = await clientWithScope(account, 'crm:write');
      const customer = await json<Customer>(await writer.send('POST', '/v1/crm/customers', { name: 'Writer made' }), 201);
      expect(customer.name).toBe('Writer made');
      expect((await problemOf(await writer.get(`/v1/crm/customers/${customer.id}`))).status).toBe(403);
    });
  });

  describe('GraphQL', () => {
    it('creates, updates and reads customers with the same rules', async () => {
      const created = await graphqlData<{ create_customer: { id: string; email: string; version: number } }>(
        api,
        'mutation { create_customer(input: { name: "GQL Co", email: "GQL@Example.com", addresses: [{ kind: shipping, line1: "1 Way", city: "Oslo", country: "NO" }] }) { id email version } }',
      );
      expect(created.create_customer).toMatchObject({ email: 'gql@example.com', version: 1 });
      const id = created.create_customer.id;
      const updated = await graphqlData<{ update_customer: { name: string; version: number; addresses: Array<{ country: string; kind: string }> } }>(
        api,
        'mutation($id: String!) { update_customer(id: $id, input: { name: "GQL Company", version: 1 }) { name version addresses { country kind } } }',
        { id },
      );
      expect(updated.update_customer).toEqual({ name: 'GQL Company', version: 2, addresses: [{ country: 'NO', kind: 'shipping' }] });
      const stale = await graphqlErrors(api, 'mutation($id: String!) { archive_customer(id: $id, version: 1) { id } }', { id });
      expect(stale[0]?.extensions).toMatchObject({ code: 'version_conflict', current_version: 2 });
      const archived = await graphqlData<{ archive_customer: { archived_at: string | null } }>(api, 'mutation($id: String!) { archive_customer(id: $id, version: 2) { archived_at } }', { id });
      expect(archived.archive_customer.archived_at).not.toBeNull();
      const list = await graphqlData<{ customers: { meta: { total: number }; data: Array<{ id: string }> } }>(api, '{ customers(archived: true, q: "gql") { meta { total } data { id } } }');
      expect(list.customers).toEqual({ meta: { total: 1 }, data: [{ id }] });
      const invalid = await graphqlErrors(api, 'mutation { create_customer(input: { name: "Bad", addresses: [{ kind: billing, line1: "x", city: "y", country: "QQ" }] }) { id } }');
      expect(invalid[0]?.extensions).toMatchObject({ code: 'validation_failed', errors: [{ field: 'addresses.0.country' }] });
    });
  });
});

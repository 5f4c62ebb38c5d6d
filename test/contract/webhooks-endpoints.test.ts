import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientWithScope, graphqlData, graphqlErrors, json, type List, problemOf, signedInAccount } from '../support/fixtures.ts';
import { type Endpoint, type EndpointWithSecret, createEndpoint, eventsAccount, sandboxClientWithScope, startReceiver } from '../support/events.ts';

const PUBLIC_HTTPS = 'https://93.184.215.14/hooks';

describe('webhook endpoints: register, read, change, disable, delete', () => {
  let account: Awaited<ReturnType<typeof eventsAccount>>;
  let sandbox: ApiClient;
  let receiverUrl: string;

  beforeAll(async () => {
    account = await eventsAccount(['events:read', 'events:write', 'webhooks:read', 'webhooks:write', 'crm:read']);
    sandbox = account.sandbox;
    receiverUrl = (await startReceiver()).url;
  });

  /** The fields of a refusal: 400 when the body breaks the published schema, 422 for the rules it cannot state (the URL policy, scopes, duplicates). */
  const fieldsOf = async (response: Response, status: 400 | 422 = 422) => {
    const problem = await problemOf(response);
    expect({ status: problem.status, code: problem.code }).toEqual({ status, code: status === 400 ? 'validation_failed' : 'rule_violation' });
    return problem.errors ?? [];
  };

  describe('POST /v1/events/webhook-endpoints', () => {
    it('registers an enabled endpoint and shows its whsec_ secret in this answer only', async () => {
      const response = await sandbox.send('POST', '/v1/events/webhook-endpoints', { url: receiverUrl, description: 'Orders to ERP', event_types: ['order.created', 'custom.invoice.exported'] });
      const created = await json<EndpointWithSecret>(response, 201);
      expect(response.headers.get('etag')).toBe('"1"');
      expect(created).toEqual({
        id: expect.stringMatching(/^we_[0-9a-f]{24}$/),
        url: receiverUrl,
        description: 'Orders to ERP',
        event_types: ['order.created', 'custom.invoice.exported'],
        status: 'enabled',
        disabled_reason: null,
        disabled_at: null,
        previous_secret_expires_at: null,
        version: 1,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      });
      const { secret, ...endpoint } = created;
      const read = await sandbox.get(`/v1/events/webhook-endpoints/${created.id}`);
      expect(read.headers.get('etag')).toBe('"1"');
      const body = await read.text();
      expect(JSON.parse(body)).toEqual(endpoint);
      expect(body).not.toContain(secret);
      expect(body).not.toContain(secret.slice(6, 20));
      const list = await sandbox.get('/v1/events/webhook-endpoints');
      expect(await list.clone().text()).not.toContain(secret.slice(6, 20));
      expect((await json<List<Endpoint>>(list)).data).toContainEqual(endpoint);
      // A second endpoint gets its own secret.
      const other = await createEndpoint(sandbox, { url: receiverUrl, event_types: ['custom.x'] });
      expect(other.secret).not.toBe(secret);
      expect(other.description).toBeNull();
    });

    it('refuses URLs into private networks, naming the reason at url', async () => {
      for (const url of ['http://10.0.0.1/hooks', 'http://192.168.1.20:8080/', 'http://169.254.169.254/latest/meta-data', 'http://[fd00::1]/', 'http://0.0.0.0/', 'http://100.64.0.1/', 'http://[::ffff:10.0.0.1]/']) {
        const errors = await fieldsOf(await sandbox.send('POST', '/v1/events/webhook-endpoints', { url, event_types: ['custom.a'] }));
        expect(errors, url).toEqual([{ field: 'url', message: expect.stringMatching(/private or reserved address/) }]);
      }
      for (const [url, reason, status] of [
        ['ftp://93.184.215.14/', /https/, 422],
        ['not a url', /absolute http\(s\) URL/, 422],
        ['https://user:pw@93.184.215.14/', /credentials/, 422],
        [`https://93.184.215.14/${'a'.repeat(2100)}`, /2048/, 400],
        ['https://does-not-exist.invalid/', /does not resolve/, 422],
      ] as const) {
        const errors = await fieldsOf(await sandbox.send('POST', '/v1/events/webhook-endpoints', { url, event_types: ['custom.a'] }), status);
        expect(errors.map((error) => error.field), url).toEqual(['url']);
        expect(errors[0]?.message).toMatch(reason);
      }
      const list = await json<List<Endpoint>>(await sandbox.get('/v1/events/webhook-endpoints?per_page=100'));
      expect(list.data.filter((endpoint) => !endpoint.url.startsWith('http://127.0.0.1'))).toEqual([]);
    });

    it('refuses http for a production tenant but allows it for the sandbox; https to a public address passes in production', async () => {
      const errors = await fieldsOf(await account.api.send('POST', '/v1/events/webhook-endpoints', { url: receiverUrl, event_types: ['custom.a'] }));
      expect(errors).toEqual([{ field: 'url', message: 'must use https for a production tenant' }]);
      const production = await createEndpoint(account.api, { url: PUBLIC_HTTPS, event_types: ['custom.a'] });
      expect(production.url).toBe(PUBLIC_HTTPS);
      expect((await createEndpoint(sandbox, { url: receiverUrl, event_types: ['custom.a'] })).url).toBe(receiverUrl);
    });

    it('checks event types: known or custom, at least one, no duplicates, receivable with the credential’s scopes', async () => {
      const cases: Array<[unknown, Array<{ field: string; message: RegExp }>, 400 | 422]> = [
        [[], [{ field: 'event_types', message: /at least one/ }], 400],
        [['order.created', 'order.created'], [{ field: 'event_types.1', message: /listed twice/ }], 422],
        [['custom.ok', 'order.deleted', 'Custom.X'], [{ field: 'event_types.1', message: /not an event type/ }, { field: 'event_types.2', message: /not an event type/ }], 400],
        [['inventory.stock.low'], [{ field: 'event_types.0', message: /needs the scope inventory:read/ }], 422],
      ];
      for (const [eventTypes, expected, status] of cases) {
        const errors = await fieldsOf(await sandbox.send('POST', '/v1/events/webhook-endpoints', { url: receiverUrl, event_types: eventTypes }), status);
        expect(errors.map((error) => error.field)).toEqual(expected.map((entry) => entry.field));
        errors.forEach((error, index) => expect(error.message).toMatch((expected[index] as { message: RegExp }).message));
      }
      const allErrors = await fieldsOf(await sandbox.send('POST', '/v1/events/webhook-endpoints', { url: 'http://10.1.2.3/', description: 'x'.repeat(501), event_types: [] }), 400);
      expect(allErrors.map((error) => error.field)).toEqual(['description', 'event_types', 'url']);
      const missing = await fieldsOf(await sandbox.send('POST', '/v1/events/webhook-endpoints', { description: 'none' }), 400);
      expect(missing.map((error) => error.field).sort()).toEqual(['event_types', 'url']);
    });

    it('cannot subscribe to order.created without crm:read', async () => {
      const limited = await sandboxClientWithScope(account, 'webhooks:write webhooks:read events:read');
      const errors = await fieldsOf(await limited.send('POST', '/v1/events/webhook-endpoints', { url: receiverUrl, event_types: ['custom.fine', 'order.created'] }));
      expect(errors).toEqual([{ field: 'event_types.1', message: 'receiving order.created needs the scope crm:read, which this credential lacks' }]);
      const noEvents = await sandboxClientWithScope(account, 'webhooks:write');
      const customErrors = await fieldsOf(await noEvents.send('POST', '/v1/events/webhook-endpoints', { url: receiverUrl, event_types: ['custom.fine'] }));
      expect(customErrors).toEqual([{ field: 'event_types.0', message: 'receiving custom.fine needs the scope events:read, which this credential lacks' }]);
    });
  });

  describe('GET /v1/events/webhook-endpoints', () => {
    it('lists newest first, filters by status, paginates', async () => {
      const fresh = await eventsAccount();
      const receiver = await startReceiver();
      const made: Endpoint[] = [];
      for (let index = 0; index < 3; index += 1) made.push(await createEndpoint(fresh.sandbox, { url: receiver.url, event_types: [`custom.n${index}`] }));
      await json(await fresh.sandbox.send('POST', `/v1/events/webhook-endpoints/${(made[1] as Endpoint).id}/disable`, {}));
      const all = await json<List<Endpoint>>(await fresh.sandbox.get('/v1/events/webhook-endpoints'));
      expect(all.data.map((endpoint) => endpoint.id)).toEqual(made.map((endpoint) => endpoint.id).reverse());
      expect(all.meta).toEqual({ total: 3, page: 1, per_page: 25, next_cursor: null, prev_cursor: null });
      const oldestFirst = await json<List<Endpoint>>(await fresh.sandbox.get('/v1/events/webhook-endpoints?sort=created_at&per_page=2&page=2'));
      expect(oldestFirst.data.map((endpoint) => endpoint.id)).toEqual([(made[2] as Endpoint).id]);
      const disabled = await json<List<Endpoint>>(await fresh.sandbox.get('/v1/events/webhook-endpoints?status=disabled'));
      expect(disabled.data.map((endpoint) => [endpoint.id, endpoint.status, endpoint.disabled_reason])).toEqual([[(made[1] as Endpoint).id, 'disabled', 'Disabled through the API.']]);
      const enabled = await json<List<Endpoint>>(await fresh.sandbox.get('/v1/events/webhook-endpoints?status=enabled'));
      expect(enabled.meta.total).toBe(2);
      expect((await fresh.sandbox.get('/v1/events/webhook-endpoints?status=broken')).status).toBe(400);
      // The production tenant of the same account has none.
      expect((await json<List<Endpoint>>(await fresh.api.get('/v1/events/webhook-endpoints'))).meta.total).toBe(0);
    });
  });

  describe('PATCH, disable, enable, delete', () => {
    it('changes url, description and event types, with the same rules, and increments the version', async () => {
      const endpoint = await createEndpoint(sandbox, { url: receiverUrl, description: 'before', event_types: ['custom.a'] });
      const second = await startReceiver();
      const response = await sandbox.send('PATCH', `/v1/events/webhook-endpoints/${endpoint.id}`, { url: second.url, description: '', event_types: ['custom.b', 'order.created'], version: 1 });
      const changed = await json<Endpoint>(response);
      expect(response.headers.get('etag')).toBe('"2"');
      expect(changed).toMatchObject({ url: second.url, description: null, event_types: ['custom.b', 'order.created'], version: 2 });
      expect(changed).not.toHaveProperty('secret');
      const errors = await fieldsOf(await sandbox.send('PATCH', `/v1/events/webhook-endpoints/${endpoint.id}`, { url: 'http://192.168.0.1/', event_types: ['nope'] }), 400);
      expect(errors.map((error) => error.field)).toEqual(['event_types.0', 'url']);
      const nulls = await fieldsOf(await sandbox.send('PATCH', `/v1/events/webhook-endpoints/${endpoint.id}`, { url: null }), 400);
      expect(nulls.map((error) => error.field)).toEqual(['url']);
      expect(await json<Endpoint>(await sandbox.get(`/v1/events/webhook-endpoints/${endpoint.id}`))).toEqual(changed);
    });

    it('refuses stale versions (409 version_conflict, 412 with If-Match) and changes nothing', async () => {
      const endpoint = await createEndpoint(sandbox, { url: receiverUrl, event_types: ['custom.a'] });
      await json(await sandbox.send('PATCH', `/v1/events/webhook-endpoints/${endpoint.id}`, { description: 'v2' }));
      const stale = await sandbox.send('PATCH', `/v1/events/webhook-endpoints/${endpoint.id}`, { description: 'stale', version: 1 });
      expect(stale.status).toBe(409);
      expect(await problemOf(stale)).toMatchObject({ code: 'version_conflict', current_version: 2 });
      for (const path of ['disable', 'rotate-secret']) {
        const staleAction = await sandbox.send('POST', `/v1/events/webhook-endpoints/${endpoint.id}/${path}`, {}, { 'if-match': '"1"' });
        expect(staleAction.status, path).toBe(412);
        expect(await problemOf(staleAction)).toMatchObject({ code: 'precondition_failed', current_version: 2 });
      }
      const staleDelete = await sandbox.send('DELETE', `/v1/events/webhook-endpoints/${endpoint.id}`, { version: 1 });
      expect(staleDelete.status).toBe(409);
      expect(await json<Endpoint>(await sandbox.get(`/v1/events/webhook-endpoints/${endpoint.id}`))).toMatchObject({ description: 'v2', status: 'enabled', version: 2 });
      // Concurrent changes based on the same version: exactly one wins.
      const results = await Promise.all(Array.from({ length: 8 }, (_, index) => sandbox.send('PATCH', `/v1/events/webhook-endpoints/${endpoint.id}`, { description: `racer ${index}`, version: 2 })));
      expect(results.map((result) => result.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      expect((await json<Endpoint>(await sandbox.get(`/v1/events/webhook-endpoints/${endpoint.id}`))).version).toBe(3);
    });

    it('disables and enables (enable clears the reason); the same state twice is invalid_state', async () => {
      const endpoint = await createEndpoint(sandbox, { url: receiverUrl, event_types: ['custom.a'] });
      const disabled = await json<Endpoint>(await sandbox.send('POST', `/v1/events/webhook-endpoints/${endpoint.id}/disable`, { version: 1 }));
      expect(disabled).toMatchObject({ status: 'disabled', disabled_reason: 'Disabled through the API.', disabled_at: expect.any(String), version: 2 });
      const again = await sandbox.send('POST', `/v1/events/webhook-endpoints/${endpoint.id}/disable`, {});
      expect(again.status).toBe(409);
      expect((await problemOf(again)).code).toBe('invalid_state');
      const enabled = await json<Endpoint>(await sandbox.send('POST', `/v1/events/webhook-endpoints/${endpoint.id}/enable`, {}));
      expect(enabled).toMatchObject({ status: 'enabled', disabled_reason: null, disabled_at: null, version: 3 });
      expect((await sandbox.send('POST', `/v1/events/webhook-endpoints/${endpoint.id}/enable`, {})).status).toBe(409);
    });

    it('deletes and returns the endpoint as it was; then it is 404', async () => {
      const endpoint = await createEndpoint(sandbox, { url: receiverUrl, event_types: ['custom.a'] });
      const { secret: _secret, ...shown } = endpoint;
      expect(await json<Endpoint>(await sandbox.send('DELETE', `/v1/events/webhook-endpoints/${endpoint.id}`, {}))).toEqual(shown);
      expect((await sandbox.get(`/v1/events/webhook-endpoints/${endpoint.id}`)).status).toBe(404);
      expect((await sandbox.send('DELETE', `/v1/events/webhook-endpoints/${endpoint.id}`, {})).status).toBe(404);
    });
  });

  describe('tenancy and scopes', () => {
    it('answers 404 for another tenant’s endpoints on every operation, and changes nothing', async () => {
      const victim = await eventsAccount();
      const receiver = await startReceiver();
      const theirs = await createEndpoint(victim.sandbox, { url: receiver.url, event_types: ['custom.a'] });
      const base = `/v1/events/webhook-endpoints/${theirs.id}`;
      const attempts: Array<[string, string, unknown]> = [
        ['GET', base, undefined],
        ['PATCH', base, { description: 'taken' }],
        ['DELETE', base, {}],
        ['POST', `${base}/disable`, {}],
        ['POST', `${base}/enable`, {}],
        ['POST', `${base}/rotate-secret`, {}],
        ['POST', `${base}/resend`, { event_id: 'evt_000000000000000000000000' }],
        ['POST', `${base}/replay`, { occurred_after: '2020-01-01T00:00:00Z', occurred_before: '2030-01-01T00:00:00Z' }],
        ['POST', `${base}/ping`, {}],
        ['GET', `${base}/deliveries`, undefined],
      ];
      for (const [method, path, body] of attempts) {
        const response = method === 'GET' ? await sandbox.get(path) : await sandbox.send(method, path, body);
        expect(response.status, `${method} ${path}`).toBe(404);
        expect((await problemOf(response)).code).toBe('not_found');
      }
      expect(receiver.received).toEqual([]);
      const { secret: _secret, ...unchanged } = theirs;
      expect(await json<Endpoint>(await victim.sandbox.get(base))).toEqual(unchanged);
      const errors = await graphqlErrors(sandbox, 'query($id: String!) { webhook_endpoint(id: $id) { id } }', { id: theirs.id });
      expect(errors.map((error) => error.extensions?.code)).toEqual(['not_found']);
    });

    it('needs webhooks:read to read and webhooks:write to change', async () => {
      const endpoint = await createEndpoint(sandbox, { url: receiverUrl, event_types: ['custom.a'] });
      const reader = await sandboxClientWithScope(account, 'webhooks:read');
      const writer = await sandboxClientWithScope(account, 'webhooks:write events:read');
      for (const [client, method, path, scope] of [
        [writer, 'GET', '/v1/events/webhook-endpoints', 'webhooks:read'],
        [writer, 'GET', `/v1/events/webhook-endpoints/${endpoint.id}`, 'webhooks:read'],
        [writer, 'GET', `/v1/events/webhook-endpoints/${endpoint.id}/deliveries`, 'webhooks:read'],
        [reader, 'POST', '/v1/events/webhook-endpoints', 'webhooks:write'],
        [reader, 'PATCH', `/v1/events/webhook-endpoints/${endpoint.id}`, 'webhooks:write'],
        [reader, 'DELETE', `/v1/events/webhook-endpoints/${endpoint.id}`, 'webhooks:write'],
        [reader, 'POST', `/v1/events/webhook-endpoints/${endpoint.id}/disable`, 'webhooks:write'],
        [reader, 'POST', `/v1/events/webhook-endpoints/${endpoint.id}/rotate-secret`, 'webhooks:write'],
        [reader, 'POST', `/v1/events/webhook-endpoints/${endpoint.id}/ping`, 'webhooks:write'],
      ] as const) {
        const body = path.endsWith('webhook-endpoints') ? { url: receiverUrl, event_types: ['custom.a'] } : method === 'PATCH' ? { description: 'x' } : {};
        const response = method === 'GET' ? await client.get(path) : await client.send(method, path, body);
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(await problemOf(response)).toMatchObject({ code: 'insufficient_scope', required_scope: scope });
      }
      // The writer gets the record it wrote back without webhooks:read.
      const created = await createEndpoint(writer, { url: receiverUrl, event_types: ['custom.a'] });
      expect(created.secret).toMatch(/^whsec_/);
      const { secret: _secret, ...unchanged } = endpoint;
      expect(await json<Endpoint>(await sandbox.get(`/v1/events/webhook-endpoints/${endpoint.id}`))).toEqual(unchanged);
    });
  });

  describe('GraphQL', () => {
    it('creates, reads, updates and lists endpoints; the secret only in the creation answer', async () => {
      const fresh = await eventsAccount();
      const receiver = await startReceiver();
      const created = await graphqlData<{ create_webhook_endpoint: { id: string; secret: string; status: string; version: number } }>(
        fresh.sandbox,
        'mutation($input: CreateWebhookEndpointInput!) { create_webhook_endpoint(input: $input) { id secret status version } }',
        { input: { url: receiver.url, event_types: ['custom.gql'] } },
      );
      expect(created.create_webhook_endpoint).toEqual({ id: expect.stringMatching(/^we_/), secret: expect.stringMatching(/^whsec_/), status: 'enabled', version: 1 });
      const id = created.create_webhook_endpoint.id;
      const secretField = await graphqlErrors(fresh.sandbox, 'query($id: String!) { webhook_endpoint(id: $id) { secret } }', { id });
      expect(secretField.map((error) => error.extensions?.code)).toEqual(['query_invalid']);
      const updated = await graphqlData<{ update_webhook_endpoint: { event_types: string[]; version: number } }>(
        fresh.sandbox,
        'mutation($id: String!) { update_webhook_endpoint(id: $id, input: { event_types: ["custom.one", "custom.two"], version: 1 }) { event_types version } }',
        { id },
      );
      expect(updated.update_webhook_endpoint).toEqual({ event_types: ['custom.one', 'custom.two'], version: 2 });
      const listed = await graphqlData<{ webhook_endpoints: { data: Array<{ id: string }>; meta: { total: number } } }>(fresh.sandbox, '{ webhook_endpoints(status: enabled) { data { id } meta { total } } }');
      expect(listed.webhook_endpoints).toEqual({ data: [{ id }], meta: { total: 1 } });
      const refused = await graphqlErrors(await clientWithScope(fresh, 'webhooks:read'), 'mutation($id: String!) { disable_webhook_endpoint(id: $id) { id } }', { id });
      expect(refused.map((error) => [error.extensions?.code, error.extensions?.required_scope])).toEqual([['insufficient_scope', 'webhooks:write']]);
    });
  });
});

describe('webhook endpoints of a production tenant without the receiver scope', () => {
  it('refuses platform types whose scope the client was never granted', async () => {
    const account = await signedInAccount(['webhooks:write', 'webhooks:read', 'events:read']);
    const response = await account.api.send('POST', '/v1/events/webhook-endpoints', { url: PUBLIC_HTTPS, event_types: ['order.created', 'inventory.stock.low', 'custom.ok'] });
    expect(response.status).toBe(422);
    expect((await problemOf(response)).errors?.map((error) => error.field)).toEqual(['event_types.0', 'event_types.1']);
  });
});

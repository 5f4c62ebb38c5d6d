import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiClient, problemOf, signedInAccount } from '../support/fixtures.ts';

/**
 * Idempotency-Key on writes: a retry returns the first response and acts once; a key is bound to
 * its first request; refusals before execution release the key. Warehouses are the subject: each
 * creation assigns a new id, so a second execution would be visible.
 */
describe('Idempotency-Key', () => {
  let api: ApiClient;

  beforeEach(async () => {
    ({ api } = await signedInAccount(['inventory:read', 'inventory:write']));
  });

  const post = (key: string | undefined, body: unknown, path = '/v1/inventory/warehouses') =>
    api.send('POST', path, body, key === undefined ? {} : { 'idempotency-key': key });
  const warehouseCount = async () => ((await (await api.get('/v1/inventory/warehouses')).json()) as { meta: { total: number } }).meta.total;

  it('replays the first response to a retry with the same key and body, creating one record', async () => {
    const key = randomUUID();
    const first = await post(key, { name: 'Main' });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const created = await first.json();

    const retry = await post(key, { name: 'Main' });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.headers.get('content-type')).toMatch(/^application\/json/);
    expect(retry.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(await retry.json()).toEqual(created);
    expect(await warehouseCount()).toBe(1);
  });

  it('treats a JSON body with its keys in another order or other whitespace as the same request', async () => {
    const key = randomUUID();
    const first = (await (await api.raw('POST', '/v1/inventory/warehouses', '{"name":"Spaced"}', 'application/json', { 'idempotency-key': key })).json()) as { id: string };
    const retry = await api.raw('POST', '/v1/inventory/warehouses', '{ "name" :  "Spaced" }', 'application/json', { 'idempotency-key': key });
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(((await retry.json()) as { id: string }).id).toBe(first.id);
  });

  it('refuses the same key with a different body or path with 409 idempotency_key_reused, acting not at all', async () => {
    const key = randomUUID();
    expect((await post(key, { name: 'First' })).status).toBe(201);
    const otherBody = await problemOf(await post(key, { name: 'Second' }));
    expect(otherBody).toMatchObject({ status: 409, code: 'idempotency_key_reused' });
    const otherPath = await problemOf(await post(key, { id: 'SKU-1', name: 'x', quantity_on_hand: 1, reorder_point: 0, warehouse_id: 'wh_x' }, '/v1/inventory/items'));
    expect(otherPath.code).toBe('idempotency_key_reused');
    expect(await warehouseCount()).toBe(1);
  });

  it('lets exactly one of many concurrent requests with the same key act', async () => {
    const key = randomUUID();
    const responses = await Promise.all(Array.from({ length: 10 }, () => post(key, { name: 'Racing' })));
    const statuses = responses.map((response) => response.status);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    for (const response of responses.filter((candidate) => candidate.status === 409)) {
      expect((await problemOf(response)).code).toBe('idempotency_key_in_use');
      expect(response.headers.get('retry-after')).toBe('1');
    }
    const ids = new Set(await Promise.all(responses.filter((response) => response.status === 201).map(async (response) => ((await response.json()) as { id: string }).id)));
    expect(ids.size).toBe(1);
    expect(await warehouseCount()).toBe(1);
  });

  it('releases the key when the request is refused before executing, so the fixed request can use it', async () => {
    const key = randomUUID();
    expect((await problemOf(await post(key, {}))).code).toBe('validation_failed');
    const fixed = await post(key, { name: 'Fixed' });
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  it('scopes keys to the tenant: another tenant may use the same key for its own request', async () => {
    const key = randomUUID();
    expect((await post(key, { name: 'Ours' })).status).toBe(201);
    const other = await signedInAccount(['inventory:read', 'inventory:write']);
    const theirs = await other.api.send('POST', '/v1/inventory/warehouses', { name: 'Theirs' }, { 'idempotency-key': key });
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(((await theirs.json()) as { name: string }).name).toBe('Theirs');
  });

  it('refuses a malformed key with 400 naming the header', async () => {
    for (const key of ['has space', 'x'.repeat(256), 'é']) {
      const problem = await problemOf(await api.send('POST', '/v1/inventory/warehouses', { name: 'Bad key' }, { 'idempotency-key': key }));
      expect(problem).toMatchObject({ status: 400, code: 'invalid_parameter', errors: [{ field: 'Idempotency-Key' }] });
    }
    expect(await warehouseCount()).toBe(0);
  });

  it('replays GraphQL mutations too', async () => {
    const key = randomUUID();
    const mutation = 'mutation { create_warehouse(input: { name: "Graph" }) { id name } }';
    const send = () => api.graphql(mutation, undefined, { 'idempotency-key': key });
    const first = await (await send()).json();
    const retry = await send();
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual(first);
    expect(await warehouseCount()).toBe(1);
  });

  it('ignores the header on reads', async () => {
    const response = await api.get('/v1/inventory/warehouses', { 'idempotency-key': 'read-1' });
    expect(response.status).toBe(200);
    expect(response.headers.get('idempotent-replayed')).toBeNull();
  });
});

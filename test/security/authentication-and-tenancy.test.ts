import { type JWK, SignJWT, generateKeyPair, importJWK } from 'jose';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type TestAccount, accessToken, apiClient, createAccount, database, platformUrl, problemOf } from '../support/fixtures.ts';

const LIST = '/v1/inventory/items';

describe('authentication and tenant isolation at the edge', () => {
  let account: TestAccount;
  let token: string;

  beforeAll(async () => {
    account = await createAccount({ scopes: ['inventory:read', 'inventory:write'] });
    token = await accessToken(account.clientId, account.clientSecret);
  });

  const get = (headers: Record<string, string>) => fetch(`${platformUrl}${LIST}`, { headers });
  const expectProblem = async (response: Response, status: number, code: string) => {
    expect(response.status).toBe(status);
    const problem = await problemOf(response);
    expect(problem.code).toBe(code);
    return problem;
  };

  it('answers 401 unauthenticated without a token, with a WWW-Authenticate challenge', async () => {
    const response = await get({ 'x-service-tenant': account.tenantId });
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="platform"');
    await expectProblem(response, 401, 'unauthenticated');
  });

  it('answers 401 invalid_token for garbage, another scheme, a forged signature, an expired token and a foreign issuer', async () => {
    const signingKey = await database().signingKey.findFirstOrThrow({ where: { retired_at: null } });
    const platformKey = await importJWK(signingKey.private_jwk as JWK, 'ES256');
    const claims = decodeJwt(token);
    const sign = (key: CryptoKey | Uint8Array, kid: string, change: (jwt: SignJWT) => SignJWT) =>
      change(new SignJWT({ tenant_id: account.tenantId, scope: 'inventory:read', client_id: account.clientId }).setProtectedHeader({ alg: 'ES256', kid, typ: 'at+jwt' }).setSubject(account.clientId).setJti('forged').setAudience('platform-api')).sign(key);
    const stranger = await generateKeyPair('ES256');
    const tokens = {
      garbage: 'not-a-token',
      forged: await sign(stranger.privateKey, signingKey.kid, (jwt) => jwt.setIssuer(String(claims.iss)).setIssuedAt().setExpirationTime('1h')),
      expired: await sign(platformKey, signingKey.kid, (jwt) => jwt.setIssuer(String(claims.iss)).setIssuedAt(Math.floor(Date.now() / 1000) - 7200).setExpirationTime(Math.floor(Date.now() / 1000) - 3600)),
      foreignIssuer: await sign(platformKey, signingKey.kid, (jwt) => jwt.setIssuer('https://elsewhere.example').setIssuedAt().setExpirationTime('1h')),
      tamperedScope: `${token.split('.')[0]}.${Buffer.from(JSON.stringify({ ...claims, scope: 'inventory:read crm:write' })).toString('base64url')}.${token.split('.')[2]}`,
    };
    for (const [name, candidate] of Object.entries(tokens)) {
      const response = await get({ authorization: `Bearer ${candidate}`, 'x-service-tenant': account.tenantId });
      expect(response.headers.get('www-authenticate'), name).toContain('error="invalid_token"');
      const problem = await expectProblem(response, 401, 'invalid_token');
      if (name === 'expired') expect(problem.detail).toContain('expired');
    }
    await expectProblem(await get({ authorization: `Basic ${Buffer.from('a:b').toString('base64')}`, 'x-service-tenant': account.tenantId }), 401, 'invalid_token');
  });

  it('answers 400 tenant_header_missing without X-Service-Tenant', async () => {
    await expectProblem(await get({ authorization: `Bearer ${token}` }), 400, 'tenant_header_missing');
  });

  it('answers 403 tenant_mismatch when the header names another tenant, including the paired sandbox', async () => {
    const other = await createAccount();
    for (const tenant of [other.tenantId, account.sandboxTenantId, 'ten_unknown']) {
      await expectProblem(await get({ authorization: `Bearer ${token}`, 'x-service-tenant': tenant }), 403, 'tenant_mismatch');
    }
  });

  it('refuses a sandbox credential against the production tenant, and the reverse', async () => {
    const sandboxToken = await accessToken(account.sandboxClientId, account.sandboxClientSecret);
    await expectProblem(await get({ authorization: `Bearer ${sandboxToken}`, 'x-service-tenant': account.tenantId }), 403, 'tenant_mismatch');
    expect((await get({ authorization: `Bearer ${sandboxToken}`, 'x-service-tenant': account.sandboxTenantId })).status).toBe(200);
    await expectProblem(await get({ authorization: `Bearer ${token}`, 'x-service-tenant': account.sandboxTenantId }), 403, 'tenant_mismatch');
  });

  it('applies the same checks to GraphQL, answering with coded GraphQL errors', async () => {
    const query = JSON.stringify({ query: '{ inventory_items { meta { total } } }' });
    const post = (headers: Record<string, string>) => fetch(`${platformUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: query });
    for (const [headers, status, code] of [
      [{}, 401, 'unauthenticated'],
      [{ authorization: 'Bearer nope', 'x-service-tenant': account.tenantId }, 401, 'invalid_token'],
      [{ authorization: `Bearer ${token}` }, 400, 'tenant_header_missing'],
      [{ authorization: `Bearer ${token}`, 'x-service-tenant': account.sandboxTenantId }, 403, 'tenant_mismatch'],
    ] as const) {
      const response = await post(headers);
      expect(response.status).toBe(status);
      const body = (await response.json()) as { errors: Array<{ extensions: { code: string } }> };
      expect(body.errors[0]?.extensions.code).toBe(code);
    }
  });
});

describe('scopes', () => {
  it('answers 403 insufficient_scope naming the missing scope, in REST and GraphQL', async () => {
    const account = await createAccount({ scopes: ['inventory:read', 'inventory:write', 'tenants:read'] });
    const readOnly = apiClient(await accessToken(account.clientId, account.clientSecret, 'inventory:read'), account.tenantId);
    const writeOnly = apiClient(await accessToken(account.clientId, account.clientSecret, 'inventory:write'), account.tenantId);
    const tenantsOnly = apiClient(await accessToken(account.clientId, account.clientSecret, 'tenants:read'), account.tenantId);

    const write = await readOnly.send('POST', '/v1/inventory/warehouses', { name: 'W' });
    expect(write.status).toBe(403);
    const writeProblem = await problemOf(write);
    expect(writeProblem).toMatchObject({ code: 'insufficient_scope', required_scope: 'inventory:write' });
    expect(writeProblem.detail).toContain('inventory:write');

    const read = await tenantsOnly.get(LIST);
    expect(await problemOf(read)).toMatchObject({ status: 403, code: 'insufficient_scope', required_scope: 'inventory:read' });

    // A write scope does not imply read, but a write returns the record it wrote.
    const created = await writeOnly.send('POST', '/v1/inventory/warehouses', { name: 'W' });
    expect(created.status).toBe(201);
    expect(await problemOf(await writeOnly.get('/v1/inventory/warehouses'))).toMatchObject({ status: 403, required_scope: 'inventory:read' });

    const graphql = (await (await tenantsOnly.graphql('{ inventory_items { meta { total } } }')).json()) as { errors: Array<{ extensions: Record<string, unknown> }> };
    expect(graphql.errors[0]?.extensions).toMatchObject({ code: 'insufficient_scope', required_scope: 'inventory:read' });
    expect(graphql.errors[0]?.extensions).not.toHaveProperty('serviceName');

    const tenant = (await (await tenantsOnly.get('/v1/tenants/current')).json()) as Record<string, unknown>;
    expect(tenant).toMatchObject({ id: account.tenantId, environment: 'production', plan: 'enterprise', paired_tenant_id: account.sandboxTenantId, rate_limits: { per_second: 300, per_minute: 1200 } });
    expect(await problemOf(await readOnly.get('/v1/tenants/current'))).toMatchObject({ required_scope: 'tenants:read' });
  });
});

describe('tenant isolation of inventory data', () => {
  let owner: ApiClient;
  let intruder: ApiClient;
  let ownerWarehouse: string;

  beforeAll(async () => {
    const ownerAccount = await createAccount();
    const intruderAccount = await createAccount();
    owner = apiClient(await accessToken(ownerAccount.clientId, ownerAccount.clientSecret), ownerAccount.tenantId);
    intruder = apiClient(await accessToken(intruderAccount.clientId, intruderAccount.clientSecret), intruderAccount.tenantId);
    ownerWarehouse = ((await (await owner.send('POST', '/v1/inventory/warehouses', { name: 'Owner' })).json()) as { id: string }).id;
    expect((await owner.send('POST', LIST, { id: 'SECRET-1', name: 'Owner item', quantity_on_hand: 9, reorder_point: 1, warehouse_id: ownerWarehouse })).status).toBe(201);
  });

  it('never shows one tenant the records of another, even by guessing ids', async () => {
    expect(((await (await intruder.get(LIST)).json()) as { meta: { total: number } }).meta.total).toBe(0);
    expect(((await (await intruder.get(`${LIST}?warehouse_id=${ownerWarehouse}`)).json()) as { meta: { total: number } }).meta.total).toBe(0);
    expect((await problemOf(await intruder.get(`${LIST}/SECRET-1`))).code).toBe('not_found');
    expect((await problemOf(await intruder.get(`/v1/inventory/warehouses/${ownerWarehouse}`))).code).toBe('not_found');
    expect(((await (await intruder.get('/v1/inventory/warehouses')).json()) as { meta: { total: number } }).meta.total).toBe(0);
    const graphql = (await (await intruder.graphql('{ inventory_item(id: "SECRET-1") { name } }')).json()) as { errors: Array<{ extensions: { code: string } }> };
    expect(graphql.errors[0]?.extensions.code).toBe('not_found');
  });

  it('never lets one tenant change the records of another', async () => {
    expect((await problemOf(await intruder.send('PATCH', `${LIST}/SECRET-1`, { quantity_on_hand: 0 }))).code).toBe('not_found');
    const borrowed = await problemOf(await intruder.send('POST', LIST, { id: 'X-1', name: 'x', quantity_on_hand: 1, reorder_point: 1, warehouse_id: ownerWarehouse }));
    expect(borrowed).toMatchObject({ status: 422, code: 'rule_violation', errors: [{ field: 'warehouse_id' }] });
    // The same SKU may exist in both tenants: ids are scoped per tenant.
    const intruderWarehouse = ((await (await intruder.send('POST', '/v1/inventory/warehouses', { name: 'Mine' })).json()) as { id: string }).id;
    expect((await intruder.send('POST', LIST, { id: 'SECRET-1', name: 'Mine', quantity_on_hand: 1, reorder_point: 1, warehouse_id: intruderWarehouse })).status).toBe(201);
    expect(await (await owner.get(`${LIST}/SECRET-1`)).json()).toMatchObject({ name: 'Owner item', quantity_on_hand: 9, warehouse_id: ownerWarehouse });
  });
});

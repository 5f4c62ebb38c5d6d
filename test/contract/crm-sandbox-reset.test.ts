import { describe, expect, it } from 'vitest';
import { accessToken, apiClient, createAccount, json, type List } from '../support/fixtures.ts';
import { CRM_SCOPES, type Order, action, createCustomer, createItem, createOrder } from '../support/crm.ts';

describe('CRM data in a sandbox reset', () => {
  it('deletes every customer and order of the sandbox (numbering starts again), and nothing of production', async () => {
    const account = await createAccount({ scopes: [...CRM_SCOPES, 'tenants:read', 'tenants:write'] });
    const sandbox = apiClient(await accessToken(account.sandboxClientId, account.sandboxClientSecret), account.sandboxTenantId);
    const production = apiClient(await accessToken(account.clientId, account.clientSecret), account.tenantId);
    for (const api of [sandbox, production]) {
      const warehouse = await json<{ id: string }>(await api.send('POST', '/v1/inventory/warehouses', { name: 'Main' }), 201);
      await createItem(api, warehouse.id, 'RESET-1', 10);
      const customer = await createCustomer(api, { contacts: [{ name: 'C', is_primary: true }], addresses: [{ kind: 'billing', line1: 'x', city: 'y', country: 'FR' }] });
      const order = await createOrder(api, { kind: 'sales', customer_id: customer.id, lines: [{ item_id: 'RESET-1', quantity: 2, unit_price: 10 }] });
      await json(await action(api, order.id, 'confirm'), 200);
      await json(await action(api, order.id, 'fulfil'), 200);
      await createOrder(api, { kind: 'purchase', customer_id: customer.id });
    }
    await json(await sandbox.send('POST', '/v1/tenants/current/reset', {}), 200);
    expect((await json<List<unknown>>(await sandbox.get('/v1/crm/customers?archived=false'), 200)).meta.total).toBe(0);
    expect((await json<List<unknown>>(await sandbox.get('/v1/crm/orders'), 200)).meta.total).toBe(0);
    expect((await json<List<Order>>(await production.get('/v1/crm/orders'), 200)).meta.total).toBe(2);
    expect((await json<List<unknown>>(await production.get('/v1/crm/customers'), 200)).meta.total).toBe(1);
    const warehouse = await json<{ id: string }>(await sandbox.send('POST', '/v1/inventory/warehouses', { name: 'Again' }), 201);
    await createItem(sandbox, warehouse.id, 'RESET-1', 1);
    const customer = await createCustomer(sandbox);
    expect((await createOrder(sandbox, { kind: 'sales', customer_id: customer.id })).number).toBe('SO-000001');
    expect((await createOrder(production, { kind: 'sales', customer_id: (await createCustomer(production)).id })).number).toBe('SO-000002');
  });
});

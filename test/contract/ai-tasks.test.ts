/**
 * Agent tasks against the running platform (offline planner): a goal planned into writes with
 * the caller's reads, held for approval, executed on the job queue as the task (audited with the
 * task as actor), rejected, cancelled, refused for a scope the caller lacks or a goal the offline
 * planner does not know, and kept to the caller's tenant.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { AI_SCOPES, createTask, decide, taskIn, taskSteps } from '../support/ai.ts';
import { action, createCustomer, createItem, createOrder, crmAccount, getOrder } from '../support/crm.ts';
import { type ApiClient, clientWithScope, database, eventually, json, problemOf } from '../support/fixtures.ts';

const SCOPES = [...AI_SCOPES, 'inventory:read', 'inventory:write', 'crm:read', 'crm:write', 'events:read'];
const RESTOCK = 'Restock everything below its reorder point from its usual supplier';

describe('agent tasks (offline planner)', () => {
  let account: Awaited<ReturnType<typeof crmAccount>>;
  let api: ApiClient;
  let supplierId: string;

  beforeAll(async () => {
    account = await crmAccount(SCOPES);
    api = account.api;
    supplierId = (await createCustomer(api, { name: 'Usual Supplier SARL' })).id;
    // SKU-A and SKU-B were bought from the supplier (a received purchase order brought 2 of each);
    // SKU-C is below its reorder point but was never bought; SKU-D is above its reorder point.
    await createItem(api, account.warehouseId, 'SKU-A', 0, { reorder_point: 10 });
    await createItem(api, account.warehouseId, 'SKU-B', 0, { reorder_point: 5 });
    await createItem(api, account.warehouseId, 'SKU-C', 0, { reorder_point: 4 });
    await createItem(api, account.warehouseId, 'SKU-D', 50, { reorder_point: 5 });
    const past = await createOrder(api, { kind: 'purchase', customer_id: supplierId, currency: 'EUR', lines: [{ item_id: 'SKU-A', quantity: 2, unit_price: 350 }, { item_id: 'SKU-B', quantity: 2, unit_price: 1200 }] });
    expect((await action(api, past.id, 'confirm')).status).toBe(200);
    expect((await action(api, past.id, 'receive')).status).toBe(200);
  });

  it('plans a restock from each SKU’s usual supplier, writes nothing until approved, then drafts it as the task', async () => {
    const task = await createTask(api, { goal: RESTOCK });
    expect(task).toMatchObject({ kind: 'restock_below_reorder_point', engine: 'offline', status: 'awaiting_approval', require_approval: true });
    expect(task.plan.steps).toHaveLength(1);
    expect(task.plan.steps[0]).toMatchObject({ id: 'step_1', operation: 'create_order' });
    expect(task.plan.steps[0]?.variables).toEqual({
      input: {
        kind: 'purchase',
        customer_id: supplierId,
        currency: 'EUR',
        notes: expect.any(String),
        lines: [
          { item_id: 'SKU-A', quantity: 18, unit_price: 350, description: 'Item SKU-A' },
          { item_id: 'SKU-B', quantity: 8, unit_price: 1200, description: 'Item SKU-B' },
        ],
      },
    });
    expect(task.plan.summary).toContain('SKU-C');
    expect(task.planning_operations.map((operation) => operation.document)).toEqual([expect.stringContaining('inventory_items'), expect.stringContaining('orders')]);
    const purchaseOrders = () => database().order.count({ where: { tenant_id: account.tenantId, kind: 'purchase' } });
    expect(await purchaseOrders()).toBe(1);

    const approved = await decide(api, task.id, 'approved', 'Go ahead');
    expect(approved).toMatchObject({ status: 'queued', decided_by: expect.any(String) });
    const done = await taskIn(api, task.id);
    expect(done.status).toBe('succeeded');
    const [step] = await taskSteps(api, task.id);
    expect(step).toMatchObject({ step_id: 'step_1', status: 'succeeded', operation: 'create_order', error: null });
    const draftId = (step?.output?.create_order as { id: string }).id;
    const draft = await getOrder(api, draftId);
    expect(draft).toMatchObject({ kind: 'purchase', status: 'draft', customer_id: supplierId });
    expect(draft.lines.map((line) => [line.item_id, line.quantity])).toEqual([['SKU-A', 18], ['SKU-B', 8]]);
    const audit = await eventually(async () => {
      const rows = await database().auditRecord.findMany({ where: { tenant_id: account.tenantId, resource_id: draftId } });
      return rows.length > 0 ? rows : undefined;
    });
    expect(audit).toEqual([expect.objectContaining({ action: 'order.create', actor_type: 'ai_task', actor_id: task.id })]);
    const completed = await eventually(async () => {
      const events = await json<{ data: Array<{ data: { id: string; status: string }; source: { type: string } }> }>(await api.get(`/v1/events?type=ai.task.completed&resource_id=${task.id}`));
      return events.data.length > 0 ? events.data : undefined;
    });
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ data: { id: task.id, status: 'succeeded' }, source: { type: 'ai_task' } });

    // The draft is an open purchase order now: the same goal plans nothing more, and ends at once.
    const again = await createTask(api, { goal: RESTOCK });
    expect(again).toMatchObject({ status: 'succeeded', plan: { steps: [] } });
  });

  it('runs at once without approval, and a rejected or cancelled plan writes nothing', async () => {
    // SKU-A and SKU-B sold lately (a draft sales order names them): only SKU-D has stock and no sale.
    await createOrder(api, { kind: 'sales', customer_id: supplierId, currency: 'EUR', lines: [{ item_id: 'SKU-A', quantity: 1, unit_price: 900 }, { item_id: 'SKU-B', quantity: 1, unit_price: 2500 }] });
    const before = await database().order.count({ where: { tenant_id: account.tenantId } });
    const archive = await createTask(api, { goal: 'Find SKUs with stock but no sales in 90 days and archive them', require_approval: false });
    expect(archive).toMatchObject({ kind: 'archive_dormant_skus', status: 'queued' });
    expect(archive.plan.steps.map((step) => step.variables)).toEqual([{ id: 'SKU-D' }]);
    expect(await taskIn(api, archive.id)).toMatchObject({ status: 'succeeded' });
    expect(((await json<{ archived_at: string | null }>(await api.get('/v1/inventory/items/SKU-D'))).archived_at)).not.toBeNull();

    await json(await api.send('POST', '/v1/inventory/items/SKU-D/unarchive', {}));
    const rejected = await createTask(api, { goal: 'Archive SKUs not sold in 30 days' });
    expect(await decide(api, rejected.id, 'rejected', 'Not now')).toMatchObject({ status: 'rejected' });
    const cancelled = await createTask(api, { goal: 'Archive SKUs not sold in 30 days' });
    expect(await json(await api.send('POST', `/v1/ai/tasks/${cancelled.id}/cancel`, {}))).toMatchObject({ status: 'cancelled' });
    expect(await taskSteps(api, rejected.id)).toEqual([]);
    expect(await taskSteps(api, cancelled.id)).toEqual([]);
    expect(((await json<{ archived_at: string | null }>(await api.get('/v1/inventory/items/SKU-D'))).archived_at)).toBeNull();
    expect(await database().order.count({ where: { tenant_id: account.tenantId } })).toBe(before);

    const twice = await api.send('POST', `/v1/ai/tasks/${rejected.id}/approval`, { decision: 'approved' });
    expect(twice.status).toBe(409);
    expect(await problemOf(twice)).toMatchObject({ code: 'invalid_state', current_status: 'rejected' });
  });

  it('refuses a plan needing a scope the caller lacks, naming it, and a goal the offline planner does not know', async () => {
    const readOnly = await clientWithScope(account, 'ai:write inventory:read crm:read');
    const refused = await readOnly.send('POST', '/v1/ai/tasks', { goal: 'Find SKUs with stock but no sales in 90 days and archive them' });
    expect(refused.status).toBe(403);
    expect(await problemOf(refused)).toMatchObject({ code: 'insufficient_scope', required_scope: 'inventory:write' });

    const unknown = await api.send('POST', '/v1/ai/tasks', { goal: 'Write a poem about stock levels' });
    expect(unknown.status).toBe(422);
    const problem = await problemOf(unknown);
    expect(problem).toMatchObject({ code: 'rule_violation' });
    expect(problem.errors?.map((error) => error.field)).toEqual(['goal']);
    expect(problem.detail).toContain(RESTOCK);
  });

  it('keeps tasks to their tenant: another tenant’s task is 404 to read, approve or cancel', async () => {
    const task = await createTask(api, { goal: 'Archive SKUs not sold in 30 days' });
    const other = (await crmAccount(SCOPES)).api;
    for (const [method, path, body] of [['GET', `/v1/ai/tasks/${task.id}`], ['GET', `/v1/ai/tasks/${task.id}/steps`], ['POST', `/v1/ai/tasks/${task.id}/approval`, { decision: 'approved' }], ['POST', `/v1/ai/tasks/${task.id}/cancel`, {}]] as const) {
      const response = method === 'GET' ? await other.get(path) : await other.send(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect((await json<{ status: string }>(await api.get(`/v1/ai/tasks/${task.id}`))).status).toBe('awaiting_approval');
  });
});

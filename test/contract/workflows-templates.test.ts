import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, json, problemOf } from '../support/fixtures.ts';
import { type Receiver, createEndpoint, receivedExactly, startReceiver, verified } from '../support/events.ts';
import { type Workflow, type WorkflowRun, type WorkflowWithSecret, eventually, runIn, runsOf, startRun, stepsOf, workflowsAccount } from '../support/workflows.ts';

/**
 * The templates an operations team asks for on day one, each installed by one call and run end
 * to end on the platform: reorder on low stock (a stock adjustment crosses the reorder point, the
 * run drafts a purchase order, `workflow.completed` reaches a webhook receiver), invoice fulfilled
 * sales orders, alert on sync failure, escalate unpaid invoices.
 */

const SCOPES = ['inventory:read', 'inventory:write', 'crm:read', 'crm:write', 'finance:read', 'finance:write', 'events:read', 'events:write', 'webhooks:read', 'webhooks:write', 'connectors:read', 'connectors:write', 'sync:read', 'sync:write'];

let api: ApiClient;
let warehouseId: string;
let supplierId: string;

beforeAll(async () => {
  ({ api } = await workflowsAccount(SCOPES));
  warehouseId = (await json<{ id: string }>(await api.send('POST', '/v1/inventory/warehouses', { name: 'Templates' }), 201)).id;
  supplierId = (await json<{ id: string }>(await api.send('POST', '/v1/crm/customers', { name: 'Usual Supplier GmbH', currency: 'EUR' }), 201)).id;
});

async function install(key: string, body: Record<string, unknown>): Promise<WorkflowWithSecret> {
  return json<WorkflowWithSecret>(await api.send('POST', `/v1/workflows/templates/${key}/install`, body), 201);
}

/** The one run of a workflow, once it is over. */
async function onlyRun(workflow: Workflow): Promise<WorkflowRun> {
  const [run] = await eventually(async () => {
    const runs = await runsOf(api, workflow.id);
    return runs.length > 0 ? runs : undefined;
  });
  return runIn(api, run as WorkflowRun);
}

describe('workflow templates', () => {
  it('are listed with the scopes they are granted and the JSON Schema of their parameters', async () => {
    const templates = await json<Array<{ key: string; scopes: string[]; parameters: { type: string; properties: Record<string, unknown>; required?: string[] } }>>(await api.get('/v1/workflows/templates'));
    expect(templates.map((template) => template.key)).toEqual(['reorder_on_low_stock', 'alert_on_sync_failure', 'invoice_fulfilled_orders', 'escalate_unpaid_invoices']);
    expect(templates[0]).toMatchObject({ scopes: ['inventory:read', 'crm:write'], parameters: { type: 'object', required: ['supplier_id'], properties: { supplier_id: { type: 'string' }, quantity: { type: 'integer' } } } });
  });

  it('refuse parameters that do not fit, and a supplier that does not exist, naming the parameter', async () => {
    expect(await problemOf(await api.send('POST', '/v1/workflows/templates/reorder_on_low_stock/install', { parameters: { quantity: 0 } }))).toMatchObject({
      status: 422,
      code: 'rule_violation',
      errors: expect.arrayContaining([expect.objectContaining({ field: 'parameters.supplier_id' }), expect.objectContaining({ field: 'parameters.quantity' })]),
    });
    expect(await problemOf(await api.send('POST', '/v1/workflows/templates/reorder_on_low_stock/install', { parameters: { supplier_id: 'cus_nobody' } }))).toMatchObject({ status: 422, errors: [{ field: 'parameters.supplier_id' }] });
    expect(await problemOf(await api.send('POST', '/v1/workflows/templates/no_such_template/install', {}))).toMatchObject({ status: 404, code: 'not_found' });
  });

  describe('reorder on low stock', () => {
    let receiver: Receiver;
    let endpointSecret: string;
    let workflow: WorkflowWithSecret;

    beforeAll(async () => {
      receiver = await startReceiver();
      endpointSecret = (await createEndpoint(api, { url: receiver.url, event_types: ['workflow.completed'] })).secret;
      workflow = await install('reorder_on_low_stock', { parameters: { supplier_id: supplierId, unit_price: 450 } });
    });

    it('drafts a purchase order when an adjustment crosses the reorder point, and workflow.completed reaches the webhook receiver', async () => {
      expect(workflow).toMatchObject({ template: 'reorder_on_low_stock', trigger_type: 'event', event_type: 'inventory.stock.low', scopes: ['inventory:read', 'crm:write'], name: 'Reorder on low stock' });
      const sku = `REORDER-${Date.now()}`;
      await json(await api.send('POST', '/v1/inventory/items', { id: sku, name: 'Reordered widget', quantity_on_hand: 12, reorder_point: 10, warehouse_id: warehouseId }), 201);
      await json(await api.send('POST', `/v1/inventory/items/${sku}/adjust`, { quantity: -5, reason: 'damaged' }));

      const run = await onlyRun(workflow);
      expect(run).toMatchObject({ status: 'succeeded', trigger: 'event', input: { type: 'inventory.stock.low', data: { id: sku, quantity_on_hand: 7 } } });
      const orders = await json<{ data: Array<{ id: string; kind: string; status: string; customer_id: string; lines: Array<{ item_id: string; quantity: number; unit_price: number }>; external_reference: string }> }>(await api.get('/v1/crm/orders?kind=purchase&per_page=100'));
      const drafted = orders.data.filter((order) => order.lines.some((line) => line.item_id === sku));
      // Back to twice the reorder point: 2 × 10 − 7 = 13 units, from the usual supplier, at its price.
      expect(drafted).toEqual([expect.objectContaining({ kind: 'purchase', status: 'draft', customer_id: supplierId, external_reference: `reorder-${run.trigger_event_id}`, lines: [expect.objectContaining({ item_id: sku, quantity: 13, unit_price: 450 })] })]);
      expect(run.output).toMatchObject({ id: drafted[0]?.id, status: 'draft' });

      const [delivered] = await receivedExactly(receiver, 1);
      const completed = verified(endpointSecret, delivered as NonNullable<typeof delivered>) as { type: string; data: { id: string; status: string } };
      expect(completed).toMatchObject({ type: 'workflow.completed', data: { id: run.id, status: 'succeeded', workflow_id: workflow.id } });
    });
  });

  it('invoices a sales order once it is fulfilled, and issues the invoice', async () => {
    const workflow = await install('invoice_fulfilled_orders', { parameters: { payment_terms_days: 14 } });
    const sku = `INVOICED-${Date.now()}`;
    await json(await api.send('POST', '/v1/inventory/items', { id: sku, name: 'Invoiced widget', quantity_on_hand: 100, reorder_point: 0, warehouse_id: warehouseId }), 201);
    const customer = await json<{ id: string }>(await api.send('POST', '/v1/crm/customers', { name: 'Buyer AG', currency: 'EUR' }), 201);
    const order = await json<{ id: string }>(await api.send('POST', '/v1/crm/orders', { kind: 'sales', customer_id: customer.id, lines: [{ item_id: sku, quantity: 3, unit_price: 2000 }] }), 201);
    await json(await api.send('POST', `/v1/crm/orders/${order.id}/confirm`, {}));
    await json(await api.send('POST', `/v1/crm/orders/${order.id}/fulfil`, {}));

    const run = await onlyRun(workflow);
    expect(run.status).toBe('succeeded');
    const invoices = await json<{ data: Array<{ id: string; status: string; total: number; payment_terms_days: number; number: string | null }> }>(await api.get(`/v1/finance/invoices?order_id=${order.id}`));
    expect(invoices.data).toEqual([expect.objectContaining({ status: 'issued', total: 6000, payment_terms_days: 14, number: expect.stringMatching(/^INV-/) })]);
    expect((await stepsOf(api, run)).map((step) => step.key)).toEqual(['draft_invoice', 'issue_invoice']);
  });

  it('alerts an HTTP endpoint when a sync job fails for good', async () => {
    const receiver = await startReceiver();
    const workflow = await install('alert_on_sync_failure', { parameters: { url: receiver.url } });
    // A connector whose source does not answer (port 9): its one sync job fails at once (one attempt).
    const connector = await json<{ id: string }>(
      await api.send('POST', '/v1/connectors', {
        name: 'Unreachable',
        kind: 'rest',
        config: { base_url: 'http://127.0.0.1:9/api', streams: [{ name: 'items', path: '/items', id_path: 'id' }], auth: { type: 'none' }, pagination: { type: 'none' } },
        retry_max_attempts: 1,
      }),
      201,
    );
    await json(await api.send('POST', `/v1/connectors/${connector.id}/mappings`, { definition: { streams: { items: { target: 'create_customer', fields: { name: 'name' } } } } }), 201);
    const job = await json<{ id: string }>(await api.send('POST', '/v1/sync/jobs', { connector_id: connector.id }), 201);

    const run = await onlyRun(workflow);
    expect(run.status).toBe('succeeded');
    const [alert] = await receivedExactly(receiver, 1);
    const body = verified(workflow.signing_secret, alert as NonNullable<typeof alert>) as { text: string; sync_job: { id: string } };
    expect(body.text).toMatch(new RegExp(`^Sync job ${job.id} of connector ${connector.id} failed after 1 attempt\\(s\\): `));
    expect(body.sync_job.id).toBe(job.id);
  });

  it('escalates invoices still unpaid N days after their due date', async () => {
    const workflow = await install('escalate_unpaid_invoices', { parameters: { days_overdue: 30, cron: '0 8 * * 1-5', time_zone: 'Europe/Paris' } });
    expect(workflow).toMatchObject({ trigger_type: 'schedule', next_run_at: expect.any(String) });
    const customer = await json<{ id: string }>(await api.send('POST', '/v1/crm/customers', { name: 'Late Payer SARL', currency: 'EUR' }), 201);
    const lines = [{ description: 'Service', quantity: 1, unit_price: 10_000, tax_rate: 0 }];
    const late = await json<{ id: string }>(await api.send('POST', '/v1/finance/invoices', { customer_id: customer.id, currency: 'EUR', lines, due_date: '2026-01-15' }), 201);
    const recent = await json<{ id: string }>(await api.send('POST', '/v1/finance/invoices', { customer_id: customer.id, currency: 'EUR', lines }), 201);
    for (const invoice of [late, recent]) await json(await api.send('POST', `/v1/finance/invoices/${invoice.id}/issue`, {}));

    // A schedule's run, started now through the API with the input a schedule gives.
    const run = await runIn(api, await startRun(api, workflow.id, { scheduled_for: '2026-03-01T07:00:00.000Z' }));
    expect(run.status).toBe('succeeded');
    const escalated = await json<{ data: Array<{ data: { invoice: { id: string }; days_overdue: number }; source: { workflow_run_id: string } }> }>(await api.get('/v1/events?type=custom.invoice.escalated&per_page=100'));
    const ofRun = escalated.data.filter((event) => event.source.workflow_run_id === run.id);
    expect(ofRun.map((event) => event.data.invoice.id)).toEqual([late.id]);
    expect(ofRun[0]?.data.days_overdue).toBe(45);
    expect(run.output).toEqual({ escalated: 1 });
  });
});

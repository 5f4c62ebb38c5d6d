import { cronProblem, isTimeZone } from '@platform/automation';
import { z } from 'zod';
import type { Step, WorkflowDefinition } from '../definition/format.ts';

/**
 * Workflows an operations team asks for on day one, installed by one call with a few parameters.
 * Each builds an ordinary definition (shown, versioned and changeable like any other) and names
 * the scopes it needs, granted at install (the installing credential must hold them).
 */
export interface WorkflowTemplate<Parameters extends z.ZodType = z.ZodType> {
  key: string;
  name: string;
  description: string;
  parameters: Parameters;
  scopes: string[];
  build(parameters: z.infer<Parameters>): WorkflowDefinition;
}

const id = z.string().min(1).max(100);
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).max(2048);

/** A value written into an expression as a JSON literal (JSON is JSONata). */
const literal = (value: unknown) => JSON.stringify(value ?? null);

const reorderParameters = z.strictObject({
  supplier_id: id.describe('The CRM customer (the supplier) purchase orders go to, unless `suppliers` names another for the SKU.'),
  quantity: z.number().int().min(1).max(1_000_000).optional().describe('Units to order; default: enough to bring the item back to twice its reorder point.'),
  unit_price: z.number().int().min(0).optional().describe('Price of one unit in minor units (default 0: to be completed on the draft).'),
  suppliers: z
    .record(id, z.strictObject({ supplier_id: id, quantity: z.number().int().min(1).max(1_000_000).optional(), unit_price: z.number().int().min(0).optional() }))
    .optional()
    .describe('The usual supplier, quantity and price per SKU, overriding the defaults.'),
});

const reorderOnLowStock: WorkflowTemplate<typeof reorderParameters> = {
  key: 'reorder_on_low_stock',
  name: 'Reorder on low stock',
  description: 'When an item drops below its reorder point (`inventory.stock.low`), drafts a purchase order for it from its usual supplier and quantity, for someone to confirm.',
  parameters: reorderParameters,
  scopes: ['inventory:read', 'crm:write'],
  build: (parameters) => ({
    trigger: { type: 'event', event_type: 'inventory.stock.low' },
    steps: [
      {
        id: 'draft_purchase_order',
        kind: 'graphql',
        description: 'A draft purchase order for the item from its usual supplier.',
        document: 'mutation DraftPurchaseOrder($input: CreateOrderInput!) { create_order(input: $input) { id number status customer_id currency total } }',
        variables: {
          input: `(
  $item := input.data;
  $usual := $lookup(${literal(parameters.suppliers ?? {})}, $item.id);
  $quantity := $usual.quantity ? $usual.quantity : (${literal(parameters.quantity)} ? ${literal(parameters.quantity)} : $max([1, $item.reorder_point * 2 - $item.quantity_on_hand]));
  {
    "kind": "purchase",
    "customer_id": $usual.supplier_id ? $usual.supplier_id : ${literal(parameters.supplier_id)},
    "external_reference": "reorder-" & input.id,
    "notes": "Reorder of " & $item.id & ": " & $string($item.quantity_on_hand) & " on hand, reorder point " & $string($item.reorder_point) & ".",
    "lines": [{ "item_id": $item.id, "quantity": $quantity, "unit_price": $exists($usual.unit_price) ? $usual.unit_price : ${literal(parameters.unit_price ?? 0)} }]
  }
)`,
        },
        retry: { max_attempts: 5, backoff_seconds: 5 },
      },
    ],
    output: 'steps.draft_purchase_order.create_order',
  }),
};

const alertParameters = z.strictObject({
  url: httpUrl.describe('Where the alert is POSTed (a chat webhook, an incident tool), signed with the workflow’s secret.'),
  connector_id: id.optional().describe('Only failures of this connector (default: every connector).'),
});

const alertOnSyncFailure: WorkflowTemplate<typeof alertParameters> = {
  key: 'alert_on_sync_failure',
  name: 'Alert on sync failure',
  description: 'When a connector’s sync job fails for good (`sync.failed`), POSTs an alert with the job to an HTTP endpoint of yours.',
  parameters: alertParameters,
  scopes: ['sync:read'],
  build: (parameters) => ({
    trigger: { type: 'event', event_type: 'sync.failed', ...(parameters.connector_id && { condition: `input.data.connector_id = ${literal(parameters.connector_id)}` }) },
    steps: [
      {
        id: 'alert',
        kind: 'http',
        method: 'POST',
        url: parameters.url,
        body: '{ "text": "Sync job " & input.data.id & " of connector " & input.data.connector_id & " failed after " & $string(input.data.attempts) & " attempt(s): " & input.data.last_error, "sync_job": input.data }',
        retry: { max_attempts: 5, backoff_seconds: 10 },
      },
    ],
  }),
};

const invoiceParameters = z.strictObject({
  payment_terms_days: z.number().int().min(0).max(3650).optional().describe('Days from issue to due date (default 30).'),
  issue: z.boolean().optional().describe('Issue the invoice at once (default true); false leaves it a draft.'),
});

const invoiceFulfilledOrders: WorkflowTemplate<typeof invoiceParameters> = {
  key: 'invoice_fulfilled_orders',
  name: 'Invoice fulfilled sales orders',
  description: 'When a sales order is fulfilled (`order.fulfilled`), draws up its invoice from the order and issues it.',
  parameters: invoiceParameters,
  scopes: ['crm:read', 'finance:write'],
  build: (parameters) => ({
    trigger: { type: 'event', event_type: 'order.fulfilled', condition: 'input.data.kind = "sales"' },
    steps: <Step[]>[
      {
        id: 'draft_invoice',
        kind: 'graphql',
        document: 'mutation InvoiceOrder($input: CreateInvoiceInput!) { create_invoice(input: $input) { id status total currency } }',
        variables: { input: `{ "order_id": input.data.id, "payment_terms_days": ${literal(parameters.payment_terms_days ?? 30)} }` },
      },
      ...(parameters.issue === false
        ? []
        : [
            {
              id: 'issue_invoice',
              kind: 'graphql',
              document: 'mutation IssueInvoice($id: String!) { issue_invoice(id: $id) { id number status due_date total currency } }',
              variables: { id: 'steps.draft_invoice.create_invoice.id' },
            },
          ]),
    ],
  }),
};

const escalateParameters = z.strictObject({
  days_overdue: z.number().int().min(1).max(365).optional().describe('Escalate invoices overdue by at least this many days (default 30).'),
  cron: z
    .string()
    .max(100)
    .refine((cron) => cronProblem(cron) === undefined, { message: 'must be a cron expression of five fields' })
    .optional()
    .describe('When to look (default `0 9 * * *`: every day at 09:00).'),
  time_zone: z.string().max(64).refine(isTimeZone, 'must be an IANA time zone').optional().describe('Time zone of the schedule (default UTC).'),
  url: httpUrl.optional().describe('Also POST each escalation to this endpoint (default: only the `custom.invoice.escalated` event).'),
});

const escalateUnpaidInvoices: WorkflowTemplate<typeof escalateParameters> = {
  key: 'escalate_unpaid_invoices',
  name: 'Escalate unpaid invoices',
  description: 'On a schedule, finds issued invoices still unpaid N days after their due date and escalates each: a `custom.invoice.escalated` event (for your webhooks and dashboards), and an HTTP call if you give a URL.',
  parameters: escalateParameters,
  scopes: ['finance:read', 'events:write'],
  build: (parameters) => {
    const escalation = `{ "invoice": item, "days_overdue": $floor(($toMillis(input.scheduled_for) - $toMillis(item.due_date & "T00:00:00Z")) / 86400000) }`;
    return {
      trigger: { type: 'schedule', cron: parameters.cron ?? '0 9 * * *', time_zone: parameters.time_zone ?? 'UTC' },
      steps: [
        {
          id: 'find_overdue',
          kind: 'graphql',
          document: 'query OverdueInvoices { invoices(overdue: true, sort: "due_date", per_page: 100) { data { id number customer_id currency amount_due due_date } } }',
        },
        {
          id: 'escalate',
          kind: 'for_each',
          items: `$filter(steps.find_overdue.invoices.data, function($invoice) { $toMillis($invoice.due_date & "T00:00:00Z") <= $toMillis(input.scheduled_for) - ${parameters.days_overdue ?? 30} * 86400000 })`,
          steps: [
            { id: 'announce', kind: 'emit', event_type: 'custom.invoice.escalated', data: escalation },
            ...(parameters.url ? [{ id: 'call', kind: 'http' as const, method: 'POST' as const, url: parameters.url, body: escalation, retry: { max_attempts: 5, backoff_seconds: 10 } }] : []),
          ],
        },
      ],
      output: '{ "escalated": $count(steps.escalate.items) }',
    };
  },
};

export const WORKFLOW_TEMPLATES: ReadonlyArray<WorkflowTemplate> = [reorderOnLowStock, alertOnSyncFailure, invoiceFulfilledOrders, escalateUnpaidInvoices] as ReadonlyArray<WorkflowTemplate>;

export function findTemplate(key: string): WorkflowTemplate | undefined {
  return WORKFLOW_TEMPLATES.find((template) => template.key === key);
}

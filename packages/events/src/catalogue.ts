/**
 * Every platform event type: when it fires, the scope a credential needs to receive it (an
 * event carries the record it is about, so receiving it is reading that record), and the kind of
 * record it is about. Clients publish their own events under `custom.`, a namespace no platform
 * event uses, so a custom event can never pass for a platform one.
 */
export const platformEventTypes = {
  'inventory.stock.low': { scope: 'inventory:read', resourceType: 'inventory_item', description: "An item's `quantity_on_hand` dropped below its `reorder_point` through a stock change: once per crossing, again only after it was back at or above it. Raising `reorder_point` alone does not fire it." },
  'order.created': { scope: 'crm:read', resourceType: 'order', description: 'A sales or purchase order was created, through the API or a connected channel.' },
  'order.fulfilled': { scope: 'crm:read', resourceType: 'order', description: 'A confirmed sales order was fulfilled: its stock went out and its status became `fulfilled`; the order after the change as data.' },
  'invoice.issued': {
    scope: 'finance:read',
    resourceType: 'invoice',
    description: 'A draft invoice was issued: numbered, due date fixed, posted to the ledger; the invoice as data. An invoice whose total is 0 is issued straight to `paid`: `invoice.paid` follows in the same transaction.',
  },
  'invoice.payment_recorded': {
    scope: 'finance:read',
    resourceType: 'invoice',
    description: 'A payment of an issued invoice was recorded, partial or full; the invoice after the payment as data, plus `payment`: `{ id, amount, currency, recorded_at }` (`id` is the payment\'s ledger entry, `le_…`).',
  },
  'invoice.paid': {
    scope: 'finance:read',
    resourceType: 'invoice',
    description: 'An invoice became `paid`: nothing is due any more (after its last `invoice.payment_recorded`, in the same transaction, or at issue for a total of 0); the invoice as data.',
  },
  'invoice.voided': { scope: 'finance:read', resourceType: 'invoice', description: 'A draft, or an issued invoice without payments, was voided (an issued one has its issue entry reversed); the invoice as data.' },
  'sync.job.updated': {
    scope: 'sync:read',
    resourceType: 'sync_job',
    description: 'A sync job started an attempt, wrote a page (its counters moved) or ended (succeeded, partially failed, failed or cancelled); the job as data. Live progress: `subscription { events(types: ["sync.job.updated"]) { data } }`.',
  },
  'sync.failed': { scope: 'sync:read', resourceType: 'sync_job', description: 'A connector sync job failed after its retry policy was exhausted.' },
  'workflow.run.updated': {
    scope: 'workflows:read',
    resourceType: 'workflow_run',
    description: 'A workflow run changed status (started, waiting for a delay or an approval, resumed, ended); the run as data. Live progress: `subscription { events(types: ["workflow.run.updated"]) { data } }`.',
  },
  'workflow.completed': {
    scope: 'workflows:read',
    resourceType: 'workflow_run',
    description: 'An automation workflow run finished, once per run: `status` is `succeeded`, `failed` (with the terminal `error`: step, code, message) or `cancelled`; the run as data.',
  },
  'ai.query.completed': { scope: 'ai:read', resourceType: 'ai_query', description: 'A copilot query returned a structured response (answered, ambiguous or unanswerable); the query as `GET /v1/ai/queries/{id}` shows it as data.' },
  'ai.task.completed': { scope: 'ai:read', resourceType: 'ai_task', description: 'An agent task ended, once per task: `status` is `succeeded`, `failed` (with `error`: step, code, message), `cancelled` or `rejected`; the task as data.' },
  'export.completed': { scope: 'bulk:read', resourceType: 'export', description: 'A bulk export ended, once per export: `status` is `completed` (the file is ready; `GET /v1/bulk/exports/{id}` gives a fresh download link) or `failed` (with `error`: code, message); the export as data.' },
  'bulk_mutation.completed': { scope: 'bulk:read', resourceType: 'bulk_mutation', description: 'A bulk mutation ended, once per bulk mutation: `status` is `completed` (every line ran: `progress.lines_failed` of them failed; `GET /v1/bulk/mutations/{id}` gives a fresh link to the result file) or `failed` (it could not go on, with `error`: code, message); the bulk mutation as data.' },
} as const;

export type PlatformEventType = keyof typeof platformEventTypes;

export const CUSTOM_EVENT_PREFIX = 'custom.';
/** Custom event scope: publishing needs `events:write`, receiving `events:read`. */
export const CUSTOM_EVENT_READ_SCOPE = 'events:read';
const CUSTOM_TYPE = /^custom\.[a-z0-9_]+(\.[a-z0-9_]+){0,4}$/;
export const CUSTOM_TYPE_RULE = 'custom. followed by 1 to 5 dot-separated segments of lower-case letters, digits and "_" (e.g. custom.invoice.exported), at most 100 characters';

export function isPlatformEventType(type: string): type is PlatformEventType {
  return Object.hasOwn(platformEventTypes, type);
}

export function isCustomEventType(type: string): boolean {
  return type.length <= 100 && CUSTOM_TYPE.test(type);
}

/** The scope needed to receive events of a type; undefined for a type that does not exist. */
export function scopeToReceive(type: string): string | undefined {
  if (isPlatformEventType(type)) return platformEventTypes[type].scope;
  if (isCustomEventType(type)) return CUSTOM_EVENT_READ_SCOPE;
  return undefined;
}

/** Whether a credential with `scopes` may receive events of `type`. */
export function mayReceive(type: string, scopes: ReadonlySet<string>): boolean {
  const scope = scopeToReceive(type);
  return scope !== undefined && scopes.has(scope);
}

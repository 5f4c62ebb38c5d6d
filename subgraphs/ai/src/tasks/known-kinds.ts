import type { GraphQLSchema } from 'graphql';
import { ApiError } from '@platform/errors';
import { mutationStep } from './operations.ts';
import type { TaskPlan, TaskStep } from './plan.ts';
import { type Reader, readList } from './reads.ts';

/** What an offline planner reads with (the caller's credential) and plans against. */
export interface PlanningContext {
  reader: Reader;
  schema: GraphQLSchema;
  now: Date;
}

/** A goal the offline planner knows how to plan, with how it is recognised. */
export interface KnownTaskKind {
  kind: string;
  description: string;
  example: string;
  matches(goal: string): boolean;
  plan(context: PlanningContext, goal: string): Promise<TaskPlan>;
}

const DAY_MS = 86_400_000;

/** "… 45 days …" in a goal, else the default. */
function daysIn(goal: string, fallback: number): number {
  const found = /(\d{1,4})\s*days?\b/i.exec(goal);
  return found ? Number(found[1]) : fallback;
}

/** A step of the plan, checked against the supergraph as it is built. */
function step(schema: GraphQLSchema, steps: TaskStep[], operation: string, args: Record<string, unknown>, description: string): void {
  const built = mutationStep(schema, { id: `step_${steps.length + 1}`, description, operation, arguments: args });
  if (!built.ok) throw new Error(`the offline planner built an invalid ${operation} step: ${built.errors.join('; ')}`);
  steps.push(built.step);
}

interface ReorderItem {
  id: string;
  name: string;
  quantity_on_hand: number;
  reorder_point: number;
  open_purchase_orders: Array<{ id: string }>;
}
interface PurchaseOrder {
  customer_id: string;
  currency: string;
  status: string;
  lines: Array<{ item_id: string; unit_price: number }>;
}

const restock: KnownTaskKind = {
  kind: 'restock_below_reorder_point',
  description:
    'Drafts purchase orders for every active SKU below its reorder point that has no purchase order open (draft or confirmed): from its usual supplier (the supplier of its latest purchase order) at its latest price, enough to bring it to twice its reorder point; one draft per supplier and currency. SKUs never purchased are left out and named in the summary.',
  example: 'Restock everything below its reorder point from its usual supplier',
  matches: (goal) => /\b(re-?stock|replenish|re-?order)\b/i.test(goal),
  async plan({ reader, schema }) {
    const items = await readList<ReorderItem>(reader, 'inventory_items', { arguments: { reorder_below: true, archived: false }, fields: ['id', 'name', 'quantity_on_hand', 'reorder_point', 'open_purchase_orders.id'], sort: 'id' });
    const orders = await readList<PurchaseOrder>(reader, 'orders', { arguments: { kind: 'purchase' }, fields: ['customer_id', 'currency', 'status', 'lines.item_id', 'lines.unit_price'], sort: '-created_at' });
    // The latest purchase order of each SKU (orders come newest first).
    const usual = new Map<string, { supplier: string; currency: string; unit_price: number }>();
    for (const order of orders.filter((candidate) => candidate.status !== 'cancelled')) {
      for (const line of order.lines) if (!usual.has(line.item_id)) usual.set(line.item_id, { supplier: order.customer_id, currency: order.currency, unit_price: line.unit_price });
    }
    const drafts = new Map<string, { supplier: string; currency: string; lines: Array<{ item_id: string; quantity: number; unit_price: number; description: string }> }>();
    const neverPurchased: string[] = [];
    const due = items.filter((item) => item.open_purchase_orders.length === 0);
    for (const item of due) {
      const source = usual.get(item.id);
      if (!source) {
        neverPurchased.push(item.id);
        continue;
      }
      const key = `${source.supplier}/${source.currency}`;
      const draft = drafts.get(key) ?? { supplier: source.supplier, currency: source.currency, lines: [] };
      draft.lines.push({ item_id: item.id, quantity: Math.max(1, 2 * item.reorder_point - item.quantity_on_hand), unit_price: source.unit_price, description: item.name });
      drafts.set(key, draft);
    }
    const steps: TaskStep[] = [];
    for (const draft of drafts.values()) {
      const skus = draft.lines.map((line) => `${line.quantity} × ${line.item_id}`).join(', ');
      step(schema, steps, 'create_order', { input: { kind: 'purchase', customer_id: draft.supplier, currency: draft.currency, lines: draft.lines, notes: 'Drafted by an AI agent task: restock below reorder point.' } }, `Draft a purchase order from ${draft.supplier}: ${skus}`);
    }
    const skipped = items.length - due.length;
    return {
      kind: this.kind,
      summary: `${steps.length} draft purchase order(s) for ${due.length - neverPurchased.length} SKU(s) below their reorder point${skipped ? `; ${skipped} with a purchase order already open left out` : ''}${neverPurchased.length ? `; never purchased, so no usual supplier: ${neverPurchased.join(', ')}` : ''}.`,
      steps,
    };
  },
};

interface OverdueInvoice {
  id: string;
  number: string | null;
  customer_id: string;
  due_date: string | null;
  amount_due: number;
  currency: string;
}

const reminders: KnownTaskKind = {
  kind: 'invoice_reminders',
  description:
    'Publishes one `custom.invoice.reminder` event per issued invoice overdue by at least N days (the number in the goal, else 1), with the invoice, customer, amount due and days overdue as data: a webhook endpoint or a workflow subscribed to the type sends the reminder.',
  example: 'Send reminders for invoices overdue by 30 days',
  matches: (goal) => /\bremind/i.test(goal) && /\binvoice/i.test(goal),
  async plan({ reader, schema, now }, goal) {
    const days = daysIn(goal, 1);
    const invoices = await readList<OverdueInvoice>(reader, 'invoices', { arguments: { overdue: true }, fields: ['id', 'number', 'customer_id', 'due_date', 'amount_due', 'currency'], sort: 'due_date' });
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const steps: TaskStep[] = [];
    for (const invoice of invoices) {
      const overdue = invoice.due_date ? Math.round((today - Date.parse(`${invoice.due_date}T00:00:00Z`)) / DAY_MS) : 0;
      if (overdue < days) continue;
      const data = { invoice_id: invoice.id, number: invoice.number, customer_id: invoice.customer_id, due_date: invoice.due_date, days_overdue: overdue, amount_due: invoice.amount_due, currency: invoice.currency };
      step(schema, steps, 'publish_event', { input: { type: 'custom.invoice.reminder', data } }, `Remind ${invoice.customer_id} of invoice ${invoice.number ?? invoice.id}, ${overdue} days overdue`);
    }
    return { kind: this.kind, summary: `${steps.length} reminder(s) for invoices overdue by ${days} day(s) or more, as custom.invoice.reminder events.`, steps };
  },
};

interface StockedItem {
  id: string;
  name: string;
  quantity_on_hand: number;
}
interface SalesOrder {
  status: string;
  lines: Array<{ item_id: string }>;
}

const archiveDormant: KnownTaskKind = {
  kind: 'archive_dormant_skus',
  description: 'Archives every active SKU with stock on hand that no sales order (other than a cancelled one) created in the last N days names (the number in the goal, else 90).',
  example: 'Find SKUs with stock but no sales in 90 days and archive them',
  matches: (goal) => /\barchiv/i.test(goal) && /\b(sales?|sold|dormant)\b/i.test(goal),
  async plan({ reader, schema, now }, goal) {
    const days = daysIn(goal, 90);
    const items = await readList<StockedItem>(reader, 'inventory_items', { arguments: { archived: false }, fields: ['id', 'name', 'quantity_on_hand'], sort: 'id' });
    const since = new Date(now.getTime() - days * DAY_MS).toISOString();
    const orders = await readList<SalesOrder>(reader, 'orders', { arguments: { kind: 'sales', created_after: since }, fields: ['status', 'lines.item_id'] });
    const sold = new Set(orders.filter((order) => order.status !== 'cancelled').flatMap((order) => order.lines.map((line) => line.item_id)));
    const steps: TaskStep[] = [];
    for (const item of items) {
      if (item.quantity_on_hand > 0 && !sold.has(item.id)) step(schema, steps, 'archive_inventory_item', { id: item.id }, `Archive ${item.id} (${item.name}): ${item.quantity_on_hand} in stock, no sale in ${days} days`);
    }
    return { kind: this.kind, summary: `${steps.length} SKU(s) with stock and no sale in ${days} days to archive.`, steps };
  },
};

/** The goals the offline planner knows (documented in docs/domains/ai.md). */
export const KNOWN_TASK_KINDS: KnownTaskKind[] = [restock, reminders, archiveDormant];

/** The kind a goal asks for, or a refusal listing the kinds with an example each. */
export function knownKindOf(goal: string): KnownTaskKind {
  const kinds = KNOWN_TASK_KINDS.filter((candidate) => candidate.matches(goal));
  if (kinds.length === 1 && kinds[0]) return kinds[0];
  const known = KNOWN_TASK_KINDS.map((candidate) => `“${candidate.example}”`).join('; ');
  throw new ApiError('rule_violation', `${kinds.length === 0 ? 'The offline planner does not know this goal' : 'The goal matches several task kinds'}; it plans: ${known} (or configure a language model for free-form goals).`, {
    errors: [{ field: 'goal', message: kinds.length === 0 ? 'not a goal the offline planner knows' : `ambiguous between ${kinds.map((candidate) => candidate.kind).join(' and ')}` }],
  });
}

import { type Prisma, type SqlRunner, driverSql, isUniqueViolation } from '@platform/db';
import { ApiError, type FieldError } from '@platform/errors';
import {
  type RestRoutes,
  type SubgraphBuilder,
  type SubgraphContext,
  assertCurrentVersion,
  batchLoader,
  defineLifecycle,
  eventEmitterOf,
  filterValuesRule,
  inputRules,
  listEnvelope,
  listOrder,
  listWindow,
  MAX_FILTER_VALUES,
  paginationArgs,
  parseArgument,
  parseInput,
  patchChanges,
  type SortKey,
  sortArg,
  recordActionArgs,
  assertRanges,
  searchText,
  nestedFirstRule,
  nestedOffsetRule,
} from '@platform/graphql-kit';
import type { CustomerRecord, OrderKind, OrderLineRecord, OrderRecord, OrderStatus } from '../records.ts';
import { findCustomerForShare } from '../repositories/customers.ts';
import {
  type LineData,
  type OrderFilter,
  createOrder,
  deleteOrder,
  externalReferenceTaken,
  findOrder,
  findOrders,
  fulfilOrder,
  linesOf,
  listOrders,
  lockOrder,
  nextOrderNumber,
  openPurchaseOrdersOf,
  recentOrdersOfCustomers,
  updateOrder,
} from '../repositories/orders.ts';
import { CRM_SCOPES, customerLoader, type defineCustomerSchema } from './customers.ts';
import { createOrderRules, line, updateOrderRules } from './rules.ts';

/** The window of a customer's orders: a page of at most 100 after any number of newer ones. */

/** The lifecycle instants are null until their action happens: those orders sort last either way. */
const ORDER_SORT_KEYS = {
  created_at: 'timestamp',
  number: 'text',
  total: 'bigint',
  confirmed_at: { column: 'confirmed_at', kind: 'timestamp', nullable: true },
  fulfilled_at: { column: 'fulfilled_at', kind: 'timestamp', nullable: true },
  received_at: { column: 'received_at', kind: 'timestamp', nullable: true },
  cancelled_at: { column: 'cancelled_at', kind: 'timestamp', nullable: true },
} as const satisfies Record<string, SortKey>;
const DEFAULT_ORDER_SORT = '-created_at';
/** The channel of an order: `api` when created through this API (REST or GraphQL), the connector's id when a sync created it. */
function channelOf(context: SubgraphContext): string {
  const { credential } = context.principal;
  return credential.type === 'connector' ? credential.id : 'api';
}

type OrderAction = 'confirm' | 'fulfil' | 'receive' | 'cancel';

/** Sales orders: draft → confirmed → fulfilled (stock goes out); draft or confirmed → cancelled. */
const salesLifecycle = defineLifecycle<OrderStatus, 'confirm' | 'fulfil' | 'cancel'>('a sales order', {
  confirm: { from: ['draft'], to: 'confirmed' },
  fulfil: { from: ['confirmed'], to: 'fulfilled' },
  cancel: { from: ['draft', 'confirmed'], to: 'cancelled' },
});

/** Purchase orders: draft → confirmed → received (stock comes in); draft or confirmed → cancelled. */
const purchaseLifecycle = defineLifecycle<OrderStatus, 'confirm' | 'receive' | 'cancel'>('a purchase order', {
  confirm: { from: ['draft'], to: 'confirmed' },
  receive: { from: ['confirmed'], to: 'received' },
  cancel: { from: ['draft', 'confirmed'], to: 'cancelled' },
});

function allowedActions(order: Pick<OrderRecord, 'kind' | 'status'>): string[] {
  return order.kind === 'sales' ? salesLifecycle.allowedActions(order.status) : purchaseLifecycle.allowedActions(order.status);
}

/** The status an action leads to, or `invalid_transition` (also for fulfilling a purchase order or receiving a sales order). */
function transition(order: Pick<OrderRecord, 'kind' | 'status'>, action: OrderAction): OrderStatus {
  if (order.kind === 'sales') {
    if (action === 'receive') throw wrongKind(order, 'Cannot receive a sales order: sales orders are fulfilled; receiving is for purchase orders.');
    return salesLifecycle.transition(action, order.status);
  }
  if (action === 'fulfil') throw wrongKind(order, 'Cannot fulfil a purchase order: purchase orders are received; fulfilling is for sales orders.');
  return purchaseLifecycle.transition(action, order.status);
}

function wrongKind(order: Pick<OrderRecord, 'kind' | 'status'>, message: string): ApiError {
  return new ApiError('invalid_transition', message, { current_status: order.status, allowed_actions: allowedActions(order) });
}

function notFoundOrder(id: string): ApiError {
  return new ApiError('not_found', `No order ${id} exists in this tenant.`);
}

/** A body that matches the schema but names records that do not exist or cannot be used. */
function validationFailed(errors: FieldError[]): ApiError {
  return new ApiError('rule_violation', `The request is invalid: ${errors.map((error) => `${error.field}: ${error.message}`).join('; ')}`, { errors });
}

function orderLoader(context: SubgraphContext) {
  return batchLoader(context, 'crm.order', (ids: readonly string[]) => findOrders(context.prisma, context.principal.tenantId, ids), (order) => order.id);
}

/** The lines of every order of a page in one query. */
function linesLoader(context: SubgraphContext) {
  return batchLoader(context, 'crm.order.lines', (ids: readonly string[]) => linesOf(context.prisma, context.principal.tenantId, ids), (line) => line.order_id, { groupBy: true });
}

/** Checks what an order names in other records: the customer (exists, active) and the SKUs (exist in inventory). */
async function checkReferences(context: SubgraphContext, tx: SqlRunner, refs: { customer_id?: string | undefined; lines?: LineData[] | undefined }): Promise<CustomerRecord | null> {
  const errors: FieldError[] = [];
  let customer: CustomerRecord | null = null;
  if (refs.customer_id !== undefined) {
    customer = await findCustomerForShare(tx, context.principal.tenantId, refs.customer_id);
    if (!customer) errors.push({ field: 'customer_id', message: `no customer ${refs.customer_id} exists in this tenant` });
    else if (customer.archived_at) errors.push({ field: 'customer_id', message: `customer ${refs.customer_id} is archived` });
  }
  if (refs.lines && refs.lines.length > 0) {
    const existing = await context.platform.stock.existingItemIds(tx, context.principal.tenantId, [...new Set(refs.lines.map((line) => line.item_id))]);
    refs.lines.forEach((line, index) => {
      if (!existing.has(line.item_id)) errors.push({ field: `lines.${index}.item_id`, message: `no inventory item ${line.item_id} exists in this tenant` });
    });
  }
  if (errors.length > 0) throw validationFailed(errors);
  return customer;
}

function referenceTaken(kind: OrderKind, reference: string | null | undefined): ApiError {
  return new ApiError('already_exists', `Another ${kind} order already has the external reference ${reference}.`, { errors: [{ field: 'external_reference', message: 'already used by another order of this kind' }] });
}

async function assertReferenceFree(tx: SqlRunner, tenantId: string, kind: OrderKind, reference: string | null | undefined, exceptId?: string) {
  if (reference != null && (await externalReferenceTaken(tx, tenantId, kind, reference, exceptId))) throw referenceTaken(kind, reference);
}

/**
 * Runs a write that may hit the external reference's unique index: a concurrent write that passed
 * the same check committed first. (Order numbers come from the sequence and ids are random, so
 * that index is the only one such a write can hit.)
 */
async function guardingReference<T>(kind: OrderKind, reference: string | null | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error) && reference != null) throw referenceTaken(kind, reference);
    throw error;
  }
}

/** The filters of the order list, checked: what the published document cannot state is a 422 naming the arguments. */
function orderFilter(args: OrderFilter): OrderFilter {
  assertRanges(args);
  return { ...args, status_in: parseArgument('status_in', filterValuesRule, args.status_in) as OrderStatus[] | null | undefined, q: parseArgument('q', searchText, args.q) };
}

/**
 * Orders: sales orders (goods out to a customer) and purchase orders (goods in from a
 * supplier, also a `Customer`), with lines of inventory SKUs and a lifecycle of explicit actions.
 */
export function defineOrderSchema(builder: SubgraphBuilder, refs: ReturnType<typeof defineCustomerSchema>) {
  const OrderKindEnum = builder.enumType('OrderKind', {
    description: 'Which way goods move.',
    values: {
      sales: { description: 'A sales order: goods go out to the customer; numbered `SO-…`; ends `fulfilled`.' },
      purchase: { description: 'A purchase order: goods come in from the customer as supplier; numbered `PO-…`; ends `received`.' },
    } as const,
  });
  const OrderStatusEnum = builder.enumType('OrderStatus', {
    description: 'Where an order is in its lifecycle.',
    values: {
      draft: { description: 'Being prepared: can be changed (PATCH) or deleted.' },
      confirmed: { description: 'Agreed with the customer; no longer editable. Can be fulfilled (sales), received (purchase) or cancelled.' },
      fulfilled: { description: 'Sales orders: shipped; the stock of every line was taken out of inventory. Final.' },
      received: { description: 'Purchase orders: goods received; the stock of every line was added to inventory. Final.' },
      cancelled: { description: 'Called off before fulfilment or receipt; no stock moved. Final.' },
    } as const,
  });

  const InventoryItemRef = builder.externalRef('InventoryItem', builder.selection<{ id: string }>('id'));

  const OrderLine = builder.objectRef<OrderLineRecord>('OrderLine').implement({
    description: 'One line of an order: a quantity of an inventory SKU at a unit price.',
    authScopes: { anyScope: CRM_SCOPES },
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Line identifier (`oln_…`), assigned by the platform. Replacing the lines of a draft assigns new ids.' }),
      item_id: t.exposeString('item_id', { description: 'The SKU (inventory item id). It existed in inventory when the line was written.' }),
      description: t.exposeString('description', { description: 'Text shown on the order; defaults to the SKU.' }),
      quantity: t.exposeInt('quantity', { description: 'Units ordered; an integer greater than 0.' }),
      unit_price: t.expose('unit_price', { type: 'MinorUnits', description: 'Price of one unit in minor units of the order’s `currency`, 0 or more.' }),
      total: t.expose('total', { type: 'MinorUnits', description: '`quantity × unit_price`, computed by the platform.' }),
      item: t.field({
        type: InventoryItemRef,
        description: 'The inventory item of this line, resolved by the inventory domain (GraphQL only; needs `inventory:read`).',
        resolve: (line) => ({ id: line.item_id }),
      }),
    }),
  });

  const Order = builder.objectRef<OrderRecord>('Order').implement({
    description:
      'A sales order (goods out to a customer) or a purchase order (goods in from a supplier). Changed only while `draft`; then moved on by actions: `confirm`, `fulfil` (sales), `receive` (purchase), `cancel`. Amounts are in minor units of `currency`; orders carry no tax (invoices do).',
    authScopes: { anyScope: CRM_SCOPES },
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Order identifier (`ord_…`), assigned by the platform.' }),
      number: t.exposeString('number', { description: 'Human-readable number, assigned at creation per tenant and kind without gaps: `SO-000001`, `PO-000001`.' }),
      kind: t.field({ type: OrderKindEnum, resolve: (order) => order.kind, description: '`sales` or `purchase`; fixed at creation.' }),
      status: t.field({ type: OrderStatusEnum, resolve: (order) => order.status, description: 'Lifecycle status; changed only by the actions.' }),
      customer_id: t.exposeString('customer_id', { description: 'The trading partner: the buyer of a sales order, the supplier of a purchase order.' }),
      channel: t.exposeString('channel', { description: 'Which channel created the order: `api` for this API (REST or GraphQL), set by the platform; a connector’s id for orders it imports.' }),
      external_reference: t.exposeString('external_reference', { nullable: true, description: 'The client’s own identifier of the order (e.g. a web-shop order number); unique per tenant and kind when given.' }),
      currency: t.exposeString('currency', { description: 'ISO 4217 code of every amount of the order.' }),
      lines: t.field({
        type: [OrderLine],
        description: 'The lines, in the order given.',
        resolve: (order, _args, context) => order.lines ?? linesLoader(context).load(order.id),
      }),
      subtotal: t.expose('subtotal', { type: 'MinorUnits', description: 'Sum of the line totals, computed by the platform.' }),
      total: t.expose('total', { type: 'MinorUnits', description: 'Amount of the order; equals `subtotal` (orders carry no tax or discounts; invoices carry tax).' }),
      notes: t.exposeString('notes', { nullable: true, description: 'Free-form notes, up to 5000 characters.' }),
      confirmed_at: t.expose('confirmed_at', { type: 'DateTime', nullable: true, description: 'When the order was confirmed.' }),
      fulfilled_at: t.expose('fulfilled_at', { type: 'DateTime', nullable: true, description: 'When the sales order was fulfilled (its stock taken out).' }),
      received_at: t.expose('received_at', { type: 'DateTime', nullable: true, description: 'When the purchase order was received (its stock added).' }),
      cancelled_at: t.expose('cancelled_at', { type: 'DateTime', nullable: true, description: 'When the order was cancelled.' }),
      version: t.exposeInt('version', { description: 'Incremented by every change and action; send it back as `version` (or REST `If-Match`) to refuse a change based on a stale read.' }),
      created_at: t.expose('created_at', { type: 'DateTime', description: 'When the order was created.' }),
      updated_at: t.expose('updated_at', { type: 'DateTime', description: 'When the order last changed.' }),
      customer: t.field({
        type: refs.Customer,
        description: 'The trading partner named by `customer_id` (GraphQL only).',
        resolve: async (order, _args, context) => (await customerLoader(context).load(order.customer_id)) ?? Promise.reject(new ApiError('not_found', `No customer ${order.customer_id} exists in this tenant.`)),
      }),
    }),
  });

  builder.asEntity(Order, {
    key: builder.selection<{ id: string }>('id'),
    resolveReference: ({ id }, context) => orderLoader(context).load(id),
  });

  const OrderList = listEnvelope(builder, 'OrderList', Order);

  builder.objectField(refs.Customer, 'orders', (t) =>
    t.field({
      type: [Order],
      description: 'The customer’s orders, newest first: `first` of them after skipping the `offset` newest, so `offset: 100, first: 100` is the second hundred (GraphQL only).',
      authScopes: { anyScope: CRM_SCOPES },
      args: {
        kind: t.arg({ type: OrderKindEnum, required: false, description: 'Only orders of this kind.' }),
        status: t.arg({ type: OrderStatusEnum, required: false, description: 'Only orders in this status.' }),
        first: t.arg.int({ required: false, description: 'How many orders, 1 to 100. Default 10.', extensions: inputRules(nestedFirstRule) }),
        offset: t.arg.int({ required: false, description: 'How many of the newest orders to skip, 0 or more. Default 0.', extensions: inputRules(nestedOffsetRule) }),
      },
      resolve: (customer, args, context) => {
        const first = parseArgument('first', nestedFirstRule, args.first) ?? 10;
        const offset = parseArgument('offset', nestedOffsetRule, args.offset) ?? 0;
        const options = { kind: args.kind ?? null, status: args.status ?? null, first, offset };
        return batchLoader(
          context,
          `crm.customer.orders:${options.kind}:${options.status}:${first}:${offset}`,
          (ids: readonly string[]) => recentOrdersOfCustomers(context.prisma, context.principal.tenantId, ids, options),
          (order) => order.customer_id,
          { groupBy: true },
        ).load(customer.id);
      },
    }),
  );

  // Owned and described by the inventory subgraph (descriptions here would replace its own in the
  // supergraph); CRM only adds `open_purchase_orders`.
  InventoryItemRef.implement({
    fields: (t) => ({
      id: t.exposeString('id'),
      open_purchase_orders: t.field({
        type: [Order],
        description: 'Purchase orders in `draft` or `confirmed` with a line for this SKU, newest first: stock on its way in (GraphQL only; needs a CRM scope).',
        authScopes: { anyScope: CRM_SCOPES },
        resolve: async (item, _args, context) => {
          const rows = await batchLoader(
            context,
            'crm.inventory_item.open_purchase_orders',
            (ids: readonly string[]) => openPurchaseOrdersOf(context.prisma, context.principal.tenantId, ids),
            (row) => row.item_id,
            { groupBy: true },
          ).load(item.id);
          return rows.map((row) => row.order);
        },
      }),
    }),
  });

  const OrderLineInput = builder.inputType('OrderLineInput', {
    extensions: inputRules(line),
    description: 'A line of an order.',
    fields: (t) => ({
      item_id: t.string({ required: true, description: 'The SKU; must exist in inventory.' }),
      description: t.string({ required: false, description: 'Text shown on the order, up to 500 characters. Default: the SKU.' }),
      quantity: t.int({ required: true, description: 'Units, an integer greater than 0.' }),
      unit_price: t.field({ type: 'MinorUnits', required: true, description: 'Price of one unit in minor units of the order’s currency, 0 or more.' }),
    }),
  });
  const CreateOrderInput = builder.inputType('CreateOrderInput', {
    extensions: inputRules(createOrderRules),
    description: 'A new order; it starts as `draft` with the next number of its kind.',
    fields: (t) => ({
      kind: t.field({ type: OrderKindEnum, required: true, description: '`sales` or `purchase`.' }),
      customer_id: t.string({ required: true, description: 'An existing, non-archived customer: the buyer (sales) or the supplier (purchase).' }),
      currency: t.string({ required: false, description: 'ISO 4217 code. Default: the customer’s `currency`; required when the customer has none.' }),
      external_reference: t.string({ required: false, description: 'Your own identifier of the order, up to 100 characters; unique per tenant and kind.' }),
      notes: t.string({ required: false, description: 'Free-form notes, up to 5000 characters.' }),
      lines: t.field({ type: [OrderLineInput], required: false, description: 'Lines, at most 500. A draft may have none; confirming needs at least one.' }),
    }),
  });
  const UpdateOrderInput = builder.inputType('UpdateOrderInput', {
    extensions: inputRules(updateOrderRules),
    description: 'Fields to change on a draft order; absent fields keep their value. `lines`, when given, replace every line.',
    fields: (t) => ({
      customer_id: t.string({ required: false, description: 'Another existing, non-archived customer.' }),
      currency: t.string({ required: false, description: 'ISO 4217 code.' }),
      external_reference: t.string({ required: false, description: 'Your own identifier; unique per tenant and kind; empty clears it.' }),
      notes: t.string({ required: false, description: 'Free-form notes; empty clears them.' }),
      lines: t.field({ type: [OrderLineInput], required: false, description: 'Replaces every line; totals are recomputed.' }),
      version: t.int({ required: false, description: 'The version the change is based on; if it is no longer current the change is refused with `version_conflict`.' }),
    }),
  });

  builder.queryFields((t) => ({
    orders: t.field({
      type: OrderList,
      description: 'Sales and purchase orders, newest first by default.',
      authScopes: { scope: 'crm:read' },
      args: {
        kind: t.arg({ type: OrderKindEnum, required: false, description: 'Only orders of this kind.' }),
        status: t.arg({ type: OrderStatusEnum, required: false, description: 'Only orders in this status.' }),
        status_in: t.arg({ type: [OrderStatusEnum], required: false, description: `Only orders in one of these statuses (1 to ${MAX_FILTER_VALUES}). With \`status\`, both apply.`, extensions: inputRules(filterValuesRule) }),
        customer_id: t.arg.string({ required: false, description: 'Only orders of this customer.' }),
        item_id: t.arg.string({ required: false, description: 'Only orders with at least one line for this SKU.' }),
        channel: t.arg.string({ required: false, description: 'Only orders created through this channel (`api`, or a connector id).' }),
        created_after: t.arg({ type: 'DateTime', required: false, description: 'Only orders created at or after this instant.' }),
        created_before: t.arg({ type: 'DateTime', required: false, description: 'Only orders created before this instant.' }),
        confirmed_after: t.arg({ type: 'DateTime', required: false, description: 'Only orders confirmed at or after this instant.' }),
        confirmed_before: t.arg({ type: 'DateTime', required: false, description: 'Only orders confirmed before this instant.' }),
        fulfilled_after: t.arg({ type: 'DateTime', required: false, description: 'Only sales orders fulfilled at or after this instant.' }),
        fulfilled_before: t.arg({ type: 'DateTime', required: false, description: 'Only sales orders fulfilled before this instant.' }),
        received_after: t.arg({ type: 'DateTime', required: false, description: 'Only purchase orders received at or after this instant.' }),
        received_before: t.arg({ type: 'DateTime', required: false, description: 'Only purchase orders received before this instant.' }),
        cancelled_after: t.arg({ type: 'DateTime', required: false, description: 'Only orders cancelled at or after this instant.' }),
        cancelled_before: t.arg({ type: 'DateTime', required: false, description: 'Only orders cancelled before this instant.' }),
        total_min: t.arg({ type: 'MinorUnits', required: false, description: 'Only orders whose `total` is at least this amount, in minor units of the order’s currency.' }),
        total_max: t.arg({ type: 'MinorUnits', required: false, description: 'Only orders whose `total` is at most this amount, in minor units of the order’s currency.' }),
        q: t.arg.string({ required: false, description: 'Only orders whose number, external reference or notes contain this text, ignoring case (1 to 200 characters).', extensions: inputRules(searchText) }),
        sort: sortArg(t.arg, Object.keys(ORDER_SORT_KEYS), DEFAULT_ORDER_SORT),
        ...paginationArgs(t),
      },
      resolve: (_root, args, { prisma, principal }, info) => listOrders(prisma, principal.tenantId, orderFilter(args), listWindow(args, 'orders', listOrder(args.sort, ORDER_SORT_KEYS, DEFAULT_ORDER_SORT), info)),
    }),
    order: t.field({
      type: Order,
      description: 'One order by id.',
      authScopes: { scope: 'crm:read' },
      args: { id: t.arg.string({ required: true, description: 'The order id (`ord_…`).' }) },
      resolve: async (_root, { id }, { prisma, principal }) => (await findOrder(prisma, principal.tenantId, id)) ?? Promise.reject(notFoundOrder(id)),
    }),
  }));

  /** Runs a change of a locked order: version check, then the status rule, then `work`, all in one audited transaction. */
  function changeOrder(
    context: SubgraphContext,
    id: string,
    version: number | null | undefined,
    action: OrderAction | 'update' | 'delete',
    work: (tx: Prisma.TransactionClient, order: OrderRecord) => Promise<OrderRecord>,
  ): Promise<OrderRecord> {
    return context.audit.recordChange(
      `order.${action}`,
      async (tx) => {
        const order = await lockOrder(tx, context.principal.tenantId, id);
        if (!order) throw notFoundOrder(id);
        assertCurrentVersion(context, version, order);
        if (action === 'update' || action === 'delete') {
          if (order.status !== 'draft') {
            throw new ApiError('invalid_transition', `Cannot ${action} an order that is ${order.status}; only draft orders can be ${action === 'update' ? 'changed' : 'deleted'}.`, {
              current_status: order.status,
              allowed_actions: allowedActions(order),
            });
          }
        } else {
          transition(order, action);
        }
        return work(tx, order);
      },
      () => id,
    );
  }

  const stamp = { confirm: 'confirmed_at', fulfil: 'fulfilled_at', receive: 'received_at', cancel: 'cancelled_at' } as const;

  /** confirm / fulfil / receive / cancel: the status change, its timestamp and, for fulfil and receive, the stock movements. */
  const lifecycleAction = (action: OrderAction) => (_root: unknown, args: { id: string; version?: number | null }, context: SubgraphContext) =>
    changeOrder(context, args.id, args.version, action, async (tx, order) => {
      const tenantId = order.tenant_id;
      const emitter = eventEmitterOf(context);
      if (action !== 'cancel') {
        const lines = await linesOf(tx, tenantId, [order.id]);
        if (action === 'confirm' && lines.length === 0) {
          throw new ApiError('invalid_state', `Order ${order.number} has no lines; add at least one before confirming it.`, { errors: [{ field: 'lines', message: 'at least one line is needed to confirm' }] });
        }
        if (action === 'fulfil' || action === 'receive') {
          // In this transaction: a refusal (insufficient_stock) rolls back the status change too.
          await context.platform.stock.applyStockChanges(
            tx,
            tenantId,
            lines.map((line, index) => ({
              item_id: line.item_id,
              quantity: action === 'fulfil' ? -line.quantity : line.quantity,
              kind: action === 'fulfil' ? 'fulfilment' : 'receipt',
              source: { type: order.kind === 'sales' ? 'sales_order' : 'purchase_order', id: order.id, line_id: line.id },
              field: `lines.${index}.quantity`,
            })),
            emitter,
          );
        }
        // A sales order's fulfilment emits `order.fulfilled` with the order after the change.
        if (action === 'fulfil') return fulfilOrder(tx, tenantId, order.id, lines, emitter);
      }
      return updateOrder(tx, tenantId, order.id, { status: transition(order, action), [stamp[action]]: new Date() });
    });

  builder.mutationFields((t) => ({
    create_order: t.field({
      type: Order,
      description: 'Creates a draft order with the next number of its kind (`SO-…`, `PO-…`). `channel` is set to `api` (a connector’s id when its sync creates the order); totals are computed.',
      authScopes: { scope: 'crm:write' },
      args: { input: t.arg({ type: CreateOrderInput, required: true, description: 'The new order (REST: the JSON body).' }) },
      resolve: async (_root, { input }, context) => {
        const data = parseInput(createOrderRules, input);
        const tenantId = context.principal.tenantId;
        // Before the transaction, so that creations of the tenant do not queue on the sequence (see nextOrderNumber).
        const number = await nextOrderNumber(driverSql(context.prisma), tenantId, data.kind);
        // Raw statements only, in a plain transaction: every channel's orders are created here.
        return context.audit.recordSqlChange(
          'order.create',
          async (tx) => {
            const customer = await checkReferences(context, tx, { customer_id: data.customer_id, lines: data.lines });
            const currency = data.currency ?? customer?.currency;
            if (!currency) throw validationFailed([{ field: 'currency', message: `required: customer ${data.customer_id} has no default currency` }]);
            await assertReferenceFree(tx, tenantId, data.kind, data.external_reference);
            return guardingReference(data.kind, data.external_reference, () =>
              createOrder(tx, tenantId, number, { kind: data.kind, customer_id: data.customer_id, channel: channelOf(context), external_reference: data.external_reference, currency, notes: data.notes }, data.lines, eventEmitterOf(context)),
            );
          },
          (order) => order.id,
        );
      },
    }),
    update_order: t.field({
      type: Order,
      description: 'Changes a draft order (any other status: `invalid_transition`). `lines`, when given, replace every line; totals are recomputed.',
      authScopes: { scope: 'crm:write' },
      args: { id: t.arg.string({ required: true, description: 'The order id.' }), input: t.arg({ type: UpdateOrderInput, required: true, description: 'The fields to change (REST: the JSON body).' }) },
      resolve: (_root, { id, input }, context) => {
        const { version, lines, ...changes } = parseInput(updateOrderRules, patchChanges(input));
        return changeOrder(context, id, version, 'update', async (tx, order) => {
          await checkReferences(context, tx, { customer_id: changes.customer_id, lines });
          if (changes.external_reference !== undefined) await assertReferenceFree(tx, order.tenant_id, order.kind, changes.external_reference, order.id);
          return guardingReference(order.kind, changes.external_reference, () => updateOrder(tx, order.tenant_id, order.id, changes, lines));
        });
      },
    }),
    delete_order: t.field({
      type: Order,
      description: 'Deletes a draft order (any other status: `invalid_transition`; cancel it instead) and returns it as it was. Its number is not reused.',
      authScopes: { scope: 'crm:write' },
      args: recordActionArgs(t.arg, 'order'),
      resolve: (_root, { id, version }, context) =>
        changeOrder(context, id, version, 'delete', async (tx, order) => {
          const lines = await linesOf(tx, order.tenant_id, [order.id]);
          await deleteOrder(tx, order.tenant_id, order.id);
          return { ...order, lines };
        }),
    }),
    confirm_order: t.field({
      type: Order,
      description: 'Confirms a draft order (`draft` → `confirmed`); it needs at least one line (else `invalid_state`). A confirmed order can no longer be changed.',
      authScopes: { scope: 'crm:write' },
      args: recordActionArgs(t.arg, 'order'),
      resolve: lifecycleAction('confirm'),
    }),
    fulfil_order: t.field({
      type: Order,
      description:
        'Fulfils a confirmed sales order (`confirmed` → `fulfilled`): takes each line’s quantity out of its item’s stock in the same transaction. If any item lacks the stock (and allows no backorder) the order stays confirmed, no stock moves, and the answer is `insufficient_stock` naming the lines (`lines.N.quantity`). Purchase orders are received, not fulfilled (`invalid_transition`).',
      authScopes: { scope: 'crm:write' },
      args: recordActionArgs(t.arg, 'order'),
      resolve: lifecycleAction('fulfil'),
    }),
    receive_order: t.field({
      type: Order,
      description: 'Receives a confirmed purchase order (`confirmed` → `received`): adds each line’s quantity to its item’s stock in the same transaction. Sales orders are fulfilled, not received (`invalid_transition`).',
      authScopes: { scope: 'crm:write' },
      args: recordActionArgs(t.arg, 'order'),
      resolve: lifecycleAction('receive'),
    }),
    cancel_order: t.field({
      type: Order,
      description: 'Cancels a draft or confirmed order (→ `cancelled`). No stock has moved for such orders, so none moves back. Fulfilled, received and cancelled orders cannot be cancelled.',
      authScopes: { scope: 'crm:write' },
      args: recordActionArgs(t.arg, 'order'),
      resolve: lifecycleAction('cancel'),
    }),
  }));

  return { OrderKindEnum, OrderStatusEnum, InventoryItemRef };
}

export const orderRestRoutes: RestRoutes = {
  'Query.orders': { method: 'GET', path: '/crm/orders', tags: ['CRM'] },
  'Query.order': { method: 'GET', path: '/crm/orders/:id', tags: ['CRM'] },
  'Mutation.create_order': { method: 'POST', path: '/crm/orders', responseStatus: 201, tags: ['CRM'] },
  'Mutation.update_order': { method: 'PATCH', path: '/crm/orders/:id', tags: ['CRM'] },
  'Mutation.delete_order': { method: 'DELETE', path: '/crm/orders/:id', tags: ['CRM'] },
  'Mutation.confirm_order': { method: 'POST', path: '/crm/orders/:id/confirm', tags: ['CRM'] },
  'Mutation.fulfil_order': { method: 'POST', path: '/crm/orders/:id/fulfil', tags: ['CRM'] },
  'Mutation.receive_order': { method: 'POST', path: '/crm/orders/:id/receive', tags: ['CRM'] },
  'Mutation.cancel_order': { method: 'POST', path: '/crm/orders/:id/cancel', tags: ['CRM'] },
};

/** The examples of the OpenAPI document for orders (every operation answering an order shows this one). */
export const orderRestExamples: Record<string, unknown> = {
  Order: {
    id: 'ord_5f0c2a9e1b7d4c3a8e6f1d2b',
    number: 'SO-000042',
    kind: 'sales',
    status: 'confirmed',
    customer_id: 'cus_8d1e4b7a2c9f0e3d6a5b4c21',
    channel: 'api',
    external_reference: 'PO-2026-0117',
    currency: 'EUR',
    lines: [
      { id: 'oln_1a2b3c4d5e6f7a8b9c0d1e2f', item_id: 'SKU-1001', description: 'Ceramic mug, blue', quantity: 10, unit_price: 1250, total: 12500 },
      { id: 'oln_2b3c4d5e6f7a8b9c0d1e2f3a', item_id: 'SKU-2040', description: 'Espresso cup set', quantity: 2, unit_price: 4990, total: 9980 },
    ],
    subtotal: 22480,
    total: 22480,
    notes: 'Deliver to loading dock B.',
    confirmed_at: '2026-03-02T09:41:12.000Z',
    fulfilled_at: null,
    received_at: null,
    cancelled_at: null,
    version: 2,
    created_at: '2026-03-02T09:30:00.000Z',
    updated_at: '2026-03-02T09:41:12.000Z',
  },
  CreateOrderInput: {
    kind: 'sales',
    customer_id: 'cus_8d1e4b7a2c9f0e3d6a5b4c21',
    currency: 'EUR',
    external_reference: 'PO-2026-0117',
    notes: 'Deliver to loading dock B.',
    lines: [
      { item_id: 'SKU-1001', description: 'Ceramic mug, blue', quantity: 10, unit_price: 1250 },
      { item_id: 'SKU-2040', quantity: 2, unit_price: 4990 },
    ],
  },
  UpdateOrderInput: { notes: 'Deliver to loading dock C, before noon.', version: 2 },
};

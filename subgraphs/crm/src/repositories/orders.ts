import { type Db, Prisma, type SqlRunner, newId } from '@platform/db';
import { type EventEmitter, type ListWindow, keysetWhere, listPage, prismaOrderBy, instantRange, valueRange } from '@platform/graphql-kit';
import { orderRepresentation } from '../order-representation.ts';
import { type OrderKind, type OrderLineRecord, type OrderRecord, type OrderStatus, toOrder, toOrderLine } from '../records.ts';
import { containing } from './filters.ts';

/** Every function takes the tenant id as a required argument: no query spans tenants. */

export interface OrderFilter {
  kind?: OrderKind | null;
  status?: OrderStatus | null;
  status_in?: readonly OrderStatus[] | null;
  customer_id?: string | null;
  item_id?: string | null;
  channel?: string | null;
  created_after?: Date | null;
  created_before?: Date | null;
  confirmed_after?: Date | null;
  confirmed_before?: Date | null;
  fulfilled_after?: Date | null;
  fulfilled_before?: Date | null;
  received_after?: Date | null;
  received_before?: Date | null;
  cancelled_after?: Date | null;
  cancelled_before?: Date | null;
  total_min?: number | null;
  total_max?: number | null;
  /** Contained in the number, the external reference or the notes, ignoring case. */
  q?: string | null;
}

export interface LineData {
  item_id: string;
  description: string;
  quantity: number;
  unit_price: number;
}

export interface OrderData {
  kind: OrderKind;
  customer_id: string;
  channel: string;
  external_reference: string | null;
  currency: string;
  notes: string | null;
}

/** Conditions left undefined are not applied (Prisma's "not given"). */
function orderWhere(tenantId: string, filter: OrderFilter): Prisma.OrderWhereInput {
  const where: Prisma.OrderWhereInput = {
    tenant_id: tenantId,
    created_at: instantRange(filter.created_after, filter.created_before),
    confirmed_at: instantRange(filter.confirmed_after, filter.confirmed_before),
    fulfilled_at: instantRange(filter.fulfilled_after, filter.fulfilled_before),
    received_at: instantRange(filter.received_after, filter.received_before),
    cancelled_at: instantRange(filter.cancelled_after, filter.cancelled_before),
    total: valueRange(filter.total_min, filter.total_max),
  };
  if (filter.kind != null) where.kind = filter.kind;
  if (filter.status != null || filter.status_in != null) where.status = { ...(filter.status != null && { equals: filter.status }), ...(filter.status_in != null && { in: [...filter.status_in] }) };
  if (filter.customer_id != null) where.customer_id = filter.customer_id;
  if (filter.channel != null) where.channel = filter.channel;
  if (filter.item_id != null) where.lines = { some: { item_id: filter.item_id } };
  if (filter.q != null) where.OR = [{ number: containing(filter.q) }, { external_reference: containing(filter.q) }, { notes: containing(filter.q) }];
  return where;
}

export async function listOrders(db: Db, tenantId: string, filter: OrderFilter, window: ListWindow) {
  const where = orderWhere(tenantId, filter);
  const keyset = keysetWhere(window) as Prisma.OrderWhereInput | undefined;
  const [total, rows] = await Promise.all([
    window.countTotal ? db.order.count({ where }) : null,
    db.order.findMany({ where: keyset ? { AND: [where, keyset] } : where, orderBy: prismaOrderBy(window.order), skip: window.skip, take: window.take }),
  ]);
  const page = listPage(rows, window, total);
  return { ...page, data: page.data.map(toOrder) };
}

export async function findOrders(db: Db, tenantId: string, ids: readonly string[]): Promise<OrderRecord[]> {
  return (await db.order.findMany({ where: { tenant_id: tenantId, id: { in: [...ids] } } })).map(toOrder);
}

export async function findOrder(db: Db, tenantId: string, id: string): Promise<OrderRecord | null> {
  const row = await db.order.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id } } });
  return row && toOrder(row);
}

/** The lines of many orders in one query, in each order's line order. */
export async function linesOf(db: Db, tenantId: string, orderIds: readonly string[]): Promise<OrderLineRecord[]> {
  const rows = await db.orderLine.findMany({ where: { tenant_id: tenantId, order_id: { in: [...orderIds] } }, orderBy: [{ order_id: 'asc' }, { position: 'asc' }] });
  return rows.map(toOrderLine);
}

/** Locks the order row for the rest of the transaction (`SELECT … FOR UPDATE`) and returns it. */
export async function lockOrder(tx: Prisma.TransactionClient, tenantId: string, id: string): Promise<OrderRecord | null> {
  const rows = await tx.$queryRaw<Array<Parameters<typeof toOrder>[0]>>`
    SELECT * FROM orders WHERE tenant_id = ${tenantId} AND id = ${id} FOR UPDATE`;
  return rows[0] ? toOrder(rows[0]) : null;
}

/**
 * The next number of a kind, allocated by one statement of its own: call it with the client,
 * before the creating transaction. The sequence row is locked only for that statement, so
 * creations of one tenant never queue behind each other's transactions (inside the transaction
 * the lock was held until the commit, serialising every creation of the tenant). Numbers are
 * distinct and increase in allocation order; a creation that fails afterwards leaves a gap.
 */
export async function nextOrderNumber(db: SqlRunner, tenantId: string, kind: OrderKind): Promise<string> {
  const rows = await db.$queryRaw<Array<{ last_number: number }>>`
    INSERT INTO order_sequences (tenant_id, kind, last_number) VALUES (${tenantId}, CAST(${kind} AS order_kind), 1)
    ON CONFLICT (tenant_id, kind) DO UPDATE SET last_number = order_sequences.last_number + 1
    RETURNING last_number`;
  const number = rows[0]?.last_number ?? 1;
  return `${kind === 'sales' ? 'SO' : 'PO'}-${String(number).padStart(6, '0')}`;
}

function lineRows(tenantId: string, orderId: string, lines: LineData[]) {
  return lines.map((line, position) => ({ tenant_id: tenantId, id: newId('oln'), order_id: orderId, position, ...line, total: line.quantity * line.unit_price }));
}

function sumOf(lines: LineData[]): number {
  return lines.reduce((sum, line) => sum + line.quantity * line.unit_price, 0);
}

/**
 * Creates an order with its lines and emits `order.created` (the order as the REST API shows it)
 * in the same transaction. Every creation path (the API today, connectors later) comes through
 * here, so every committed order has exactly one `order.created`, and a creation that fails
 * anywhere in its transaction, before or after this point, leaves neither.
 */
export async function createOrder(tx: SqlRunner, tenantId: string, number: string, data: OrderData, lines: LineData[], emitter: EventEmitter): Promise<OrderRecord> {
  const id = newId('ord');
  const subtotal = sumOf(lines);
  const rows = lineRows(tenantId, id, lines);
  const column = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((row) => row[key]);
  // One statement for the order and its lines: the hottest write of the platform (every channel's
  // orders come through here), where each further statement of a transaction costs a round trip.
  const [inserted] = await tx.$queryRaw<Array<Parameters<typeof toOrder>[0]>>`
    WITH lines AS (
      INSERT INTO order_lines (tenant_id, id, order_id, position, item_id, description, quantity, unit_price, total)
      SELECT ${tenantId}, line.id, ${id}, line.position, line.item_id, line.description, line.quantity, line.unit_price, line.total
      FROM unnest(${column('id')}::text[], ${column('position')}::int[], ${column('item_id')}::text[], ${column('description')}::text[],
                  ${column('quantity')}::int[], ${column('unit_price')}::bigint[], ${column('total')}::bigint[])
        AS line(id, position, item_id, description, quantity, unit_price, total)
    )
    INSERT INTO orders (tenant_id, id, number, kind, status, customer_id, channel, external_reference, currency, subtotal, total, notes)
    VALUES (${tenantId}, ${id}, ${number}, CAST(${data.kind} AS order_kind), 'draft', ${data.customer_id}, ${data.channel}, ${data.external_reference},
            ${data.currency}, ${subtotal}, ${subtotal}, ${data.notes})
    RETURNING *`;
  const order = toOrder(inserted as Parameters<typeof toOrder>[0]);
  const written = { ...order, lines: rows };
  await emitter.events.emit(tx, tenantId, { type: 'order.created', data: orderRepresentation(order, rows), resource: { type: 'order', id } }, emitter.source);
  return written;
}

export async function updateOrder(
  tx: Prisma.TransactionClient,
  tenantId: string,
  id: string,
  data: Partial<Omit<OrderData, 'kind' | 'channel'>> & { status?: OrderStatus; confirmed_at?: Date; fulfilled_at?: Date; received_at?: Date; cancelled_at?: Date },
  lines?: LineData[],
): Promise<OrderRecord> {
  let amounts = {};
  if (lines) {
    await tx.orderLine.deleteMany({ where: { tenant_id: tenantId, order_id: id } });
    if (lines.length > 0) await tx.orderLine.createMany({ data: lineRows(tenantId, id, lines) });
    const subtotal = sumOf(lines);
    amounts = { subtotal, total: subtotal };
  }
  const row = await tx.order.update({ where: { tenant_id_id: { tenant_id: tenantId, id } }, data: { ...data, ...amounts, version: { increment: 1 } } });
  return toOrder(row);
}

/**
 * Marks a confirmed sales order `fulfilled` (stamping `fulfilled_at`) and emits `order.fulfilled`
 * (the order as the REST API shows it after the change) in the same transaction. The fulfil action
 * takes its stock out first, in that transaction, and then comes through here, so every committed
 * fulfilment has exactly one `order.fulfilled`, and a refused or failed one (insufficient stock,
 * a wrong status, a failing commit) leaves neither. `lines` are the order's lines, read in the
 * transaction.
 */
export async function fulfilOrder(tx: Prisma.TransactionClient, tenantId: string, id: string, lines: readonly OrderLineRecord[], emitter: EventEmitter): Promise<OrderRecord> {
  const order = await updateOrder(tx, tenantId, id, { status: 'fulfilled', fulfilled_at: new Date() });
  await emitter.events.emit(tx, tenantId, { type: 'order.fulfilled', data: orderRepresentation(order, lines), resource: { type: 'order', id } }, emitter.source);
  return { ...order, lines: [...lines] };
}

export async function deleteOrder(tx: Prisma.TransactionClient, tenantId: string, id: string): Promise<void> {
  await tx.order.delete({ where: { tenant_id_id: { tenant_id: tenantId, id } } });
}

/** Whether another order of the kind already carries the external reference. */
export async function externalReferenceTaken(db: SqlRunner, tenantId: string, kind: OrderKind, reference: string, exceptId?: string): Promise<boolean> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT 1 FROM orders WHERE tenant_id = ${tenantId} AND kind = CAST(${kind} AS order_kind) AND external_reference = ${reference} AND id IS DISTINCT FROM ${exceptId ?? null} LIMIT 1`;
  return rows.length > 0;
}

/**
 * Each customer's orders (optionally of one kind and status), newest first, `first` of them after
 * the `offset` newest, in one statement for any number of customers: ROW_NUMBER() over each
 * customer's orders, newest first.
 */
export async function recentOrdersOfCustomers(db: Db, tenantId: string, customerIds: readonly string[], options: { kind?: OrderKind | null; status?: OrderStatus | null; first: number; offset: number }): Promise<OrderRecord[]> {
  const conditions = [Prisma.sql`tenant_id = ${tenantId}`, Prisma.sql`customer_id = ANY(${[...customerIds]})`];
  if (options.kind != null) conditions.push(Prisma.sql`kind = CAST(${options.kind} AS order_kind)`);
  if (options.status != null) conditions.push(Prisma.sql`status = CAST(${options.status} AS order_status)`);
  const rows = await db.$queryRaw<Array<Parameters<typeof toOrder>[0] & { rank: bigint }>>`
    SELECT * FROM (
      SELECT orders.*, ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY created_at DESC, id DESC) AS rank
      FROM orders WHERE ${Prisma.join(conditions, ' AND ')}
    ) AS ranked
    WHERE rank > ${options.offset} AND rank <= ${options.offset + options.first}
    ORDER BY customer_id, rank`;
  return rows.map(toOrder);
}

/** Purchase orders in draft or confirmed with a line for one of the SKUs, newest first, each with the SKUs it matched. */
export async function openPurchaseOrdersOf(db: Db, tenantId: string, itemIds: readonly string[]): Promise<Array<{ item_id: string; order: OrderRecord }>> {
  const rows = await db.order.findMany({
    where: { tenant_id: tenantId, kind: 'purchase', status: { in: ['draft', 'confirmed'] }, lines: { some: { item_id: { in: [...itemIds] } } } },
    include: { lines: { where: { item_id: { in: [...itemIds] } }, select: { item_id: true } } },
    orderBy: [{ created_at: 'desc' }, { id: 'desc' }],
  });
  return rows.flatMap(({ lines, ...row }) => [...new Set(lines.map((line) => line.item_id))].map((item_id) => ({ item_id, order: toOrder(row) })));
}

/** Every CRM record of a tenant, children first (sandbox reset). */
export async function deleteCrmRows(tx: Prisma.TransactionClient, tenantId: string): Promise<void> {
  await tx.orderLine.deleteMany({ where: { tenant_id: tenantId } });
  await tx.order.deleteMany({ where: { tenant_id: tenantId } });
  await tx.orderSequence.deleteMany({ where: { tenant_id: tenantId } });
  await tx.customerContact.deleteMany({ where: { tenant_id: tenantId } });
  await tx.customerAddress.deleteMany({ where: { tenant_id: tenantId } });
  await tx.customer.deleteMany({ where: { tenant_id: tenantId } });
}

import { Prisma } from '@platform/db';
import {
  type AggregateDeclaration,
  type AggregateFilter,
  type RestRoutes,
  type SubgraphBuilder,
  aggregateRoute,
  atMost,
  atOrAfter,
  before,
  condition,
  containsText,
  defineAggregateField,
  defineEntityAggregateField,
  equalTo,
  filterValuesRule,
  inputRules,
  isSet,
  MAX_FILTER_VALUES,
  oneOf,
  checkedFilter,
  searchText,
} from '@platform/graphql-kit';
import type { defineCustomerSchema } from './customers.ts';
import type { defineOrderSchema } from './orders.ts';

type OrderEnums = ReturnType<typeof defineOrderSchema>;

/** The filters of the `orders` list over the order aliased `order` (the order itself, or an order line's order). */
function orderFilters(order: string, { OrderKindEnum, OrderStatusEnum }: OrderEnums): Record<string, AggregateFilter> {
  return {
    kind: equalTo(`${order}.kind`, (arg) => arg({ type: OrderKindEnum, required: false, description: 'Only orders of this kind.' }), 'order_kind'),
    status: equalTo(`${order}.status`, (arg) => arg({ type: OrderStatusEnum, required: false, description: 'Only orders in this status.' }), 'order_status'),
    status_in: checkedFilter(
      'status_in',
      filterValuesRule,
      oneOf(`${order}.status`, (arg) => arg({ type: [OrderStatusEnum], required: false, description: `Only orders in one of these statuses (1 to ${MAX_FILTER_VALUES}). With \`status\`, both apply.`, extensions: inputRules(filterValuesRule) }), 'order_status'),
    ),
    customer_id: equalTo(`${order}.customer_id`, (arg) => arg.string({ required: false, description: 'Only orders of this customer.' })),
    item_id: condition(
      (arg) => arg.string({ required: false, description: 'Only orders with at least one line for this SKU.' }),
      (itemId: string) => Prisma.sql`EXISTS (SELECT 1 FROM order_lines line WHERE line.tenant_id = ${Prisma.raw(order)}.tenant_id AND line.order_id = ${Prisma.raw(order)}.id AND line.item_id = ${itemId})`,
    ),
    channel: equalTo(`${order}.channel`, (arg) => arg.string({ required: false, description: 'Only orders created through this channel (`api`, or a connector id).' })),
    created_after: atOrAfter(`${order}.created_at`, (arg) => arg({ type: 'DateTime', required: false, description: 'Only orders created at or after this instant.' })),
    created_before: before(`${order}.created_at`, (arg) => arg({ type: 'DateTime', required: false, description: 'Only orders created before this instant.' })),
    confirmed_after: atOrAfter(`${order}.confirmed_at`, (arg) => arg({ type: 'DateTime', required: false, description: 'Only orders confirmed at or after this instant.' })),
    confirmed_before: before(`${order}.confirmed_at`, (arg) => arg({ type: 'DateTime', required: false, description: 'Only orders confirmed before this instant.' })),
    fulfilled_after: atOrAfter(`${order}.fulfilled_at`, (arg) => arg({ type: 'DateTime', required: false, description: 'Only sales orders fulfilled at or after this instant.' })),
    fulfilled_before: before(`${order}.fulfilled_at`, (arg) => arg({ type: 'DateTime', required: false, description: 'Only sales orders fulfilled before this instant.' })),
    received_after: atOrAfter(`${order}.received_at`, (arg) => arg({ type: 'DateTime', required: false, description: 'Only purchase orders received at or after this instant.' })),
    received_before: before(`${order}.received_at`, (arg) => arg({ type: 'DateTime', required: false, description: 'Only purchase orders received before this instant.' })),
    cancelled_after: atOrAfter(`${order}.cancelled_at`, (arg) => arg({ type: 'DateTime', required: false, description: 'Only orders cancelled at or after this instant.' })),
    cancelled_before: before(`${order}.cancelled_at`, (arg) => arg({ type: 'DateTime', required: false, description: 'Only orders cancelled before this instant.' })),
    total_min: atOrAfter(`${order}.total`, (arg) => arg({ type: 'MinorUnits', required: false, description: 'Only orders whose `total` is at least this amount, in minor units of the order’s currency.' })),
    total_max: atMost(`${order}.total`, (arg) => arg({ type: 'MinorUnits', required: false, description: 'Only orders whose `total` is at most this amount, in minor units of the order’s currency.' })),
    q: checkedFilter(
      'q',
      searchText,
      containsText([`${order}.number`, `${order}.external_reference`, `${order}.notes`], (arg) =>
        arg.string({ required: false, description: 'Only orders whose number, external reference or notes contain this text, ignoring case (1 to 200 characters).', extensions: inputRules(searchText) }),
      ),
    ),
  };
}

function orderDimensions(order: string, { OrderKindEnum, OrderStatusEnum }: OrderEnums): AggregateDeclaration['dimensions'] {
  return {
    kind: { sql: `${order}.kind`, type: OrderKindEnum, description: 'The order kind.' },
    status: { sql: `${order}.status`, type: OrderStatusEnum, description: 'The order status.' },
    channel: { sql: `${order}.channel`, type: 'String', description: 'The channel that created the order (`api` or a connector id).' },
    customer_id: { sql: `${order}.customer_id`, type: 'String', description: 'The customer.' },
    currency: { sql: `${order}.currency`, type: 'String', description: 'The currency (ISO 4217).' },
  };
}

function orderTimes(order: string): AggregateDeclaration['times'] {
  return {
    created_at: { sql: `${order}.created_at`, description: 'Creation.' },
    confirmed_at: { sql: `${order}.confirmed_at`, description: 'Confirmation.' },
    fulfilled_at: { sql: `${order}.fulfilled_at`, description: 'Fulfilment (sales orders).' },
    received_at: { sql: `${order}.received_at`, description: 'Receipt (purchase orders).' },
    cancelled_at: { sql: `${order}.cancelled_at`, description: 'Cancellation.' },
  };
}

export function orderAggregates(enums: OrderEnums): AggregateDeclaration {
  return {
    name: 'orders',
    typeName: 'Order',
    records: 'orders',
    scope: 'crm:read',
    from: 'orders r',
    filters: orderFilters('r', enums),
    dimensions: orderDimensions('r', enums),
    times: orderTimes('r'),
    measures: { total: { sql: 'r.total', money: true, description: 'Order totals.' } },
    currency: 'r.currency',
    distinct: { customer_id: { sql: 'r.customer_id', description: 'Customers.' } },
  };
}

/** Order lines, with their order's filters: what sells, in which quantities, for how much. */
export function orderLineAggregates(enums: OrderEnums): AggregateDeclaration {
  return {
    name: 'order_lines',
    typeName: 'OrderLine',
    records: 'order lines',
    scope: 'crm:read',
    from: 'order_lines r JOIN orders o ON o.tenant_id = r.tenant_id AND o.id = r.order_id',
    filters: orderFilters('o', enums),
    dimensions: { item_id: { sql: 'r.item_id', type: 'String', description: 'The SKU of the line.' }, ...orderDimensions('o', enums) },
    times: orderTimes('o'),
    measures: {
      quantity: { sql: 'r.quantity', description: 'Quantities.' },
      total: { sql: 'r.total', money: true, description: 'Line totals (quantity × unit price).' },
      unit_price: { sql: 'r.unit_price', money: true, description: 'Unit prices.' },
    },
    currency: 'o.currency',
    distinct: {
      order_id: { sql: 'r.order_id', description: 'Orders.' },
      item_id: { sql: 'r.item_id', description: 'SKUs.' },
      customer_id: { sql: 'o.customer_id', description: 'Customers.' },
    },
  };
}

export const customerAggregates: AggregateDeclaration = {
  name: 'customers',
  typeName: 'Customer',
  records: 'customers',
  scope: 'crm:read',
  from: 'customers r',
  filters: {
    q: containsText(['r.name', 'r.email', 'r.company_name'], (arg) => arg.string({ required: false, description: 'Only customers whose name, email or company name contains this text, ignoring case.' })),
    email: equalTo('r.email', (arg) => arg.string({ required: false, description: 'Only customers with exactly this e-mail address (compared lower-cased).' })),
    archived: isSet('r.archived_at', (arg) => arg.boolean({ required: false, description: '`false` (default): active customers only; `true`: archived customers only.' }), false),
    created_after: atOrAfter('r.created_at', (arg) => arg({ type: 'DateTime', required: false, description: 'Only customers created at or after this instant.' })),
    created_before: before('r.created_at', (arg) => arg({ type: 'DateTime', required: false, description: 'Only customers created before this instant.' })),
  },
  dimensions: {
    currency: { sql: 'r.currency', type: 'String', description: 'The default currency of the customer\'s orders.' },
    company_name: { sql: 'r.company_name', type: 'String', description: 'The company name.' },
  },
  times: { created_at: { sql: 'r.created_at', description: 'Creation.' }, archived_at: { sql: 'r.archived_at', description: 'Archiving.' } },
};

/** The CRM's aggregates: `orders_aggregate`, `order_lines_aggregate`, `customers_aggregate`, and per customer and per SKU. */
export function defineCrmAggregates(builder: SubgraphBuilder, refs: ReturnType<typeof defineCustomerSchema> & OrderEnums): void {
  const orders = orderAggregates(refs);
  const lines = orderLineAggregates(refs);
  defineEntityAggregateField(builder, refs.Customer, 'orders_aggregate', orders, { parentColumn: 'r.customer_id', description: 'Aggregates of the customer\'s orders.' });
  defineEntityAggregateField(builder, refs.InventoryItemRef, 'order_lines_aggregate', lines, { parentColumn: 'r.item_id', description: 'Aggregates of the order lines of this SKU: quantities sold and bought, revenue.' });
  defineAggregateField(builder, orders);
  defineAggregateField(builder, lines);
  defineAggregateField(builder, customerAggregates);
}

export const crmAggregateRestRoutes: RestRoutes = {
  ...aggregateRoute('orders', '/crm/orders/aggregate', ['CRM']),
  ...aggregateRoute('order_lines', '/crm/order-lines/aggregate', ['CRM']),
  ...aggregateRoute('customers', '/crm/customers/aggregate', ['CRM']),
};

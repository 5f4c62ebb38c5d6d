import { graphql } from '../api/graphql.ts';
import { StatusBadge } from '../components/feedback.tsx';
import { integer, optional, text } from '../components/forms.tsx';
import { ListView } from '../components/list-view.tsx';
import { PageTitle } from '../components/page.tsx';
import { formatMoney, formatTime, toMinorUnits } from '../format.ts';
import { ACTION_SCOPES } from '../governance.ts';

interface Order {
  id: string;
  number: string;
  kind: 'sales' | 'purchase';
  status: string;
  customer_id: string;
  channel: string;
  currency: string;
  total: number;
  version: number;
  created_at: string;
  customer: { name: string };
}

/** The lifecycle actions (docs/domains/crm.md): which status each applies to. */
const LIFECYCLE: { label: string; mutation: string; from: (order: Order) => boolean; done: string }[] = [
  { label: 'Confirm', mutation: 'confirm_order', from: (order) => order.status === 'draft', done: 'confirmed' },
  { label: 'Fulfil', mutation: 'fulfil_order', from: (order) => order.kind === 'sales' && order.status === 'confirmed', done: 'fulfilled' },
  { label: 'Receive', mutation: 'receive_order', from: (order) => order.kind === 'purchase' && order.status === 'confirmed', done: 'received' },
  { label: 'Cancel', mutation: 'cancel_order', from: (order) => order.status === 'draft' || order.status === 'confirmed', done: 'cancelled' },
];

export function OrdersPage() {
  return (
    <>
      <PageTitle title="Orders">Sales and purchase orders and their lifecycle: confirm, fulfil (sales; moves stock out), receive (purchase; moves stock in), cancel.</PageTitle>
      <ListView<Order>
        caption="Orders"
        field="orders"
        selection="id number kind status customer_id channel currency total version created_at customer { name }"
        filters={[
          { name: 'kind', label: 'Kind', type: 'select', graphqlType: 'OrderKind', options: [{ value: 'sales', label: 'Sales' }, { value: 'purchase', label: 'Purchase' }] },
          { name: 'status', label: 'Status', type: 'select', graphqlType: 'OrderStatus', options: ['draft', 'confirmed', 'fulfilled', 'received', 'cancelled'].map((status) => ({ value: status, label: status })) },
          { name: 'customer_id', label: 'Customer id', graphqlType: 'String' },
          { name: 'item_id', label: 'Item (SKU)', graphqlType: 'String' },
          { name: 'channel', label: 'Channel', graphqlType: 'String' },
          { name: 'created_after', label: 'Created from', type: 'datetime', graphqlType: 'DateTime' },
          { name: 'created_before', label: 'Created until', type: 'datetime', graphqlType: 'DateTime' },
        ]}
        sorts={[
          { value: '-created_at', label: 'Newest first' },
          { value: 'created_at', label: 'Oldest first' },
          { value: 'number', label: 'Number' },
          { value: '-total', label: 'Total, highest first' },
        ]}
        rowKey={(order) => order.id}
        rowLabel={(order) => `order ${order.number}`}
        columns={[
          { label: 'Number', render: (order) => order.number, rowHeader: true },
          { label: 'Kind', render: (order) => order.kind },
          { label: 'Status', render: (order) => <StatusBadge value={order.status} /> },
          { label: 'Customer', render: (order) => order.customer.name },
          { label: 'Channel', render: (order) => order.channel },
          { label: 'Total', render: (order) => formatMoney(order.total, order.currency) },
          { label: 'Created', render: (order) => formatTime(order.created_at) },
        ]}
        toolbar={[
          {
            label: 'Create order',
            scope: ACTION_SCOPES.createOrder,
            fields: [
              { name: 'kind', label: 'Kind', type: 'select', required: true, defaultValue: 'sales', options: [{ value: 'sales', label: 'Sales' }, { value: 'purchase', label: 'Purchase' }] },
              { name: 'customer_id', label: 'Customer (or supplier) id', required: true, placeholder: 'cus_…' },
              { name: 'currency', label: 'Currency', placeholder: 'USD', defaultValue: 'USD' },
              { name: 'item_id', label: 'Item (SKU)', required: true },
              { name: 'quantity', label: 'Quantity', type: 'number', required: true, min: 1, defaultValue: '1' },
              { name: 'unit_price', label: 'Unit price', type: 'number', required: true, min: 0, step: '0.01' },
              { name: 'external_reference', label: 'External reference' },
            ],
            run: async (_none, values) => {
              const currency = text(values, 'currency') || 'USD';
              const data = await graphql<{ create_order: { number: string } }>('mutation ConsoleCreateOrder($input: CreateOrderInput!) { create_order(input: $input) { id number } }', {
                input: {
                  kind: text(values, 'kind'),
                  customer_id: text(values, 'customer_id'),
                  currency,
                  external_reference: optional(values, 'external_reference'),
                  lines: [{ item_id: text(values, 'item_id'), quantity: integer(values, 'quantity'), unit_price: toMinorUnits(text(values, 'unit_price'), currency) }],
                },
              });
              return `Order ${data.create_order.number} created as a draft.`;
            },
          },
        ]}
        actions={LIFECYCLE.map((step) => ({
          label: step.label,
          scope: ACTION_SCOPES.orderLifecycle,
          when: step.from,
          confirm: step.label === 'Cancel' ? (order: Order) => `Cancel order ${order.number}? A cancelled order cannot be reopened.` : undefined,
          run: async (order: Order) => {
            await graphql(`mutation ConsoleOrderAction($id: String!, $version: Int) { ${step.mutation}(id: $id, version: $version) { id status } }`, { id: order.id, version: order.version });
            return `Order ${order.number} ${step.done}.`;
          },
        }))}
      />
    </>
  );
}

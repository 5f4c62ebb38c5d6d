import { useState } from 'react';
import { graphql } from '../api/graphql.ts';
import { useOptions } from '../api/use-query.ts';
import { StatusBadge } from '../components/feedback.tsx';
import { integer, optional, text } from '../components/forms.tsx';
import { ListView } from '../components/list-view.tsx';
import { PageTitle, Section } from '../components/page.tsx';
import { ACTION_SCOPES } from '../governance.ts';
import { formatTime } from '../format.ts';

interface Item {
  id: string;
  name: string;
  quantity_on_hand: number;
  reorder_point: number;
  warehouse_id: string;
  version: number;
  archived_at: string | null;
  stock_levels: { warehouse_id: string; quantity_on_hand: number }[];
}

interface Warehouse {
  id: string;
  name: string;
  archived_at: string | null;
  created_at: string;
}

interface Movement {
  id: string;
  item_id: string;
  warehouse_id: string;
  kind: string;
  quantity: number;
  quantity_after: number;
  reason: string | null;
  created_at: string;
}

const WAREHOUSE_OPTIONS = 'query ConsoleWarehouseOptions { warehouses(per_page: 100) { data { id name } } }';
const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

export function InventoryPage() {
  const warehouses = useOptions(WAREHOUSE_OPTIONS, (data) => (data.warehouses?.data ?? []).map((warehouse) => ({ value: String(warehouse.id), label: `${String(warehouse.name)} (${String(warehouse.id)})` })));
  const [changes, setChanges] = useState(0);
  const changed = () => setChanges((count) => count + 1);
  return (
    <>
      <PageTitle title="Inventory">Items (SKUs) with their stock per warehouse; adjust and transfer stock. Every change is a stock movement.</PageTitle>
      <Section title="Items">
        <ListView<Item>
          caption="Inventory items"
          field="inventory_items"
          selection="id name quantity_on_hand reorder_point warehouse_id version archived_at stock_levels { warehouse_id quantity_on_hand }"
          filters={[
            { name: 'reorder_below', label: 'Below reorder point', type: 'select', options: YES_NO, graphqlType: 'Boolean' },
            { name: 'warehouse_id', label: 'Home warehouse', type: 'select', options: warehouses, graphqlType: 'String' },
            { name: 'archived', label: 'Archived', type: 'select', options: YES_NO, graphqlType: 'Boolean' },
          ]}
          sorts={[
            { value: 'id', label: 'SKU' },
            { value: '-quantity_on_hand', label: 'Quantity, highest first' },
            { value: 'quantity_on_hand', label: 'Quantity, lowest first' },
          ]}
          rowKey={(item) => item.id}
          rowLabel={(item) => `item ${item.id}`}
          reloadKey={changes}
          columns={[
            { label: 'SKU', render: (item) => <code>{item.id}</code>, rowHeader: true },
            { label: 'Name', render: (item) => item.name },
            { label: 'On hand', render: (item) => <span className={item.quantity_on_hand < item.reorder_point ? 'low' : undefined}>{item.quantity_on_hand}</span> },
            { label: 'Reorder point', render: (item) => item.reorder_point },
            { label: 'Per warehouse', render: (item) => item.stock_levels.map((level) => `${level.warehouse_id}: ${level.quantity_on_hand}`).join(', ') || '—' },
            { label: 'Status', render: (item) => <StatusBadge value={item.archived_at ? 'archived' : item.quantity_on_hand < item.reorder_point ? 'low_stock' : 'in_stock'} /> },
          ]}
          toolbar={[
            {
              label: 'Create item',
              scope: ACTION_SCOPES.createItem,
              fields: [
                { name: 'id', label: 'SKU', required: true },
                { name: 'name', label: 'Name', required: true },
                { name: 'quantity_on_hand', label: 'Quantity on hand', type: 'number', required: true, defaultValue: '0', min: 0 },
                { name: 'reorder_point', label: 'Reorder point', type: 'number', required: true, defaultValue: '0', min: 0 },
                { name: 'warehouse_id', label: 'Home warehouse', type: 'select', options: warehouses, required: true },
              ],
              run: async (_none, values) => {
                await graphql('mutation ConsoleCreateItem($input: CreateInventoryItemInput!) { create_inventory_item(input: $input) { id } }', {
                  input: { id: text(values, 'id'), name: text(values, 'name'), quantity_on_hand: integer(values, 'quantity_on_hand'), reorder_point: integer(values, 'reorder_point'), warehouse_id: text(values, 'warehouse_id') },
                });
                changed();
                return `Item ${text(values, 'id')} created.`;
              },
            },
          ]}
          actions={[
            {
              label: 'Adjust',
              scope: ACTION_SCOPES.adjustStock,
              when: (item) => !item.archived_at,
              fields: (item) => [
                { name: 'quantity', label: 'Change in quantity (negative to remove)', type: 'number', required: true, step: '1' },
                { name: 'warehouse_id', label: 'Warehouse', type: 'select', options: warehouses, defaultValue: item.warehouse_id, placeholder: 'Home warehouse' },
                { name: 'reason', label: 'Reason' },
              ],
              run: async (item, values) => {
                const data = await graphql<{ adjust_inventory_item: { quantity_on_hand: number } }>('mutation ConsoleAdjust($id: String!, $input: AdjustInventoryItemInput!) { adjust_inventory_item(id: $id, input: $input) { id quantity_on_hand } }', {
                  id: item.id,
                  input: { quantity: integer(values, 'quantity'), warehouse_id: optional(values, 'warehouse_id'), reason: optional(values, 'reason'), version: item.version },
                });
                changed();
                return `Stock of ${item.id} adjusted: ${data.adjust_inventory_item.quantity_on_hand} on hand.`;
              },
            },
            {
              label: 'Transfer',
              scope: ACTION_SCOPES.transferStock,
              when: (item) => !item.archived_at,
              fields: (item) => [
                { name: 'quantity', label: 'Quantity', type: 'number', required: true, min: 1 },
                { name: 'from_warehouse_id', label: 'From warehouse', type: 'select', options: warehouses, required: true, defaultValue: item.warehouse_id },
                { name: 'to_warehouse_id', label: 'To warehouse', type: 'select', options: warehouses, required: true },
                { name: 'reason', label: 'Reason' },
              ],
              run: async (item, values) => {
                await graphql('mutation ConsoleTransfer($id: String!, $input: TransferInventoryItemInput!) { transfer_inventory_item(id: $id, input: $input) { id } }', {
                  id: item.id,
                  input: { quantity: integer(values, 'quantity'), from_warehouse_id: text(values, 'from_warehouse_id'), to_warehouse_id: text(values, 'to_warehouse_id'), reason: optional(values, 'reason'), version: item.version },
                });
                changed();
                return `${integer(values, 'quantity')} of ${item.id} transferred to ${text(values, 'to_warehouse_id')}.`;
              },
            },
          ]}
        />
      </Section>
      <Section title="Stock movements">
        <ListView<Movement>
          caption="Stock movements"
          field="stock_movements"
          selection="id item_id warehouse_id kind quantity quantity_after reason created_at"
          perPage={10}
          reloadKey={changes}
          filters={[
            { name: 'item_id', label: 'Item (SKU)', graphqlType: 'String' },
            { name: 'warehouse_id', label: 'Warehouse', type: 'select', options: warehouses, graphqlType: 'String' },
            { name: 'kind', label: 'Kind', type: 'select', graphqlType: 'StockMovementKind', options: ['receipt', 'adjustment', 'transfer_out', 'transfer_in', 'fulfilment'].map((kind) => ({ value: kind, label: kind.replace('_', ' ') })) },
            { name: 'created_after', label: 'From', type: 'datetime', graphqlType: 'DateTime' },
            { name: 'created_before', label: 'Until', type: 'datetime', graphqlType: 'DateTime' },
          ]}
          rowKey={(movement) => movement.id}
          rowLabel={(movement) => `movement ${movement.id}`}
          columns={[
            { label: 'When', render: (movement) => formatTime(movement.created_at), rowHeader: true },
            { label: 'Item', render: (movement) => <code>{movement.item_id}</code> },
            { label: 'Warehouse', render: (movement) => movement.warehouse_id },
            { label: 'Kind', render: (movement) => <StatusBadge value={movement.kind} /> },
            { label: 'Quantity', render: (movement) => (movement.quantity > 0 ? `+${movement.quantity}` : movement.quantity) },
            { label: 'After', render: (movement) => movement.quantity_after },
            { label: 'Reason', render: (movement) => movement.reason ?? '—' },
          ]}
        />
      </Section>
      <Section title="Warehouses">
        <ListView<Warehouse>
          caption="Warehouses"
          field="warehouses"
          selection="id name archived_at created_at"
          perPage={10}
          reloadKey={changes}
          rowKey={(warehouse) => warehouse.id}
          rowLabel={(warehouse) => `warehouse ${warehouse.name}`}
          columns={[
            { label: 'Id', render: (warehouse) => <code>{warehouse.id}</code>, rowHeader: true },
            { label: 'Name', render: (warehouse) => warehouse.name },
            { label: 'Created', render: (warehouse) => formatTime(warehouse.created_at) },
            { label: 'Status', render: (warehouse) => <StatusBadge value={warehouse.archived_at ? 'archived' : 'active'} /> },
          ]}
          toolbar={[
            {
              label: 'Create warehouse',
              scope: ACTION_SCOPES.createWarehouse,
              fields: [{ name: 'name', label: 'Name', required: true }],
              run: async (_none, values) => {
                await graphql('mutation ConsoleCreateWarehouse($input: CreateWarehouseInput!) { create_warehouse(input: $input) { id } }', { input: { name: text(values, 'name') } });
                changed();
                return `Warehouse ${text(values, 'name')} created.`;
              },
            },
          ]}
        />
      </Section>
    </>
  );
}

import { type Db, isRecordNotFound, isUniqueViolation } from '@platform/db';
import { ApiError, fieldErrors } from '@platform/errors';
import { type RestRoutes, createSubgraphBuilder, listEnvelope, pageWindow, paginationArgs, parseInput, patchChanges } from '@platform/graphql-kit';
import type { GraphQLSchema } from 'graphql';
import { z } from 'zod';
import { createItem, findItem, listItems, updateItem } from './repositories/items.ts';
import { createWarehouse, findWarehouse, listWarehouses, warehouseExists } from './repositories/warehouses.ts';

const sku = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/, 'must be 1 to 64 letters, digits, ".", "_", ":" or "-", starting with a letter or digit');
const name = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');
const quantity = z.number().int().min(0, 'must be 0 or more');

const createItemRules = z.object({ id: sku, name, quantity_on_hand: quantity, reorder_point: quantity, warehouse_id: z.string() });
const updateItemRules = z
  .object({ name: name.optional(), quantity_on_hand: quantity.optional(), reorder_point: quantity.optional(), warehouse_id: z.string().optional() })
  .refine((input) => Object.keys(input).length > 0, { message: 'at least one field must be given', path: [] });
const createWarehouseRules = z.object({ name });


const INVENTORY_SCOPES = ['inventory:read', 'inventory:write'];

/** The inventory subgraph: warehouses and the items (SKUs) held in them. */
export function buildInventorySchema(): GraphQLSchema {
  const builder = createSubgraphBuilder();

  const Warehouse = builder.prismaObject('Warehouse', {
    description: 'A place where stock is held.',
    authScopes: { anyScope: INVENTORY_SCOPES },
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Warehouse identifier, assigned by the platform.' }),
      name: t.exposeString('name'),
      created_at: t.expose('created_at', { type: 'DateTime' }),
    }),
  });

  const InventoryItem = builder.prismaObject('InventoryItem', {
    description: 'A stock-keeping unit held in one warehouse.',
    authScopes: { anyScope: INVENTORY_SCOPES },
    fields: (t) => ({
      id: t.exposeString('id', { description: 'SKU identifier, chosen by the client; unique per tenant.' }),
      name: t.exposeString('name', { description: 'Item name.' }),
      quantity_on_hand: t.exposeInt('quantity_on_hand', { description: 'Current stock quantity.' }),
      reorder_point: t.exposeInt('reorder_point', { description: 'Threshold used by the `inventory.stock.low` event: stock is low when `quantity_on_hand < reorder_point`.' }),
      warehouse_id: t.exposeString('warehouse_id', { description: 'Warehouse the item is held in.' }),
      last_synced_at: t.expose('last_synced_at', { type: 'DateTime', description: 'Time of the last synchronisation of this record (its creation or last change through the API, or a connector sync).' }),
      warehouse: t.relation('warehouse', { description: 'The warehouse the item is held in (GraphQL only).' }),
    }),
  });

  builder.asEntity(InventoryItem, {
    key: builder.selection<{ id: string }>('id'),
    resolveReference: ({ id }, { prisma, principal }) => findItem(prisma, principal.tenantId, id, {}),
  });
  builder.asEntity(Warehouse, {
    key: builder.selection<{ id: string }>('id'),
    resolveReference: ({ id }, { prisma, principal }) => findWarehouse(prisma, principal.tenantId, id, {}),
  });

  const InventoryItemList = listEnvelope(builder, 'InventoryItemList', InventoryItem);
  const WarehouseList = listEnvelope(builder, 'WarehouseList', Warehouse);

  const CreateInventoryItemInput = builder.inputType('CreateInventoryItemInput', {
    fields: (t) => ({
      id: t.string({ required: true, description: 'The SKU: 1 to 64 letters, digits, ".", "_", ":" or "-".' }),
      name: t.string({ required: true, description: 'Item name, 1 to 200 characters.' }),
      quantity_on_hand: t.int({ required: true, description: 'Current stock quantity, 0 or more.' }),
      reorder_point: t.int({ required: true, description: 'Reorder threshold, 0 or more.' }),
      warehouse_id: t.string({ required: true, description: 'An existing warehouse of the tenant.' }),
    }),
  });
  const UpdateInventoryItemInput = builder.inputType('UpdateInventoryItemInput', {
    description: 'Fields to change; absent fields keep their value.',
    fields: (t) => ({
      name: t.string({ required: false }),
      quantity_on_hand: t.int({ required: false }),
      reorder_point: t.int({ required: false }),
      warehouse_id: t.string({ required: false }),
    }),
  });
  const CreateWarehouseInput = builder.inputType('CreateWarehouseInput', {
    fields: (t) => ({ name: t.string({ required: true, description: 'Warehouse name, 1 to 200 characters.' }) }),
  });

  async function requireWarehouse(db: Db, tenantId: string, id: string) {
    if (!(await warehouseExists(db, tenantId, id))) {
      throw fieldErrors('validation_failed', 'warehouse_id', `No warehouse ${id} exists in this tenant.`);
    }
  }

  builder.queryType({});
  builder.mutationType({});

  builder.queryFields((t) => ({
    inventory_items: t.field({
      type: InventoryItemList,
      description: 'Inventory items, ordered by SKU.',
      authScopes: { scope: 'inventory:read' },
      args: {
        reorder_below: t.arg.boolean({ required: false, description: '`true`: only items below their reorder point (`quantity_on_hand < reorder_point`); `false`: only items at or above it.' }),
        warehouse_id: t.arg.string({ required: false, description: 'Only items held in this warehouse.' }),
        ...paginationArgs(t),
      },
      resolve: (_root, args, { prisma, principal }) => listItems(prisma, principal.tenantId, args, pageWindow(args)),
    }),
    inventory_item: t.prismaField({
      type: InventoryItem,
      description: 'One inventory item by SKU.',
      authScopes: { scope: 'inventory:read' },
      args: { id: t.arg.string({ required: true, description: 'The SKU.' }) },
      resolve: async (query, _root, { id }, { prisma, principal }) => {
        const item = await findItem(prisma, principal.tenantId, id, query);
        if (!item) throw new ApiError('not_found', `No inventory item ${id} exists in this tenant.`);
        return item;
      },
    }),
    warehouses: t.field({
      type: WarehouseList,
      description: 'Warehouses, oldest first.',
      authScopes: { scope: 'inventory:read' },
      args: paginationArgs(t),
      resolve: (_root, args, { prisma, principal }) => listWarehouses(prisma, principal.tenantId, pageWindow(args), {}),
    }),
    warehouse: t.prismaField({
      type: Warehouse,
      description: 'One warehouse by id.',
      authScopes: { scope: 'inventory:read' },
      args: { id: t.arg.string({ required: true }) },
      resolve: async (query, _root, { id }, { prisma, principal }) => {
        const warehouse = await findWarehouse(prisma, principal.tenantId, id, query);
        if (!warehouse) throw new ApiError('not_found', `No warehouse ${id} exists in this tenant.`);
        return warehouse;
      },
    }),
  }));

  builder.mutationFields((t) => ({
    create_inventory_item: t.prismaField({
      type: InventoryItem,
      description: 'Creates an inventory item with a client-chosen SKU.',
      authScopes: { scope: 'inventory:write' },
      args: { input: t.arg({ type: CreateInventoryItemInput, required: true }) },
      resolve: async (query, _root, { input }, { principal, audit }) => {
        const data = parseInput(createItemRules, input);
        return audit.recordChange(
          'inventory_item.create',
          async (tx) => {
            await requireWarehouse(tx, principal.tenantId, data.warehouse_id);
            try {
              return await createItem(tx, principal.tenantId, { ...data, last_synced_at: new Date() }, query);
            } catch (error) {
              if (isUniqueViolation(error)) throw new ApiError('already_exists', `An inventory item ${data.id} already exists in this tenant.`, { errors: [{ field: 'id', message: 'already exists' }] });
              throw error;
            }
          },
          (item) => item.id,
        );
      },
    }),
    update_inventory_item: t.prismaField({
      type: InventoryItem,
      description: 'Changes an inventory item: its name, stock, reorder point or warehouse.',
      authScopes: { scope: 'inventory:write' },
      args: { id: t.arg.string({ required: true, description: 'The SKU.' }), input: t.arg({ type: UpdateInventoryItemInput, required: true }) },
      resolve: async (query, _root, { id, input }, { principal, audit }) => {
        const changes = parseInput(updateItemRules, patchChanges(input));
        return audit.recordChange(
          'inventory_item.update',
          async (tx) => {
            if (changes.warehouse_id !== undefined) await requireWarehouse(tx, principal.tenantId, changes.warehouse_id);
            try {
              return await updateItem(tx, principal.tenantId, id, { ...changes, last_synced_at: new Date() }, query);
            } catch (error) {
              if (isRecordNotFound(error)) throw new ApiError('not_found', `No inventory item ${id} exists in this tenant.`);
              throw error;
            }
          },
          () => id,
        );
      },
    }),
    create_warehouse: t.prismaField({
      type: Warehouse,
      description: 'Creates a warehouse; the platform assigns its id.',
      authScopes: { scope: 'inventory:write' },
      args: { input: t.arg({ type: CreateWarehouseInput, required: true }) },
      resolve: (query, _root, { input }, { principal, audit }) => {
        const data = parseInput(createWarehouseRules, input);
        return audit.recordChange('warehouse.create', (tx) => createWarehouse(tx, principal.tenantId, data, query), (warehouse) => warehouse.id);
      },
    }),
  }));

  return builder.toSubGraphSchema({ linkUrl: 'https://specs.apollo.dev/federation/v2.6' });
}

/** Navigation fields the REST facade leaves out: REST returns the spec's flat records. */
export const inventoryGraphqlOnlyFields = ['InventoryItem.warehouse'];

export const inventoryRestRoutes: RestRoutes = {
  'Query.inventory_items': { method: 'GET', path: '/inventory/items', tags: ['Inventory'] },
  'Query.inventory_item': { method: 'GET', path: '/inventory/items/:id', tags: ['Inventory'] },
  'Mutation.create_inventory_item': { method: 'POST', path: '/inventory/items', responseStatus: 201, tags: ['Inventory'] },
  'Mutation.update_inventory_item': { method: 'PATCH', path: '/inventory/items/:id', tags: ['Inventory'] },
  'Query.warehouses': { method: 'GET', path: '/inventory/warehouses', tags: ['Inventory'] },
  'Query.warehouse': { method: 'GET', path: '/inventory/warehouses/:id', tags: ['Inventory'] },
  'Mutation.create_warehouse': { method: 'POST', path: '/inventory/warehouses', responseStatus: 201, tags: ['Inventory'] },
};

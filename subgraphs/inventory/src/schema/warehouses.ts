import { ApiError } from '@platform/errors';
import { type SubgraphBuilder, assertCurrentVersion, inputRules, listEnvelope, listWindow, paginationArgs, parseInput, patchChanges, versionRule } from '@platform/graphql-kit';
import { z } from 'zod';
import { WAREHOUSE_ORDER, createWarehouse, findWarehouse, listWarehouses, lockWarehouse, updateWarehouse, warehouseInUse } from '../repositories/warehouses.ts';
import { name } from './items.ts';
import type { InventoryTypes } from './types.ts';

const createWarehouseRules = z.object({ name });
const updateWarehouseRules = z
  .object({ name: name.optional(), version: versionRule.optional() })
  .refine((input) => input.name !== undefined, { message: 'at least one field must be given', path: [] });

/** Warehouses: create, rename, archive (only when empty and no active item calls it home). */
export function defineWarehouseSchema(builder: SubgraphBuilder, { Warehouse }: InventoryTypes): void {
  const WarehouseList = listEnvelope(builder, 'WarehouseList', Warehouse);

  const CreateWarehouseInput = builder.inputType('CreateWarehouseInput', {
    extensions: inputRules(createWarehouseRules),
    description: 'A new warehouse; the platform assigns its id.',
    fields: (t) => ({ name: t.string({ required: true, description: 'Warehouse name, 1 to 200 characters.' }) }),
  });
  const UpdateWarehouseInput = builder.inputType('UpdateWarehouseInput', {
    extensions: inputRules(updateWarehouseRules),
    description: 'Fields to change; absent fields keep their value.',
    fields: (t) => ({
      name: t.string({ required: false, description: 'Warehouse name, 1 to 200 characters.' }),
      version: t.int({ required: false, description: 'The version this change is based on; a different current version refuses it with `version_conflict`.' }),
    }),
  });

  builder.queryFields((t) => ({
    warehouses: t.field({
      type: WarehouseList,
      description: 'Warehouses, oldest first; by default the active ones.',
      authScopes: { scope: 'inventory:read' },
      args: {
        archived: t.arg.boolean({ required: false, description: '`true`: only archived warehouses; `false` (default): only active ones.' }),
        ...paginationArgs(t),
      },
      resolve: (_root, args, { prisma, principal }, info) => listWarehouses(prisma, principal.tenantId, args, listWindow(args, 'warehouses', WAREHOUSE_ORDER, info)),
    }),
    warehouse: t.field({
      type: Warehouse,
      description: 'One warehouse by id (archived ones included).',
      authScopes: { scope: 'inventory:read' },
      args: { id: t.arg.string({ required: true, description: 'The warehouse id.' }) },
      resolve: async (_root, { id }, { prisma, principal }) => {
        const warehouse = await findWarehouse(prisma, principal.tenantId, id);
        if (!warehouse) throw new ApiError('not_found', `No warehouse ${id} exists in this tenant.`);
        return warehouse;
      },
    }),
  }));

  builder.mutationFields((t) => ({
    create_warehouse: t.field({
      type: Warehouse,
      description: 'Creates a warehouse; the platform assigns its id.',
      authScopes: { scope: 'inventory:write' },
      args: { input: t.arg({ type: CreateWarehouseInput, required: true, description: 'The new record (the JSON body in REST).' }) },
      resolve: (_root, { input }, { principal, audit }) => {
        const data = parseInput(createWarehouseRules, input);
        return audit.recordChange('warehouse.create', (tx) => createWarehouse(tx, principal.tenantId, data), (warehouse) => warehouse.id);
      },
    }),
    update_warehouse: t.field({
      type: Warehouse,
      description: 'Renames a warehouse.',
      authScopes: { scope: 'inventory:write' },
      args: { id: t.arg.string({ required: true, description: 'The warehouse id.' }), input: t.arg({ type: UpdateWarehouseInput, required: true, description: 'The change (the JSON body in REST).' }) },
      resolve: (_root, { id, input }, context) => {
        const { version, ...changes } = parseInput(updateWarehouseRules, patchChanges(input));
        const tenantId = context.principal.tenantId;
        return context.audit.recordChange(
          'warehouse.update',
          async (tx) => {
            const warehouse = await lockWarehouse(tx, tenantId, id);
            assertCurrentVersion(context, version, warehouse);
            return updateWarehouse(tx, tenantId, id, { ...changes, version: { increment: 1 } });
          },
          () => id,
        );
      },
    }),
    archive_warehouse: t.field({
      type: Warehouse,
      description: 'Archives a warehouse: it takes no more stock and cannot become a home warehouse. Refused (`invalid_state`) while any item has stock in it (positive or negative) or any active item has it as its home warehouse.',
      authScopes: { scope: 'inventory:write' },
      args: { id: t.arg.string({ required: true, description: 'The warehouse id.' }) },
      resolve: (_root, { id }, context) => {
        const tenantId = context.principal.tenantId;
        return context.audit.recordChange(
          'warehouse.archive',
          async (tx) => {
            // The exclusive lock waits for every transaction moving stock into it or making it a home (they share-lock it).
            const warehouse = await lockWarehouse(tx, tenantId, id);
            assertCurrentVersion(context, undefined, warehouse);
            if (warehouse.archived_at !== null) throw new ApiError('invalid_state', `Warehouse ${id} is already archived.`);
            const inUse = await warehouseInUse(tx, tenantId, id);
            if (inUse) throw new ApiError('invalid_state', `Warehouse ${id} cannot be archived: ${inUse}.`);
            return updateWarehouse(tx, tenantId, id, { archived_at: new Date(), version: { increment: 1 } });
          },
          () => id,
        );
      },
    }),
  }));
}

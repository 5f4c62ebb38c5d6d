import { type InventoryItem, isUniqueViolation, newId, type Prisma } from '@platform/db';
import { ApiError, type FieldError, fieldErrors } from '@platform/errors';
import { type SubgraphBuilder, type SubgraphContext, assertCurrentVersion, eventEmitterOf, inputRules, integer, listOrder, listWindow, paginationArgs, parseArgument, parseInput, patchChanges, requiredText, sortArg, listEnvelope, text, versionRule, assertRanges, searchText } from '@platform/graphql-kit';
import { z } from 'zod';
import { ITEM_SORT_KEYS, createItem, findItem, listItems, lockItem, updateItem } from '../repositories/items.ts';
import { type StockOperation, applyStockOperations } from '../repositories/stock.ts';
import { shareLockWarehouse } from '../repositories/warehouses.ts';
import type { InventoryTypes } from './types.ts';

/** `aggregate` names the items' aggregate under /v1/inventory/items/, so no SKU may take it (in any case). */
const sku = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/, 'must be 1 to 64 letters, digits, ".", "_", ":" or "-", starting with a letter or digit')
  .refine((id) => id.toLowerCase() !== 'aggregate', 'is reserved: GET /v1/inventory/items/aggregate is the aggregate of the items');
export const name = requiredText(200);
/** Larger single changes are certainly mistakes, and keep every level within PostgreSQL's INTEGER. */
const MAX_CHANGE = 1_000_000_000;
const quantity = integer({ min: 0, message: 'must be 0 or more' });
const positive = integer({ min: 1, max: MAX_CHANGE, message: `must be from 1 to ${MAX_CHANGE}` });
const signed = integer({ min: -MAX_CHANGE, max: MAX_CHANGE, message: `must be from -${MAX_CHANGE} to ${MAX_CHANGE}` }).refine((value) => value !== 0, 'must not be 0');
const reason = text({ max: 500 }).transform((value) => value.trim());

/** Bounded so that the value of any stock level (at most 2^31 units) fits a BIGINT (migration 0025). */
const MAX_UNIT_COST = 1_000_000_000;
const unitCost = integer({ min: 0, max: MAX_UNIT_COST, message: `must be an integer from 0 to ${MAX_UNIT_COST} (minor units of currency)` });
const currency = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code: 3 upper-case letters such as EUR');
/** A cost is only meaningful in a currency, and a currency only with a cost: refuses one without the other, naming the missing one. */
function costWithCurrency(cost: { unit_cost?: number | null | undefined; currency?: string | null | undefined }): FieldError[] {
  if ((cost.unit_cost == null) === (cost.currency == null)) return [];
  return cost.unit_cost == null ? [{ field: 'unit_cost', message: 'is required with currency' }] : [{ field: 'currency', message: 'is required with unit_cost' }];
}

const createItemRules = z
  .object({
    id: sku,
    name,
    quantity_on_hand: integer({ min: 0, max: MAX_CHANGE, message: `must be from 0 to ${MAX_CHANGE}` }),
    reorder_point: quantity,
    warehouse_id: z.string(),
    allow_backorder: z.boolean().nullish(),
    unit_cost: unitCost.nullish(),
    currency: currency.nullish(),
  })
  .superRefine((input, context) => {
    for (const error of costWithCurrency(input)) context.addIssue({ code: 'custom', path: [error.field], message: error.message });
  });
const updateItemRules = z
  .object({
    name: name.optional(),
    quantity_on_hand: integer({ min: 0, max: MAX_CHANGE, message: `must be from 0 to ${MAX_CHANGE}` }).optional(),
    reorder_point: quantity.optional(),
    warehouse_id: z.string().optional(),
    allow_backorder: z.boolean().optional(),
    unit_cost: unitCost.optional(),
    currency: currency.optional(),
    version: versionRule.optional(),
  })
  .refine((input) => Object.keys(input).filter((field) => field !== 'version').length > 0, { message: 'at least one field must be given', path: [] });
const adjustRules = z.object({ quantity: signed, warehouse_id: z.string().nullish(), reason: reason.nullish(), version: versionRule.nullish() });
const receiveRules = z.object({ quantity: positive, warehouse_id: z.string().nullish(), reason: reason.nullish(), version: versionRule.nullish() });
const transferRules = z
  .object({ quantity: positive, from_warehouse_id: z.string(), to_warehouse_id: z.string(), reason: reason.nullish(), version: versionRule.nullish() })
  .refine((input) => input.from_warehouse_id !== input.to_warehouse_id, { message: 'must differ from from_warehouse_id', path: ['to_warehouse_id'] });

/** A warehouse an item may call home: it exists in the tenant and is not archived (share-locked until the commit). */
async function requireHomeWarehouse(tx: Prisma.TransactionClient, tenantId: string, id: string): Promise<void> {
  const warehouse = await shareLockWarehouse(tx, tenantId, id);
  if (!warehouse) throw fieldErrors('rule_violation', 'warehouse_id', `No warehouse ${id} exists in this tenant.`);
  if (warehouse.archived_at !== null) throw fieldErrors('rule_violation', 'warehouse_id', `Warehouse ${id} is archived.`);
}

function refuseIfArchived(item: InventoryItem, action: string): void {
  if (item.archived_at !== null) throw new ApiError('invalid_state', `Inventory item ${item.id} is archived: it takes no ${action}, only adjustments. Unarchive it first.`);
}

/** Runs one stock action on a locked, version-checked item; returns the item as written. */
async function stockAction(tx: Prisma.TransactionClient, context: SubgraphContext, id: string, inputVersion: number | null | undefined, check: (item: InventoryItem) => void, operations: (item: InventoryItem) => StockOperation[]): Promise<InventoryItem> {
  const tenantId = context.principal.tenantId;
  const item = await lockItem(tx, tenantId, id);
  assertCurrentVersion(context, inputVersion, item);
  check(item);
  const changed = await applyStockOperations(tx, tenantId, operations(item), eventEmitterOf(context));
  return changed.get(id) ?? item;
}

/** Items: the list (raw SQL, the hot path), reads, create/update, stock actions, archiving. */
export function defineItemSchema(builder: SubgraphBuilder, { InventoryItem }: InventoryTypes): void {
  const InventoryItemList = listEnvelope(builder, 'InventoryItemList', InventoryItem);

  const CreateInventoryItemInput = builder.inputType('CreateInventoryItemInput', {
    extensions: inputRules(createItemRules),
    description: 'A new item. Its initial `quantity_on_hand` is recorded as a `receipt` movement into its home warehouse.',
    fields: (t) => ({
      id: t.string({ required: true, description: 'The SKU: 1 to 64 letters, digits, ".", "_", ":" or "-".' }),
      name: t.string({ required: true, description: 'Item name, 1 to 200 characters.' }),
      quantity_on_hand: t.int({ required: true, description: 'Initial stock in the home warehouse, 0 to 1000000000.' }),
      reorder_point: t.int({ required: true, description: 'Reorder threshold, 0 or more.' }),
      warehouse_id: t.string({ required: true, description: 'Home warehouse: an existing, active warehouse of the tenant.' }),
      allow_backorder: t.boolean({ required: false, description: 'Whether stock may fall below zero. Default false.' }),
      unit_cost: t.field({ type: 'MinorUnits', required: false, description: 'What one unit costs, in minor units of `currency`, 0 to 1000000000. Given with `currency`, or neither.' }),
      currency: t.string({ required: false, description: 'ISO 4217 code of `unit_cost` (3 upper-case letters). Given with `unit_cost`, or neither.' }),
    }),
  });
  const UpdateInventoryItemInput = builder.inputType('UpdateInventoryItemInput', {
    extensions: inputRules(updateItemRules),
    description: 'Fields to change; absent fields keep their value.',
    fields: (t) => ({
      name: t.string({ required: false, description: 'Item name, 1 to 200 characters.' }),
      quantity_on_hand: t.int({
        required: false,
        description: 'The new total stock (0 or more). Kept for compatibility: the difference is recorded as an `adjustment` in the home warehouse as it was before this change; prefer the `adjust` action.',
      }),
      reorder_point: t.int({ required: false, description: 'Reorder threshold, 0 or more.' }),
      warehouse_id: t.string({ required: false, description: 'New home warehouse (existing and active). Moves no stock: use `transfer` for that.' }),
      allow_backorder: t.boolean({ required: false, description: 'Whether stock may fall below zero. Turning it off leaves negative levels as they are but refuses further decreases below zero.' }),
      unit_cost: t.field({ type: 'MinorUnits', required: false, description: 'What one unit costs, in minor units of `currency`, 0 to 1000000000. An item without a cost needs `currency` with it.' }),
      currency: t.string({ required: false, description: 'ISO 4217 code of `unit_cost`. An item without a cost needs `unit_cost` with it; a cost cannot be removed, only changed.' }),
      version: t.int({ required: false, description: 'The version this change is based on; a different current version refuses it with `version_conflict`.' }),
    }),
  });
  const AdjustInventoryItemInput = builder.inputType('AdjustInventoryItemInput', {
    extensions: inputRules(adjustRules),
    description: 'A correction of the stock in one warehouse (a count, damage, loss).',
    fields: (t) => ({
      quantity: t.int({ required: true, description: 'Signed, non-zero change: positive adds stock, negative removes it. At most 1000000000 either way.' }),
      warehouse_id: t.string({ required: false, description: 'The warehouse whose stock changes. Default: the item’s home warehouse.' }),
      reason: t.string({ required: false, description: 'Free text kept on the movement, up to 500 characters.' }),
      version: t.int({ required: false, description: 'The item version this change is based on; a different current version refuses it with `version_conflict`.' }),
    }),
  });
  const ReceiveInventoryItemInput = builder.inputType('ReceiveInventoryItemInput', {
    extensions: inputRules(receiveRules),
    description: 'Stock received into one warehouse.',
    fields: (t) => ({
      quantity: t.int({ required: true, description: 'Units received, 1 to 1000000000.' }),
      warehouse_id: t.string({ required: false, description: 'The receiving warehouse. Default: the item’s home warehouse.' }),
      reason: t.string({ required: false, description: 'Free text kept on the movement, up to 500 characters.' }),
      version: t.int({ required: false, description: 'The item version this change is based on; a different current version refuses it with `version_conflict`.' }),
    }),
  });
  const TransferInventoryItemInput = builder.inputType('TransferInventoryItemInput', {
    extensions: inputRules(transferRules),
    description: 'Stock moved from one warehouse to another: a `transfer_out` and a `transfer_in` movement sharing a `transfer_id`. The item total does not change.',
    fields: (t) => ({
      quantity: t.int({ required: true, description: 'Units moved, 1 to 1000000000.' }),
      from_warehouse_id: t.string({ required: true, description: 'The warehouse the stock leaves.' }),
      to_warehouse_id: t.string({ required: true, description: 'The warehouse the stock arrives in; different from `from_warehouse_id`.' }),
      reason: t.string({ required: false, description: 'Free text kept on both movements, up to 500 characters.' }),
      version: t.int({ required: false, description: 'The item version this change is based on; a different current version refuses it with `version_conflict`.' }),
    }),
  });

  builder.queryFields((t) => ({
    inventory_items: t.field({
      type: InventoryItemList,
      description: 'Inventory items; by default the active ones, ordered by SKU.',
      authScopes: { scope: 'inventory:read' },
      args: {
        reorder_below: t.arg.boolean({ required: false, description: '`true`: only items below their reorder point (`quantity_on_hand < reorder_point`); `false`: only items at or above it.' }),
        warehouse_id: t.arg.string({ required: false, description: 'Only items whose home warehouse is this one.' }),
        archived: t.arg.boolean({ required: false, description: '`true`: only archived items; `false` (default): only active ones.' }),
        q: t.arg.string({ required: false, description: 'Only items whose SKU or name contains this text, ignoring case (1 to 200 characters).', extensions: inputRules(searchText) }),
        quantity_on_hand_min: t.arg.int({ required: false, description: 'Only items with at least this `quantity_on_hand` (over all warehouses).' }),
        quantity_on_hand_max: t.arg.int({ required: false, description: 'Only items with at most this `quantity_on_hand` (over all warehouses).' }),
        reorder_point_min: t.arg.int({ required: false, description: 'Only items whose `reorder_point` is at least this.' }),
        reorder_point_max: t.arg.int({ required: false, description: 'Only items whose `reorder_point` is at most this.' }),
        unit_cost_min: t.arg({ type: 'MinorUnits', required: false, description: 'Only items whose `unit_cost` is at least this, in minor units of the item’s `currency`; items without a cost are left out.' }),
        unit_cost_max: t.arg({ type: 'MinorUnits', required: false, description: 'Only items whose `unit_cost` is at most this, in minor units of the item’s `currency`; items without a cost are left out.' }),
        sort: sortArg(t.arg, Object.keys(ITEM_SORT_KEYS), 'id'),
        ...paginationArgs(t),
      },
      resolve: (_root, args, { prisma, principal }, info) => {
        assertRanges(args);
        const filter = { ...args, q: parseArgument('q', searchText, args.q) };
        return listItems(prisma, principal.tenantId, filter, listWindow(args, 'inventory_items', listOrder(args.sort, ITEM_SORT_KEYS, 'id'), info));
      },
    }),
    inventory_item: t.field({
      type: InventoryItem,
      description: 'One inventory item by SKU (archived ones included).',
      authScopes: { scope: 'inventory:read' },
      args: { id: t.arg.string({ required: true, description: 'The SKU.' }) },
      resolve: async (_root, { id }, { prisma, principal }) => {
        const item = await findItem(prisma, principal.tenantId, id);
        if (!item) throw new ApiError('not_found', `No inventory item ${id} exists in this tenant.`);
        return item;
      },
    }),
  }));

  builder.mutationFields((t) => ({
    create_inventory_item: t.field({
      type: InventoryItem,
      description: 'Creates an inventory item with a client-chosen SKU; a non-zero initial stock is recorded as a `receipt` movement.',
      authScopes: { scope: 'inventory:write' },
      args: { input: t.arg({ type: CreateInventoryItemInput, required: true, description: 'The new record (the JSON body in REST).' }) },
      resolve: (_root, { input }, context) => {
        const data = parseInput(createItemRules, input);
        const tenantId = context.principal.tenantId;
        return context.audit.recordChange(
          'inventory_item.create',
          async (tx) => {
            await requireHomeWarehouse(tx, tenantId, data.warehouse_id);
            let item: InventoryItem;
            try {
              // Created empty; the initial stock goes through the one stock function like any other change.
              item = await createItem(tx, tenantId, {
                id: data.id,
                name: data.name,
                reorder_point: data.reorder_point,
                warehouse_id: data.warehouse_id,
                allow_backorder: data.allow_backorder ?? false,
                unit_cost: data.unit_cost ?? null,
                currency: data.currency ?? null,
                quantity_on_hand: 0,
                last_synced_at: new Date(),
              });
            } catch (error) {
              if (isUniqueViolation(error)) throw new ApiError('already_exists', `An inventory item ${data.id} already exists in this tenant.`, { errors: [{ field: 'id', message: 'already exists' }] });
              throw error;
            }
            const changed = await applyStockOperations(tx, tenantId, [{ item_id: item.id, quantity: data.quantity_on_hand, kind: 'receipt', reason: 'Initial stock', field: 'quantity_on_hand', warehouse_field: 'warehouse_id' }], eventEmitterOf(context), { keepVersion: true });
            return changed.get(item.id) ?? item;
          },
          (item) => item.id,
        );
      },
    }),
    update_inventory_item: t.field({
      type: InventoryItem,
      description: 'Changes an inventory item: its name, reorder point, home warehouse, backorder rule, or (for compatibility) its total stock, recorded as an `adjustment`.',
      authScopes: { scope: 'inventory:write' },
      args: { id: t.arg.string({ required: true, description: 'The SKU.' }), input: t.arg({ type: UpdateInventoryItemInput, required: true, description: 'The change (the JSON body in REST).' }) },
      resolve: (_root, { id, input }, context) => {
        const { version: inputVersion, ...changes } = parseInput(updateItemRules, patchChanges(input));
        const tenantId = context.principal.tenantId;
        return context.audit.recordChange(
          'inventory_item.update',
          async (tx) => {
            const item = await lockItem(tx, tenantId, id);
            assertCurrentVersion(context, inputVersion, item);
            if (changes.warehouse_id !== undefined && changes.warehouse_id !== item.warehouse_id) await requireHomeWarehouse(tx, tenantId, changes.warehouse_id);
            const costErrors = costWithCurrency({ unit_cost: changes.unit_cost ?? (item.unit_cost === null ? null : Number(item.unit_cost)), currency: changes.currency ?? item.currency });
            if (costErrors.length > 0) throw new ApiError('rule_violation', `Inventory item ${id} has no unit cost yet: unit_cost and currency are set together.`, { errors: costErrors });
            const { quantity_on_hand: total, ...fields } = changes;
            // The difference goes to the home warehouse as it was: that is where the stock PATCH clients knew of is held.
            const difference = total === undefined ? 0 : total - item.quantity_on_hand;
            // The other fields first, so that the stock change below is judged against the reorder
            // point this PATCH sets, and its `inventory.stock.low` event shows the item as the PATCH
            // leaves it. One change, one version: counted here only when no stock moves.
            const updated = Object.keys(fields).length === 0 ? item : await updateItem(tx, tenantId, id, { ...fields, last_synced_at: new Date(), ...(difference === 0 ? { version: { increment: 1 } } : {}) });
            const changed = await applyStockOperations(tx, tenantId, [{ item_id: id, warehouse_id: item.warehouse_id, quantity: difference, kind: 'adjustment', reason: 'quantity_on_hand set by update', field: 'quantity_on_hand' }], eventEmitterOf(context));
            return changed.get(id) ?? updated;
          },
          () => id,
        );
      },
    }),
    adjust_inventory_item: t.field({
      type: InventoryItem,
      description: 'Corrects the stock of an item in one warehouse (default: its home) by a signed quantity, recording an `adjustment` movement. The only stock change archived items take.',
      authScopes: { scope: 'inventory:write' },
      args: { id: t.arg.string({ required: true, description: 'The SKU.' }), input: t.arg({ type: AdjustInventoryItemInput, required: true, description: 'The change (the JSON body in REST).' }) },
      resolve: (_root, { id, input }, context) => {
        const data = parseInput(adjustRules, input);
        return context.audit.recordChange(
          'inventory_item.adjust',
          (tx) =>
            stockAction(tx, context, id, data.version, () => {}, () => [
              { item_id: id, warehouse_id: data.warehouse_id ?? undefined, quantity: data.quantity, kind: 'adjustment', reason: data.reason, field: 'quantity', warehouse_field: 'warehouse_id' },
            ]),
          () => id,
        );
      },
    }),
    receive_inventory_item: t.field({
      type: InventoryItem,
      description: 'Adds received stock to one warehouse (default: the item’s home), recording a `receipt` movement.',
      authScopes: { scope: 'inventory:write' },
      args: { id: t.arg.string({ required: true, description: 'The SKU.' }), input: t.arg({ type: ReceiveInventoryItemInput, required: true, description: 'The change (the JSON body in REST).' }) },
      resolve: (_root, { id, input }, context) => {
        const data = parseInput(receiveRules, input);
        return context.audit.recordChange(
          'inventory_item.receive',
          (tx) =>
            stockAction(tx, context, id, data.version, (item) => refuseIfArchived(item, 'receipts'), () => [
              { item_id: id, warehouse_id: data.warehouse_id ?? undefined, quantity: data.quantity, kind: 'receipt', reason: data.reason, field: 'quantity', warehouse_field: 'warehouse_id' },
            ]),
          () => id,
        );
      },
    }),
    transfer_inventory_item: t.field({
      type: InventoryItem,
      description: 'Moves stock of an item between two warehouses: a `transfer_out` and a `transfer_in` movement sharing a `transfer_id`; the item total stays the same.',
      authScopes: { scope: 'inventory:write' },
      args: { id: t.arg.string({ required: true, description: 'The SKU.' }), input: t.arg({ type: TransferInventoryItemInput, required: true, description: 'The change (the JSON body in REST).' }) },
      resolve: (_root, { id, input }, context) => {
        const data = parseInput(transferRules, input);
        const transferId = newId('trf');
        return context.audit.recordChange(
          'inventory_item.transfer',
          (tx) =>
            stockAction(tx, context, id, data.version, (item) => refuseIfArchived(item, 'transfers'), () => [
              { item_id: id, warehouse_id: data.from_warehouse_id, quantity: -data.quantity, kind: 'transfer_out', reason: data.reason, transfer_id: transferId, field: 'quantity', warehouse_field: 'from_warehouse_id' },
              { item_id: id, warehouse_id: data.to_warehouse_id, quantity: data.quantity, kind: 'transfer_in', reason: data.reason, transfer_id: transferId, field: 'quantity', warehouse_field: 'to_warehouse_id' },
            ]),
          () => id,
        );
      },
    }),
    archive_inventory_item: t.field({
      type: InventoryItem,
      description: 'Archives an item: it leaves the item list (unless `archived=true`), other domains no longer see it as an existing SKU, and its stock only changes by adjustments.',
      authScopes: { scope: 'inventory:write' },
      args: { id: t.arg.string({ required: true, description: 'The SKU.' }) },
      resolve: (_root, { id }, context) =>
        context.audit.recordChange(
          'inventory_item.archive',
          async (tx) => {
            const item = await lockItem(tx, context.principal.tenantId, id);
            assertCurrentVersion(context, undefined, item);
            if (item.archived_at !== null) throw new ApiError('invalid_state', `Inventory item ${id} is already archived.`);
            return updateItem(tx, context.principal.tenantId, id, { archived_at: new Date(), last_synced_at: new Date(), version: { increment: 1 } });
          },
          () => id,
        ),
    }),
    unarchive_inventory_item: t.field({
      type: InventoryItem,
      description: 'Makes an archived item active again. Refused while its home warehouse is archived (change `warehouse_id` first).',
      authScopes: { scope: 'inventory:write' },
      args: { id: t.arg.string({ required: true, description: 'The SKU.' }) },
      resolve: (_root, { id }, context) =>
        context.audit.recordChange(
          'inventory_item.unarchive',
          async (tx) => {
            const tenantId = context.principal.tenantId;
            const item = await lockItem(tx, tenantId, id);
            assertCurrentVersion(context, undefined, item);
            if (item.archived_at === null) throw new ApiError('invalid_state', `Inventory item ${id} is not archived.`);
            const home = await shareLockWarehouse(tx, tenantId, item.warehouse_id);
            if (home?.archived_at != null) throw new ApiError('invalid_state', `The home warehouse ${item.warehouse_id} of inventory item ${id} is archived; change the item's warehouse_id first.`);
            return updateItem(tx, tenantId, id, { archived_at: null, last_synced_at: new Date(), version: { increment: 1 } });
          },
          () => id,
        ),
    }),
  }));
}

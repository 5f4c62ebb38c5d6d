/**
 * The platform mutations a field mapping may write through, and how a record already written is
 * changed. A sync writes only through these, with the connector as the caller, so every rule,
 * event and audit record of the API applies to it unchanged.
 */
export interface MappingTarget {
  /** The kind of record it creates (`resource_type` of the external link). */
  resource: string;
  /** The create mutation's input type. */
  inputType: string;
  /** The scope writing it takes: a connector's writes hold the scopes of its mapping's targets, and only a caller holding them may save that mapping. */
  scope: string;
  /** The mutation that changes a record it created, when the domain has one; without it a record is created once and its later changes at the source are not applied. */
  update?: { mutation: string; inputType: string };
}

export const MAPPING_TARGETS: Readonly<Record<string, MappingTarget>> = {
  create_inventory_item: { resource: 'inventory_item', inputType: 'CreateInventoryItemInput', scope: 'inventory:write', update: { mutation: 'update_inventory_item', inputType: 'UpdateInventoryItemInput' } },
  create_customer: { resource: 'customer', inputType: 'CreateCustomerInput', scope: 'crm:write', update: { mutation: 'update_customer', inputType: 'UpdateCustomerInput' } },
  // Orders change through lifecycle actions (confirm, fulfil, cancel), not through a mapping.
  create_order: { resource: 'order', inputType: 'CreateOrderInput', scope: 'crm:write' },
};

export function isMappingTarget(name: string): boolean {
  return Object.hasOwn(MAPPING_TARGETS, name);
}

/** The GraphQL document that creates a record through `mutation`, answering its id. */
export function createDocument(mutation: string): string {
  const target = MAPPING_TARGETS[mutation] as MappingTarget;
  return `mutation SyncCreate($input: ${target.inputType}!) { written: ${mutation}(input: $input) { id } }`;
}

/** The GraphQL document that changes the record `$id` through the target's update mutation. */
export function updateDocument(update: NonNullable<MappingTarget['update']>): string {
  return `mutation SyncUpdate($id: String!, $input: ${update.inputType}!) { written: ${update.mutation}(id: $id, input: $input) { id } }`;
}

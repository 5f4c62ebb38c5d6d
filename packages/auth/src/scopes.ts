/**
 * Every scope a credential can hold, form `<resource>:<read|write>`, with its meaning. A write
 * scope does not imply the read scope: clients ask for what they use (least privilege).
 */
export const scopeCatalogue = {
  'tenants:read': "Read the metadata of the credential's own tenant (plan, environment, paired tenant).",
  'inventory:read': 'List and read warehouses and inventory items.',
  'inventory:write': 'Create warehouses; create inventory items and change their stock and reorder points.',
  'crm:read': 'Read customers and orders.',
  'crm:write': 'Create and change customers and orders.',
} as const;

export type Scope = keyof typeof scopeCatalogue;

export function isKnownScope(value: string): value is Scope {
  return Object.hasOwn(scopeCatalogue, value);
}

/** Splits an RFC 6749 scope string (space-separated) into distinct scopes, keeping order. */
export function parseScopeString(value: string): string[] {
  return [...new Set(value.split(' ').filter((scope) => scope.length > 0))];
}

/**
 * Every scope a credential can hold, form `<resource>:<read|write>`, with its meaning. A write
 * scope does not imply the read scope: clients ask for what they use (least privilege).
 */
export const scopeCatalogue = {
  'tenants:read': "Read the metadata of the credential's own tenant (plan, environment, paired tenant, rate limits).",
  'tenants:write': 'Reset a sandbox tenant (delete all of its data); never applies to production.',
  'api_keys:read': 'List and read API keys (never their secrets).',
  'api_keys:write': 'Create, rotate and revoke API keys, with at most the scopes the caller holds.',
  'users:read': 'List and read users of the tenant.',
  'users:write': 'Invite and deactivate users and assign their roles.',
  'roles:read': 'List and read roles (built-in and custom).',
  'roles:write': 'Create, change and delete custom roles.',
  'audit:read': "Query the tenant's audit trail.",
  'inventory:read': 'List and read warehouses, inventory items, their stock levels and stock movements.',
  'inventory:write': 'Create and change warehouses and inventory items; record stock receipts, adjustments and transfers.',
  'crm:read': 'List and read customers (with contacts and addresses) and sales and purchase orders.',
  'crm:write': 'Create and change customers and orders; confirm, fulfil, receive and cancel orders.',
  'finance:read': 'List and read invoices and ledger (journal) entries.',
  'finance:write': 'Create and change draft invoices; issue, pay and void them; post and reverse journal entries.',
  'events:read': 'List and read events of the types the other scopes allow (order.created needs crm:read too); subscribe to them live.',
  'events:write': 'Publish custom events (types custom.*).',
  'webhooks:read': 'List and read webhook endpoints (never their secrets) and their delivery logs.',
  'connectors:read': 'List and read connectors (never their credentials) and their field mappings.',
  'connectors:write': 'Create, change, test and delete connectors; save new versions of their field mappings and preview them.',
  'sync:read': 'List and read sync jobs, their progress and the records they could not write.',
  'sync:write': 'Start and cancel sync jobs; replay records a sync could not write.',
  'webhooks:write': 'Register, change, disable and delete webhook endpoints, rotate their signing secrets, resend and replay events, ping.',
  'workflows:read': 'List and read workflows (their versioned definitions, never their signing secrets), their runs and each run\'s step log.',
  'workflows:write': 'Create, change, enable, disable and delete workflows (granting them at most the scopes the caller holds), install templates, start and cancel runs, decide approvals.',
  'ai:read': 'List and read copilot queries (with their answers), document extractions and agent tasks with their plans and step logs.',
  'ai:write': 'Ask the copilot (its operations run with the caller\'s other scopes, never more), extract documents and turn them into drafts, create, approve and cancel agent tasks.',
  'bulk:read': 'List and read bulk exports and bulk mutations (their progress, download and result links) and receive `export.completed` and `bulk_mutation.completed`.',
  'bulk:write': 'Create and cancel bulk exports of list queries, upload JSONL files and run bulk mutations over them; each page or line runs with the creator\'s other scopes as held at creation, never more.',
  'analytics:read': 'List and read saved operations (their documents, variables and result schemas) and run them by name or `documentId`; a run needs the scopes of the fields it selects as well, never less.',
  'analytics:write': 'Save, change and delete the tenant\'s saved operations (saving one grants nothing: each run is checked against the running credential).',
} as const;

export type Scope = keyof typeof scopeCatalogue;

export function isKnownScope(value: string): value is Scope {
  return Object.hasOwn(scopeCatalogue, value);
}

/** Splits an RFC 6749 scope string (space-separated) into distinct scopes, keeping order. */
export function parseScopeString(value: string): string[] {
  return [...new Set(value.split(' ').filter((scope) => scope.length > 0))];
}

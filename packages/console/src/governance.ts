/**
 * Governance by construction: what the session's scopes allow decides what the console shows.
 * Each page names the scopes that let a user open it (any one of them), each action the scope
 * its mutation requires (the same scope the API checks; the API still refuses otherwise).
 */
export interface PageDefinition {
  path: string;
  title: string;
  /** Any one of these lets the page be shown; empty: every signed-in user. */
  anyOf: string[];
}

export const PAGES: PageDefinition[] = [
  { path: '/', title: 'Overview', anyOf: [] },
  { path: '/inventory', title: 'Inventory', anyOf: ['inventory:read'] },
  { path: '/orders', title: 'Orders', anyOf: ['crm:read'] },
  { path: '/customers', title: 'Customers', anyOf: ['crm:read'] },
  { path: '/finance', title: 'Finance', anyOf: ['finance:read'] },
  { path: '/events', title: 'Events', anyOf: ['events:read'] },
  { path: '/webhooks', title: 'Webhooks', anyOf: ['webhooks:read'] },
  { path: '/integrations', title: 'Integrations', anyOf: ['connectors:read', 'sync:read'] },
  { path: '/workflows', title: 'Workflows', anyOf: ['workflows:read'] },
  { path: '/api-access', title: 'API access', anyOf: ['api_keys:read', 'api_keys:write'] },
  { path: '/users', title: 'Users and roles', anyOf: ['users:read'] },
  { path: '/audit', title: 'Audit trail', anyOf: ['audit:read'] },
  { path: '/copilot', title: 'Copilot', anyOf: ['ai:read', 'ai:write'] },
  { path: '/account', title: 'Account', anyOf: [] },
];

/** The scope each action needs, by the mutation it runs. */
export const ACTION_SCOPES = {
  adjustStock: 'inventory:write',
  transferStock: 'inventory:write',
  createItem: 'inventory:write',
  createWarehouse: 'inventory:write',
  orderLifecycle: 'crm:write',
  createOrder: 'crm:write',
  createCustomer: 'crm:write',
  archiveCustomer: 'crm:write',
  invoiceLifecycle: 'finance:write',
  createInvoice: 'finance:write',
  reverseLedgerEntry: 'finance:write',
  publishEvent: 'events:write',
  manageWebhooks: 'webhooks:write',
  readDeliveries: 'webhooks:read',
  manageConnectors: 'connectors:write',
  startSync: 'sync:write',
  replayFailures: 'sync:write',
  readSyncJobs: 'sync:read',
  manageWorkflows: 'workflows:write',
  manageApiKeys: 'api_keys:write',
  manageOAuthClients: 'api_keys:write',
  manageUsers: 'users:write',
  readRoles: 'roles:read',
  askCopilot: 'ai:write',
  decideAiTasks: 'ai:write',
} as const;

export type Action = keyof typeof ACTION_SCOPES;

export function hasScope(scopes: readonly string[], scope: string): boolean {
  return scopes.includes(scope);
}

export function canOpen(scopes: readonly string[], page: PageDefinition): boolean {
  return page.anyOf.length === 0 || page.anyOf.some((scope) => scopes.includes(scope));
}

export function canDo(scopes: readonly string[], action: Action): boolean {
  return scopes.includes(ACTION_SCOPES[action]);
}

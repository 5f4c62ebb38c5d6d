/**
 * The REST paths a subgraph exposes through the facade: `Query.field` / `Mutation.field` to an
 * HTTP method and a path under /v1 (`:name` marks a path parameter named like the argument).
 */
export type RestRoutes = Record<string, { method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; path: string; responseStatus?: number; tags?: string[] }>;

import type { GraphQLField, GraphQLSchema } from 'graphql';

/**
 * The scopes a root field requires, read from the `authScopes` it was declared with (the checks
 * themselves are Pothos's): any one of `anyOf` admits the call; an empty list means any
 * authenticated credential. The published contract (OpenAPI security, the scope reference) and
 * the function-level authorization tests are derived from this, so they cannot drift from the
 * checks that run.
 */
export interface ScopeRequirement {
  /** `Query.inventory_items` */
  coordinate: string;
  anyOf: string[];
}

type DeclaredScopes = { scope?: string; anyScope?: readonly string[] } | undefined;

/** Every root field of a subgraph schema (queries, mutations, subscriptions) with the scopes it requires. */
export function rootFieldScopes(schema: GraphQLSchema): ScopeRequirement[] {
  const requirements: ScopeRequirement[] = [];
  for (const type of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    if (!type) continue;
    for (const field of Object.values(type.getFields())) {
      // Federation's own fields (`_service`, `_entities`) are the gateway's, never a client's.
      if (field.name.startsWith('_')) continue;
      requirements.push({ coordinate: `${type.name}.${field.name}`, anyOf: declaredScopes(field) });
    }
  }
  return requirements;
}

function declaredScopes(field: GraphQLField<unknown, unknown>): string[] {
  const declared = (field.extensions as { pothosOptions?: { authScopes?: DeclaredScopes } }).pothosOptions?.authScopes;
  if (typeof declared === 'function') throw new Error(`${field.name} declares its scopes with a function; declare them as data so the contract can publish them`);
  return [...(declared?.scope ? [declared.scope] : []), ...(declared?.anyScope ?? [])];
}

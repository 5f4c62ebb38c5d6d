import { scopeCatalogue } from '@platform/auth';
import { rootFieldScopes } from '@platform/graphql-kit';
import { describe, expect, it } from 'vitest';
import { subgraphs } from '../src/supergraph/subgraphs.ts';

/** Root fields any authenticated credential may call: they reveal nothing of a tenant. */
const OPEN_TO_EVERY_CREDENTIAL = ['Query.scopes'];

describe('the scopes of every root field', () => {
  const requirements = subgraphs.flatMap((subgraph) => rootFieldScopes(subgraph.buildSchema()));

  it('are declared on every root field but the open ones, and name only catalogued scopes', () => {
    expect(requirements.length).toBeGreaterThan(60);
    const undeclared = requirements.filter((requirement) => requirement.anyOf.length === 0).map((requirement) => requirement.coordinate);
    expect(undeclared).toEqual(OPEN_TO_EVERY_CREDENTIAL);
    const unknown = requirements.flatMap((requirement) => requirement.anyOf.filter((scope) => !(scope in scopeCatalogue)).map((scope) => `${requirement.coordinate}: ${scope}`));
    expect(unknown).toEqual([]);
  });

  it('are what Pothos checks: a read field needs the read scope, a mutation a write scope', () => {
    const scopesOf = new Map(requirements.map((requirement) => [requirement.coordinate, requirement.anyOf]));
    expect(scopesOf.get('Query.inventory_items')).toEqual(['inventory:read']);
    expect(scopesOf.get('Mutation.fulfil_order')).toEqual(['crm:write']);
    expect(scopesOf.get('Subscription.events')).toEqual(['events:read']);
    // Running a saved operation changes nothing by itself (a REST POST because variables travel in a
    // body): the fields of the operation it runs need their own scopes, a saved mutation's write ones.
    const runsOnly = ['Mutation.run_saved_operation'];
    const mutationsWithReadScopes = requirements.filter((requirement) => requirement.coordinate.startsWith('Mutation.') && !runsOnly.includes(requirement.coordinate) && requirement.anyOf.some((scope) => scope.endsWith(':read')));
    expect(mutationsWithReadScopes).toEqual([]);
    expect(scopesOf.get('Mutation.run_saved_operation')).toEqual(['analytics:read']);
  });
});

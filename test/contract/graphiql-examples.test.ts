import { GRAPHIQL_EXAMPLE_TABS } from '@platform/gateway';
import { describe, expect, it } from 'vitest';
import { graphqlData, signedInAccount } from '../support/fixtures.ts';

/** The example operations GraphiQL opens with run as they are, for a caller with the read scopes. */
describe('GraphiQL example operations', () => {
  it.each(GRAPHIQL_EXAMPLE_TABS.map((tab) => [tab.query.split('\n')[0] as string, tab.query]))('%s', async (_title, query) => {
    const { api } = await signedInAccount(['inventory:read', 'crm:read', 'finance:read', 'events:read']);
    const data = await graphqlData<Record<string, unknown>>(api, query);
    expect(Object.keys(data).length).toBeGreaterThan(0);
  });
});

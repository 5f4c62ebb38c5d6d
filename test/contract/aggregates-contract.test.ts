import { getNullableType, type GraphQLArgument, type GraphQLField, type GraphQLObjectType, buildClientSchema, getIntrospectionQuery, type IntrospectionQuery } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { graphqlData, signedInAccount } from '../support/fixtures.ts';

/** The arguments every aggregate adds to its list's filters; the list's own paging and sorting are not filters. */
const AGGREGATE_ARGUMENTS = ['group_by', 'bucket', 'bucket_by', 'time_zone', 'having', 'sort', 'limit'];
const LIST_ARGUMENTS = ['sort', 'page', 'per_page', 'after', 'before'];

/** A list may require a filter its aggregate leaves optional (deliveries of one endpoint; the health of all). */
const signature = (args: readonly GraphQLArgument[], leaveOut: string[]) =>
  args.filter((arg) => !leaveOut.includes(arg.name)).map((arg) => `${arg.name}: ${String(getNullableType(arg.type))}`).sort();

/**
 * An aggregate takes exactly its list's filters (names and types): the declaration and the list
 * are written apart, and this keeps them from drifting. (That each filter means the same is checked
 * per domain: an aggregate's count equals the list's meta.total filter by filter.)
 */
describe('aggregates take their lists\' filters', () => {
  let query: GraphQLObjectType;
  let aggregates: Array<GraphQLField<unknown, unknown>>;

  beforeAll(async () => {
    const { api } = await signedInAccount(['inventory:read']);
    const schema = buildClientSchema(await graphqlData<IntrospectionQuery>(api, getIntrospectionQuery()));
    query = schema.getQueryType() as GraphQLObjectType;
    aggregates = Object.values(query.getFields()).filter((field) => field.name.endsWith('_aggregate'));
  });

  it('has the aggregates analysts ask for', () => {
    expect(aggregates.map((field) => field.name)).toEqual(expect.arrayContaining(['orders_aggregate', 'order_lines_aggregate', 'customers_aggregate']));
  });

  it('gives each aggregate of a list exactly the list\'s filters', () => {
    for (const aggregate of aggregates) {
      const list = query.getFields()[aggregate.name.slice(0, -'_aggregate'.length)];
      if (!list) continue;
      expect([aggregate.name, signature(aggregate.args, AGGREGATE_ARGUMENTS)]).toEqual([aggregate.name, signature(list.args, LIST_ARGUMENTS)]);
    }
  });
});

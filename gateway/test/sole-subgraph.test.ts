import { createLogger } from '@platform/config';
import { type GraphQLSchema, getOperationAST, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { InProcessSubgraph } from '../src/supergraph/in-process-subgraph.ts';
import { subgraphs } from '../src/supergraph/subgraphs.ts';
import { createSupergraph, soleSubgraphFinder } from '../src/supergraph/supergraph.ts';

/** Which operations skip the gateway: exactly those one subgraph answers alone. */
describe('operations one subgraph answers alone', async () => {
  const logger = createLogger('silent');
  const supergraph = await createSupergraph(subgraphs, logger, () => {});
  await supergraph.stop();
  const inProcess = new Map(subgraphs.map((module) => [module.name, new InProcessSubgraph(module.name, module.buildSchema() as GraphQLSchema, logger, () => {})]));
  const soleSubgraphOf = soleSubgraphFinder(supergraph.supergraphSdl, inProcess);
  const alone = (source: string) => {
    const document = parse(source);
    // Every document here is a valid request: an invalid one would be left to the gateway for that reason alone.
    expect(validate(supergraph.schema, document)).toEqual([]);
    const operation = getOperationAST(document);
    return operation ? soleSubgraphOf(document, operation) : undefined;
  };

  it('runs a list, a lookup and a mutation of one subgraph on that subgraph', () => {
    expect(alone('{ inventory_items(per_page: 5) { data { id name quantity_on_hand } meta { total } } }')).toBe(inProcess.get('inventory'));
    expect(alone('query Orders { orders { data { id number customer { id name } lines { item_id quantity } } } }')).toBe(inProcess.get('crm'));
    expect(alone('mutation { create_customer(input: { name: "A" }) { id } }')).toBe(inProcess.get('crm'));
  });

  it('leaves to the gateway what crosses subgraphs, introspection and documents of several operations', () => {
    expect(alone('{ orders { data { id lines { item { name quantity_on_hand } } } } }')).toBeUndefined();
    expect(alone('{ inventory_items { data { id open_purchase_orders { id } } } }')).toBeUndefined();
    expect(alone('{ inventory_items { data { id } } orders { data { id } } }')).toBeUndefined();
    expect(alone('{ __schema { queryType { name } } inventory_items { data { id } } }')).toBeUndefined();
    expect(alone('{ inventory_items { data { id __type: name } } __type(name: "Order") { name } }')).toBeUndefined();
    expect(alone('{ __typename }')).toBeUndefined();
    const twoOperations = parse('query A { inventory_items { data { id } } } query B { orders { data { id } } }');
    expect(soleSubgraphOf(twoOperations, getOperationAST(twoOperations, 'A') as never)).toBeUndefined();
  });
});

import type { RestFacadeContract } from '@platform/rest-facade';
import type { Supergraph } from '../supergraph/supergraph.ts';
import type { SubgraphModule } from '../supergraph/subgraphs.ts';

/** What the REST facade serves under `basePath`: the supergraph's API schema and every domain's routes, tags and rules. */
export function restFacadeContract(modules: SubgraphModule[], supergraph: Pick<Supergraph, 'schema' | 'inputContract' | 'scopes'>, basePath: string): RestFacadeContract {
  return {
    schema: supergraph.schema,
    basePath,
    routes: Object.assign({}, ...modules.map((module) => module.restRoutes)),
    tags: Object.assign({}, ...modules.map((module) => module.restTags)),
    graphqlOnlyFields: modules.flatMap((module) => module.graphqlOnlyFields),
    inputContract: supergraph.inputContract,
    scopes: supergraph.scopes,
  };
}

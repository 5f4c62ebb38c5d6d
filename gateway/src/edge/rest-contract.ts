import { scopeCatalogue } from '@platform/auth';
import { platformEventTypes } from '@platform/events';
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
    examples: Object.assign({}, ...modules.map((module) => module.restExamples ?? {})),
    // Value sets the input rules restate in several places: one component each, referenced.
    enums: {
      ScopeName: { description: 'A scope a credential can hold (`/docs/errors` lists what each grants).', values: Object.keys(scopeCatalogue) },
      PlatformEventType: { description: 'A type of event the platform emits (clients publish their own under `custom.`).', values: Object.keys(platformEventTypes) },
    },
    graphqlOnlyFields: modules.flatMap((module) => module.graphqlOnlyFields),
    inputContract: supergraph.inputContract,
    scopes: supergraph.scopes,
  };
}

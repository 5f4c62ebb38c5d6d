import type { SubgraphModule } from '@platform/graphql-kit';
import { buildEventsSchema, eventsGraphqlOnlyFields, eventsRestExamples, eventsRestRoutes } from './schema/index.ts';
import { deleteEventsData } from './tenant-data.ts';

/** Events: the durable event log, custom events, webhook endpoints and their delivery log. */
export const eventsSubgraph: SubgraphModule = {
  name: 'events',
  buildSchema: buildEventsSchema,
  restRoutes: eventsRestRoutes,
  restExamples: eventsRestExamples,
  restTags: {
    Events: 'The event log and custom events.',
    Webhooks: 'Webhook endpoints, their deliveries, resends and replays.',
  },
  graphqlOnlyFields: eventsGraphqlOnlyFields,
  deleteTenantData: deleteEventsData,
};

import { type RestRoutes, createSubgraphBuilder } from '@platform/graphql-kit';
import type { GraphQLSchema } from 'graphql';
import { defineEventSchema, eventRestRoutes } from './events.ts';
import { defineEventSubscription } from './subscription.ts';
import { defineWebhookSchema, webhookRestExamples, webhookRestRoutes } from './webhooks.ts';

/** The events subgraph: the event log, custom events, webhook endpoints and their delivery log. */
export function buildEventsSchema(): GraphQLSchema {
  const builder = createSubgraphBuilder();
  builder.queryType({});
  builder.mutationType({});
  const { Event } = defineEventSchema(builder);
  defineEventSubscription(builder, Event);
  defineWebhookSchema(builder);
  return builder.toSubGraphSchema({ linkUrl: 'https://specs.apollo.dev/federation/v2.6' });
}

/** Navigation to the changed record: GraphQL only, so REST returns the flat envelope. */
export const eventsGraphqlOnlyFields = ['Event.order', 'Event.inventory_item'];

// Webhook routes first: their static paths must win over the `/events/:id` pattern.
export const eventsRestRoutes: RestRoutes = { ...webhookRestRoutes, ...eventRestRoutes };

export const eventsRestExamples: Record<string, unknown> = { ...webhookRestExamples };

import { type RestRoutes, createSubgraphBuilder } from '@platform/graphql-kit';
import type { GraphQLSchema } from 'graphql';
import { defineEventAggregates, eventAggregateRestRoutes } from './aggregates.ts';
import { defineEventSchema, eventRestRoutes } from './events.ts';
import { defineEventSubscription } from './subscription.ts';
import { defineWebhookSchema, webhookRestExamples, webhookRestRoutes } from './webhooks.ts';

/** The events subgraph: the event log, custom events, webhook endpoints and their delivery log. */
export function buildEventsSchema(): GraphQLSchema {
  const builder = createSubgraphBuilder();
  builder.queryType({});
  builder.mutationType({});
  const events = defineEventSchema(builder);
  defineEventSubscription(builder, events.Event);
  const webhooks = defineWebhookSchema(builder);
  defineEventAggregates(builder, { ...events, ...webhooks });
  return builder.toSubGraphSchema({ linkUrl: 'https://specs.apollo.dev/federation/v2.6' });
}

/** Navigation to the changed record: GraphQL only, so REST returns the flat envelope. */
export const eventsGraphqlOnlyFields = ['Event.order', 'Event.inventory_item'];

// Aggregate and webhook routes first: their static paths must win over the `/events/:id` and `/events/webhook-deliveries/:id` patterns.
export const eventsRestRoutes: RestRoutes = { ...eventAggregateRestRoutes, ...webhookRestRoutes, ...eventRestRoutes };

export const eventsRestExamples: Record<string, unknown> = { ...webhookRestExamples };

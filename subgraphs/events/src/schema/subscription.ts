import type { EventEnvelope } from '@platform/events';
import type { SubgraphBuilder, SubgraphSchemaTypes } from '@platform/graphql-kit';
import type { ObjectRef } from '@pothos/core';

/**
 * `subscription { events(types: [...]) { ... } }`: live events of the caller's tenant. The field
 * is declared here so that it is part of the supergraph's API schema (Yoga and graphql-ws validate
 * against it); it is executed at the edge, not by this subgraph or the gateway (Apollo Gateway
 * executes no subscriptions): see gateway/src/edge/plugins/use-subscriptions.ts.
 */
export function defineEventSubscription(builder: SubgraphBuilder, Event: ObjectRef<SubgraphSchemaTypes, EventEnvelope>): void {
  builder.subscriptionType({});
  builder.subscriptionField('events', (t) =>
    t.field({
      type: Event,
      description: 'Events of your tenant as they happen, of the given types (default: every type your scopes allow). Needs `events:read` and, for each type, the scope that reads its record (`order.created`: `crm:read`).',
      authScopes: { scope: 'events:read' },
      args: { types: t.arg.stringList({ required: false, description: 'Event types to receive, e.g. `["order.created", "custom.invoice.exported"]`.' }) },
      subscribe: (): AsyncIterable<EventEnvelope> => {
        throw new Error('subscriptions are executed at the edge, not by the events subgraph');
      },
      resolve: (event) => event,
    }),
  );
}

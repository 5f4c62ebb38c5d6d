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
      description: 'Events of your tenant in the order of the event log, as they happen (or from `after` on), of the given types (default: every type your scopes allow). Needs `events:read` and, for each type, the scope that reads its record (`order.created`: `crm:read`).',
      authScopes: { scope: 'events:read' },
      args: {
        types: t.arg.stringList({ required: false, description: 'Event types to receive, e.g. `["order.created", "custom.invoice.exported"]`.' }),
        after: t.arg.string({
          required: false,
          description:
            'Resume after this event (`evt_…`, the last one received): first the events of the log that followed it (of these types, that your scopes allow; at most 1,000, else `resume_too_far_behind`), then the live ones, in the log\'s order (`occurred_at`, `id`), none missed or repeated. An id not in your tenant\'s log (unknown, or older than the log keeps): `not_found`. Over SSE, the `Last-Event-ID` header does the same.',
        }),
      },
      subscribe: (): AsyncIterable<EventEnvelope> => {
        throw new Error('subscriptions are executed at the edge, not by the events subgraph');
      },
      resolve: (event) => event,
    }),
  );
}

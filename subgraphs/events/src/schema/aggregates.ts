import { Prisma } from '@platform/db';
import { CUSTOM_EVENT_PREFIX } from '@platform/events';
import {
  type AggregateCaller,
  type AggregateDeclaration,
  type RestRoutes,
  type SubgraphBuilder,
  aggregateRoute,
  atOrAfter,
  before,
  defineAggregateField,
  equalTo,
  inputRules,
} from '@platform/graphql-kit';
import { receivableTypes } from '../repositories/events.ts';
import { checkEventTypeFilter, type defineEventSchema, eventTypeFilter } from './events.ts';
import type { defineWebhookSchema } from './webhooks.ts';

/** The events the caller may receive, as the list shows them: the platform types its scopes read, `custom.` with `events:read`. */
function receivableEvents(caller: AggregateCaller): Prisma.Sql {
  const { platformTypes, custom } = receivableTypes(caller.scopes);
  return custom ? Prisma.sql`(r.type = ANY(${platformTypes}) OR r.type LIKE ${`${CUSTOM_EVENT_PREFIX}%`})` : Prisma.sql`r.type = ANY(${platformTypes})`;
}

export function eventAggregates({ EventSourceType }: ReturnType<typeof defineEventSchema>): AggregateDeclaration {
  return {
    name: 'events',
    typeName: 'Event',
    records: 'events',
    scope: 'events:read',
    from: 'events r',
    filters: {
      type: {
        arg: (arg) => arg.string({ required: false, description: 'Only events of this type. A type the credential may not receive is `insufficient_scope` naming the scope it needs.', extensions: inputRules(eventTypeFilter) }),
        // A type the caller may not receive is refused as the list refuses it.
        where: (type: string, caller) => {
          checkEventTypeFilter(type, caller.scopes);
          return Prisma.sql`r.type = ${type}`;
        },
      },
      resource_id: equalTo('r.resource_id', (arg) => arg.string({ required: false, description: 'Only events about this record (`resource.id`: an order id, a SKU, an invoice id, …).' })),
      occurred_after: atOrAfter('r.occurred_at', (arg) => arg({ type: 'DateTime', required: false, description: 'Only events that occurred at or after this instant.' })),
      occurred_before: before('r.occurred_at', (arg) => arg({ type: 'DateTime', required: false, description: 'Only events that occurred before this instant.' })),
    },
    dimensions: {
      type: { sql: 'r.type', type: 'String', description: 'The event type (`order.created`, `custom.…`).' },
      source_type: { sql: "r.source->>'type'", type: EventSourceType, description: 'What produced the event: `api`, `platform`, `connector`, `workflow` or `ai_task`.' },
      resource_type: { sql: 'r.resource_type', type: 'String', description: 'The kind of record the event is about (`order`, `inventory_item`, …); null for custom events.' },
    },
    times: { occurred_at: { sql: 'r.occurred_at', description: 'When the event was recorded.' } },
    distinct: { resource_id: { sql: 'r.resource_id', description: 'Records the events are about.' } },
    restrict: receivableEvents,
  };
}

/** The attempts of the delivery `r` (indexed by tenant, delivery and time). */
const ATTEMPTS = 'FROM webhook_attempts a WHERE a.tenant_id = r.tenant_id AND a.delivery_id = r.id';

export function webhookDeliveryAggregates({ WebhookDeliveryStatusEnum, WebhookDeliveryTriggerEnum }: ReturnType<typeof defineWebhookSchema>): AggregateDeclaration {
  return {
    name: 'webhook_deliveries',
    typeName: 'WebhookDelivery',
    records: 'webhook deliveries',
    scope: 'webhooks:read',
    from: 'webhook_deliveries r',
    filters: {
      endpoint_id: equalTo('r.endpoint_id', (arg) => arg.string({ required: false, description: 'Only deliveries to this endpoint (`we_…`). Unlike the list, optional: without it, the deliveries to every endpoint.' })),
      status: equalTo('r.status', (arg) => arg({ type: WebhookDeliveryStatusEnum, required: false, description: 'Only deliveries in this status.' }), 'webhook_delivery_status'),
      event_id: equalTo('r.event_id', (arg) => arg.string({ required: false, description: 'Only deliveries of this event.' })),
    },
    dimensions: {
      endpoint_id: { sql: 'r.endpoint_id', type: 'String', description: 'The endpoint (`we_…`).' },
      status: { sql: 'r.status', type: WebhookDeliveryStatusEnum, description: '`pending`, `succeeded` or `failed`.' },
      trigger: { sql: 'r.trigger', type: WebhookDeliveryTriggerEnum, description: '`event`, `resend` or `replay`.' },
      response_class: {
        sql: `(SELECT (a.response_status / 100)::text || 'xx' ${ATTEMPTS} ORDER BY a.attempted_at DESC, a.id DESC LIMIT 1)`,
        type: 'String',
        description: 'The class of the status of the last attempt’s response (`2xx`, `4xx`, `5xx`, …); null before any attempt or when no response arrived.',
      },
    },
    times: {
      created_at: { sql: 'r.created_at', description: 'Creation of the delivery.' },
      completed_at: { sql: 'r.completed_at', description: 'Success or final failure.' },
    },
    measures: {
      attempts: { sql: 'r.attempt_count', description: 'Attempts made per delivery.' },
      attempts_duration_ms: { sql: `(SELECT sum(a.duration_ms) ${ATTEMPTS})`, description: 'Milliseconds spent on the attempts of a delivery (sending to response or failure, summed); null before any attempt.' },
      completion_ms: { sql: 'extract(epoch FROM r.completed_at - r.created_at) * 1000', description: 'Milliseconds from the creation of a delivery to its success or final failure; null while pending.' },
    },
    distinct: { event_id: { sql: 'r.event_id', description: 'Events delivered.' }, endpoint_id: { sql: 'r.endpoint_id', description: 'Endpoints.' } },
  };
}

/** The events subgraph's aggregates: `events_aggregate` and `webhook_deliveries_aggregate`. */
export function defineEventAggregates(builder: SubgraphBuilder, refs: ReturnType<typeof defineEventSchema> & ReturnType<typeof defineWebhookSchema>): void {
  defineAggregateField(builder, eventAggregates(refs));
  defineAggregateField(builder, webhookDeliveryAggregates(refs));
}

export const eventAggregateRestRoutes: RestRoutes = {
  ...aggregateRoute('events', '/events/aggregate', ['Events']),
  ...aggregateRoute('webhook_deliveries', '/events/webhook-deliveries/aggregate', ['Webhooks']),
};

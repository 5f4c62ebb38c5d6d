import { ApiError, fieldErrors } from '@platform/errors';
import { type EnvelopeSource, type EventEnvelope, envelopeOf, mayReceive, scopeToReceive } from '@platform/events';
import {
  type RestRoutes,
  type SubgraphBuilder,
  type SubgraphContext,
  batchLoader,
  eventSourceOf,
  inputRules,
  listEnvelope,
  listOrder,
  listWindow,
  paginationArgs,
  parseArgument,
  parseInput,
  sortArg,
} from '@platform/graphql-kit';
import { findEvent, findEvents, listEvents } from '../repositories/events.ts';
import { eventType, publishEventRules } from './rules.ts';

/** The `type` filter: an event type, or nothing. */
export const eventTypeFilter = eventType.nullish();

/** Checks a `type` filter against the caller's scopes: a type it may not receive is refused, naming the scope it needs. */
export function checkEventTypeFilter(type: string, scopes: ReadonlySet<string>): void {
  const scope = scopeToReceive(parseArgument('type', eventTypeFilter, type) ?? '');
  if (scope === undefined) throw fieldErrors('invalid_parameter', 'type', `${type} is not an event type.`);
  if (!scopes.has(scope)) throw new ApiError('insufficient_scope', `Receiving ${type} events requires the scope ${scope}.`, { required_scope: scope });
}

export const EVENT_SCOPES = ['events:read', 'events:write'];
const EVENT_SORT_KEYS = { occurred_at: 'timestamp' } as const;
const DEFAULT_EVENT_SORT = '-occurred_at';

export function notFoundEvent(id: string): ApiError {
  return new ApiError('not_found', `No event ${id} exists in this tenant.`);
}

/**
 * Events by id, batched (entity references), each only when the credential may receive its type:
 * an event the caller may not see is treated as one that does not exist.
 */
function receivableEventLoader(context: SubgraphContext) {
  return batchLoader(
    context,
    'events.event',
    async (ids: readonly string[]) => (await findEvents(context.prisma, context.principal.tenantId, ids)).filter((event) => mayReceive(event.type, context.principal.scopes)),
    (event) => event.id,
  );
}

/**
 * The event log: `Event` (the envelope every consumer sees: REST, webhook bodies, GraphQL
 * subscriptions), listing and reading it, and publishing custom events.
 */
export function defineEventSchema(builder: SubgraphBuilder) {
  const EventResource = builder.objectRef<{ type: string; id: string }>('EventResource').implement({
    description: 'The record an event is about.',
    authScopes: { anyScope: EVENT_SCOPES },
    fields: (t) => ({
      type: t.exposeString('type', { description: 'The kind of record: `order`, `inventory_item`, `invoice`, `sync_job` (later `workflow_run`, `ai_query`).' }),
      id: t.exposeString('id', { description: 'The record’s id (`ord_…`, a SKU, `inv_…`, …), as its own REST resource names it.' }),
    }),
  });

  const EventSourceType = builder.enumType('EventSourceType', {
    description: 'What produced an event.',
    values: {
      api: { description: 'A request of a credential (REST or GraphQL); `credential_id` and `request_id` name it.' },
      platform: { description: 'The platform itself: a rule or a background job.' },
      connector: { description: 'A connected channel (integrations).' },
      workflow: { description: 'An automation workflow.' },
      ai_task: { description: 'A write of an AI agent task; `credential_id` is the task (`ait_…`).' },
    } as const,
  });

  const EventSourceInfo = builder.objectRef<EnvelopeSource>('EventSourceInfo').implement({
    description: 'What produced an event.',
    authScopes: { anyScope: EVENT_SCOPES },
    fields: (t) => ({
      type: t.field({ type: EventSourceType, resolve: (source) => source.type, description: '`api`, `platform`, `connector`, `workflow` or `ai_task`.' }),
      credential_id: t.string({
        nullable: true,
        resolve: (source) => source.credential_id ?? null,
        description: 'For `api`: the OAuth client (`cli_…`) or API key (`key_…`) whose request produced the event; for `connector` the connector (`con_…`), for `workflow` the workflow (`wf_…`); else null.',
      }),
      request_id: t.string({ nullable: true, resolve: (source) => source.request_id ?? null, description: 'For `api`: the `X-Request-Id` of that request (`req_…`); else null.' }),
      workflow_run_id: t.string({ nullable: true, resolve: (source) => source.workflow_run_id ?? null, description: 'For `workflow`: the run (`wfr_…`) whose step produced the event; else null.' }),
      chain_depth: t.int({
        nullable: true,
        resolve: (source) => source.chain_depth ?? null,
        description: 'For `workflow`: how deep that run is in a chain of runs triggering runs (1: started by the API, a schedule or an event no run produced). A run this event triggers is one deeper; past the limit it is not started (loop protection).',
      }),
    }),
  });

  // Owned and described by CRM and inventory (descriptions here would replace theirs in the
  // supergraph); the events subgraph only points at them.
  const OrderRef = builder.externalRef('Order', builder.selection<{ id: string }>('id')).implement({ fields: (t) => ({ id: t.exposeString('id') }) });
  const InventoryItemRef = builder.externalRef('InventoryItem', builder.selection<{ id: string }>('id')).implement({ fields: (t) => ({ id: t.exposeString('id') }) });

  const Event = builder.objectRef<EventEnvelope>('Event').implement({
    description:
      'Something that happened in a tenant: a platform event (`order.created`, `inventory.stock.low`, …) or a custom event a client published (`custom.…`). The same envelope is the REST record, the body of every webhook delivery and the payload of the `events` subscription. Events are immutable and kept in an append-only log.',
    authScopes: { anyScope: EVENT_SCOPES },
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Event identifier (`evt_…`). Also the `webhook-id` header of every delivery of the event, retries and resends included: deduplicate by it.' }),
      type: t.exposeString('type', { description: 'The event type: a platform type such as `order.created`, or `custom.…` for events clients publish.' }),
      tenant_id: t.exposeString('tenant_id', { description: 'The tenant the event belongs to (`ten_…`).' }),
      occurred_at: t.field({ type: 'DateTime', resolve: (event) => new Date(event.occurred_at), description: 'When the event was recorded, in the transaction of the change that caused it.' }),
      data: t.field({
        type: 'JSON',
        resolve: (event) => event.data,
        description: 'For a platform event, the record as the REST API showed it at the time of the event (an `order.created` carries the order); for a custom event, the JSON object its publisher sent.',
      }),
      resource: t.field({ type: EventResource, nullable: true, resolve: (event) => event.resource, description: 'The record the event is about; null for custom events.' }),
      source: t.field({ type: EventSourceInfo, resolve: (event) => event.source, description: 'What produced the event.' }),
      order: t.field({
        type: OrderRef,
        nullable: true,
        description: 'The order the event is about when `resource.type` is `order`, else null; resolved by CRM (GraphQL only; needs `crm:read`).',
        resolve: (event) => (event.resource?.type === 'order' ? { id: event.resource.id } : null),
      }),
      inventory_item: t.field({
        type: InventoryItemRef,
        nullable: true,
        description: 'The inventory item the event is about when `resource.type` is `inventory_item`, else null; resolved by inventory (GraphQL only; needs `inventory:read`).',
        resolve: (event) => (event.resource?.type === 'inventory_item' ? { id: event.resource.id } : null),
      }),
    }),
  });

  builder.asEntity(Event, {
    key: builder.selection<{ id: string }>('id'),
    resolveReference: ({ id }, context) => receivableEventLoader(context).load(id),
  });

  const EventList = listEnvelope(builder, 'EventList', Event);

  const PublishEventInput = builder.inputType('PublishEventInput', {
    extensions: inputRules(publishEventRules),
    description: 'A custom event to publish.',
    fields: (t) => ({
      type: t.string({
        required: true,
        description: 'The event type: `custom.` followed by 1 to 5 dot-separated segments of lower-case letters, digits and `_` (`custom.invoice.exported`), at most 100 characters. Platform types cannot be published.',
      }),
      data: t.field({ type: 'JSON', required: true, description: 'The payload: a JSON object of at most 64 KiB (its JSON encoding). Stored as JSON: key order is not kept.' }),
    }),
  });

  builder.queryFields((t) => ({
    events: t.field({
      type: EventList,
      description:
        'Events of the tenant, newest first by default. Lists only the types the credential may receive: `events:read` and, for a platform type, the scope that reads its record (`order.created` needs `crm:read`, `inventory.stock.low` `inventory:read`, `invoice.*` `finance:read`).',
      authScopes: { scope: 'events:read' },
      args: {
        type: t.arg.string({ required: false, description: 'Only events of this type. A type the credential may not receive is `insufficient_scope` naming the scope it needs.', extensions: inputRules(eventTypeFilter) }),
        resource_id: t.arg.string({ required: false, description: 'Only events about this record (`resource.id`: an order id, a SKU, an invoice id, …).' }),
        occurred_after: t.arg({ type: 'DateTime', required: false, description: 'Only events that occurred at or after this instant.' }),
        occurred_before: t.arg({ type: 'DateTime', required: false, description: 'Only events that occurred before this instant.' }),
        sort: sortArg(t.arg, Object.keys(EVENT_SORT_KEYS), DEFAULT_EVENT_SORT),
        ...paginationArgs(t),
      },
      resolve: (_root, args, { prisma, principal }, info) => {
        if (args.type != null) checkEventTypeFilter(args.type, principal.scopes);
        return listEvents(prisma, principal.tenantId, principal.scopes, args, listWindow(args, 'events', listOrder(args.sort, EVENT_SORT_KEYS, DEFAULT_EVENT_SORT), info));
      },
    }),
    event: t.field({
      type: Event,
      description: 'One event by id. An event of a type the credential may not receive is `not_found`, as if it did not exist.',
      authScopes: { scope: 'events:read' },
      args: { id: t.arg.string({ required: true, description: 'The event id (`evt_…`).' }) },
      resolve: async (_root, { id }, { prisma, principal }) => {
        const row = await findEvent(prisma, principal.tenantId, id);
        if (!row || !mayReceive(row.type, principal.scopes)) throw notFoundEvent(id);
        return envelopeOf(row);
      },
    }),
  }));

  builder.mutationFields((t) => ({
    publish_event: t.field({
      type: Event,
      description:
        'Publishes a custom event (`custom.…`): it is recorded in the event log and delivered to the webhook endpoints subscribed to its type and to live subscribers, like a platform event. `source` names the credential and request.',
      authScopes: { scope: 'events:write' },
      args: { input: t.arg({ type: PublishEventInput, required: true, description: 'The event (REST: the JSON body).' }) },
      resolve: (_root, { input }, context) => {
        const event = parseInput(publishEventRules, input);
        const tenantId = context.principal.tenantId;
        return context.audit.recordChange(
          'event.publish',
          async (tx) => {
            const { id } = await context.platform.events.emit(tx, tenantId, { type: event.type, data: event.data }, eventSourceOf(context));
            const row = await findEvent(tx, tenantId, id);
            if (!row) throw new Error(`event ${id} was emitted but cannot be read back`);
            return envelopeOf(row);
          },
          (published) => published.id,
        );
      },
    }),
  }));

  return { Event, EventSourceType };
}

export const eventRestRoutes: RestRoutes = {
  'Query.events': { method: 'GET', path: '/events', tags: ['Events'] },
  'Query.event': { method: 'GET', path: '/events/:id', tags: ['Events'] },
  'Mutation.publish_event': { method: 'POST', path: '/events', responseStatus: 201, tags: ['Events'] },
};

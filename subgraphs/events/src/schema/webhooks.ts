import { type Prisma, type WebhookEndpointStatus, newId } from '@platform/db';
import { ApiError, type FieldError } from '@platform/errors';
import { generateSigningSecret, mayReceive } from '@platform/events';
import {
  type RestRoutes,
  type SubgraphBuilder,
  type SubgraphContext,
  type SubgraphSchemaTypes,
  assertCurrentVersion,
  batchLoader,
  inputRules,
  listEnvelope,
  listOrder,
  listWindow,
  paginationArgs,
  parseInput,
  patchChanges,
  sortArg,
  recordActionArgs,
  VERSION_DESCRIPTION
} from '@platform/graphql-kit';
import type { ObjectFieldBuilder } from '@pothos/core';
import type { z } from 'zod';
import { attemptsOf, type AttemptRecord, type DeliveryRecord, findDelivery, listDeliveries } from '../repositories/deliveries.ts';
import { type EndpointRecord, countEndpointsForRegistration, createEndpoint, deleteEndpoint, findEndpoint, listEndpoints, lockEndpoint, updateEndpoint } from '../repositories/endpoints.ts';
import { eventIdsInRange, findEvent } from '../repositories/events.ts';
import { MAX_REPLAY_EVENTS, MAX_SECRET_OVERLAP_SECONDS, createEndpointRules, replayRules, rotateSecretRules, updateEndpointRules } from './rules.ts';

export const WEBHOOK_SCOPES = ['webhooks:read', 'webhooks:write'];
const ENDPOINT_SORT_KEYS = { created_at: 'timestamp' } as const;
const DELIVERY_SORT_KEYS = { created_at: 'timestamp' } as const;
const DEFAULT_SORT = '-created_at';
/** `disabled_reason` of an endpoint a client disabled. */
const DISABLED_BY_TENANT = 'Disabled through the API.';

type EndpointWithSecret = EndpointRecord & { secret: string };
type EndpointAction = 'update' | 'delete' | 'disable' | 'enable' | 'rotate_secret';

function notFoundEndpoint(id: string): ApiError {
  return new ApiError('not_found', `No webhook endpoint ${id} exists in this tenant.`);
}

/** Refused fields: a 400 when the body breaks its published schema, else a 422 (a rule the schema cannot state). */
function validationFailed(errors: FieldError[], breaksSchema = false): ApiError {
  return new ApiError(breaksSchema ? 'validation_failed' : 'rule_violation', `The request is invalid: ${errors.map((error) => `${error.field}: ${error.message}`).join('; ')}`, { errors });
}

function issuesOf(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
}

/**
 * An endpoint's input checked by its rules, and its URL by the platform's URL policy (form,
 * public addresses only, HTTPS for production tenants): every field at fault reported at once.
 */
async function endpointInput<Schema extends z.ZodType<{ url?: string | undefined }>>(context: SubgraphContext, schema: Schema, input: unknown): Promise<z.infer<Schema>> {
  const result = schema.safeParse(input);
  const errors = result.success ? [] : issuesOf(result.error);
  // The URL is checked even when other fields are at fault, so that one answer names every problem.
  const given = (input as { url?: unknown }).url;
  const url = result.success ? result.data.url : typeof given === 'string' && !errors.some((error) => error.field === 'url') ? given.trim() : undefined;
  if (url !== undefined) {
    const verdict = await context.platform.events.checkEndpointUrl(context.principal.tenantId, url);
    if (!verdict.ok) errors.push({ field: 'url', message: verdict.reason });
  }
  if (errors.length > 0 || !result.success) throw validationFailed(errors, !result.success && result.error.issues.some((issue) => issue.code !== 'custom'));
  return result.data;
}

function attemptsLoader(context: SubgraphContext) {
  return batchLoader(context, 'events.delivery.attempts', (ids: readonly string[]) => attemptsOf(context.prisma, context.principal.tenantId, ids), (attempt) => attempt.delivery_id, { groupBy: true });
}

/** The previous secret's expiry while it still signs; null once it has expired or when there is none. */
function previousSecretExpiry(endpoint: EndpointRecord): Date | null {
  return endpoint.previous_secret_ciphertext && endpoint.previous_secret_expires_at && endpoint.previous_secret_expires_at > new Date() ? endpoint.previous_secret_expires_at : null;
}

/**
 * Webhook endpoints (URLs receiving the events they subscribe to, signed per Standard Webhooks),
 * their delivery log, and resend, replay and ping.
 */
export function defineWebhookSchema(builder: SubgraphBuilder) {
  const WebhookEndpointStatusEnum = builder.enumType('WebhookEndpointStatus', {
    description: 'Whether an endpoint receives deliveries.',
    values: {
      enabled: { description: 'Receives a delivery of every event of its types.' },
      disabled: { description: 'Receives nothing; pending deliveries fail. Disabled by a client, or by the platform after a 410 Gone or a delivery that failed every attempt (`disabled_reason` says which).' },
    } as const,
  });
  const WebhookDeliveryStatusEnum = builder.enumType('WebhookDeliveryStatus', {
    description: 'Where a delivery is.',
    values: {
      pending: { description: 'Not yet delivered: the first attempt is due, or a retry is scheduled at `next_attempt_at`.' },
      succeeded: { description: 'An attempt got a 2xx response.' },
      failed: { description: 'Given up: every attempt failed, the endpoint answered 410 Gone, or the endpoint was disabled; `failure_reason` says which.' },
    } as const,
  });
  const WebhookDeliveryTriggerEnum = builder.enumType('WebhookDeliveryTrigger', {
    description: 'Why a delivery was made.',
    values: {
      event: { description: 'The event happened and the endpoint subscribes to its type.' },
      resend: { description: 'A client resent the event (`POST …/resend`).' },
      replay: { description: 'A client replayed a time range (`POST …/replay`).' },
    } as const,
  });

  const endpointFields = (t: ObjectFieldBuilder<SubgraphSchemaTypes, EndpointRecord>) => ({
    id: t.exposeString('id', { description: 'Endpoint identifier (`we_…`), assigned by the platform.' }),
    url: t.exposeString('url', { description: 'Where deliveries are POSTed: a public HTTPS URL (HTTP is allowed for sandbox tenants).' }),
    description: t.exposeString('description', { nullable: true, description: 'Your note on the endpoint, up to 500 characters.' }),
    event_types: t.exposeStringList('event_types', { description: 'The event types delivered to it: platform types (`order.created`) and custom types (`custom.…`).' }),
    status: t.field({ type: WebhookEndpointStatusEnum, resolve: (endpoint) => endpoint.status, description: '`enabled` or `disabled`.' }),
    disabled_reason: t.exposeString('disabled_reason', {
      nullable: true,
      description: 'Why the endpoint is disabled: `Disabled through the API.`, or the platform’s reason (a 410 Gone, or deliveries that failed every attempt, with the last outcome). Null while enabled.',
    }),
    disabled_at: t.expose('disabled_at', { type: 'DateTime', nullable: true, description: 'When the endpoint was disabled; null while enabled.' }),
    previous_secret_expires_at: t.field({
      type: 'DateTime',
      nullable: true,
      resolve: previousSecretExpiry,
      description: 'After a secret rotation, until when the previous secret still signs deliveries beside the new one (two signatures in `webhook-signature`); null when only one secret signs.',
    }),
    version: t.exposeInt('version', { description: 'Incremented by every change and action (the platform disabling it too); send it back as `version` (or REST `If-Match`) to refuse a change based on a stale read.' }),
    created_at: t.expose('created_at', { type: 'DateTime', description: 'When the endpoint was registered.' }),
    updated_at: t.expose('updated_at', { type: 'DateTime', description: 'When the endpoint last changed.' }),
  });

  const WebhookEndpoint = builder.objectRef<EndpointRecord>('WebhookEndpoint').implement({
    description:
      'A URL of yours that receives the events it subscribes to, each as a POST signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`) with the endpoint’s signing secret. The secret is shown only when the endpoint is created and when it is rotated.',
    authScopes: { anyScope: WEBHOOK_SCOPES },
    fields: (t) => endpointFields(t),
  });

  const WebhookEndpointWithSecret = builder.objectRef<EndpointWithSecret>('WebhookEndpointWithSecret').implement({
    description: 'A webhook endpoint with its signing secret: the answer of creating an endpoint and of rotating its secret, the only times the secret is shown. Store it; it cannot be read again.',
    authScopes: { anyScope: WEBHOOK_SCOPES },
    fields: (t) => ({
      // The same fields as WebhookEndpoint: an EndpointWithSecret is an EndpointRecord.
      ...endpointFields(t as unknown as ObjectFieldBuilder<SubgraphSchemaTypes, EndpointRecord>),
      secret: t.exposeString('secret', { description: 'The signing secret (`whsec_…`, Standard Webhooks form). Verify deliveries with it, e.g. `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package.' }),
    }),
  });

  const WebhookAttempt = builder.objectRef<AttemptRecord>('WebhookAttempt').implement({
    description: 'One HTTP request of a delivery.',
    authScopes: { anyScope: WEBHOOK_SCOPES },
    fields: (t) => ({
      attempted_at: t.expose('attempted_at', { type: 'DateTime', description: 'When the request was sent.' }),
      response_status: t.exposeInt('response_status', { nullable: true, description: 'The HTTP status of the response; null when none arrived (see `error`).' }),
      duration_ms: t.exposeInt('duration_ms', { description: 'Milliseconds from sending the request to the response (or the failure).' }),
      response_excerpt: t.exposeString('response_excerpt', { nullable: true, description: 'The first 1,000 bytes of the response body; null when none arrived.' }),
      error: t.exposeString('error', { nullable: true, description: 'Why no response arrived (connection refused, timeout, address refused); null when one did.' }),
    }),
  });

  const WebhookDelivery = builder.objectRef<DeliveryRecord>('WebhookDelivery').implement({
    description: 'One event sent to one endpoint, with every attempt made. Failed attempts are retried on a schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h).',
    authScopes: { anyScope: WEBHOOK_SCOPES },
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Delivery identifier (`wd_…`).' }),
      endpoint_id: t.exposeString('endpoint_id', { description: 'The endpoint (`we_…`).' }),
      event_id: t.exposeString('event_id', { description: 'The event delivered (`evt_…`): also the `webhook-id` header of every attempt.' }),
      event_type: t.exposeString('event_type', { description: 'The type of that event.' }),
      trigger: t.field({ type: WebhookDeliveryTriggerEnum, resolve: (delivery) => delivery.trigger, description: '`event`, `resend` or `replay`.' }),
      status: t.field({ type: WebhookDeliveryStatusEnum, resolve: (delivery) => delivery.status, description: '`pending`, `succeeded` or `failed`.' }),
      attempt_count: t.exposeInt('attempt_count', { description: 'Attempts made so far.' }),
      next_attempt_at: t.expose('next_attempt_at', { type: 'DateTime', nullable: true, description: 'When the next attempt is due while `pending`; null once the delivery is over.' }),
      failure_reason: t.exposeString('failure_reason', { nullable: true, description: 'Why a `failed` delivery gave up; else null.' }),
      created_at: t.expose('created_at', { type: 'DateTime', description: 'When the delivery was created.' }),
      completed_at: t.expose('completed_at', { type: 'DateTime', nullable: true, description: 'When it succeeded or failed for good; null while pending.' }),
      attempts: t.field({ type: [WebhookAttempt], description: 'The attempts, oldest first.', resolve: (delivery, _args, context) => attemptsLoader(context).load(delivery.id) }),
    }),
  });

  const WebhookRedeliveryResult = builder.objectRef<{ deliveries: number }>('WebhookRedeliveryResult').implement({
    description: 'What a resend or replay scheduled.',
    authScopes: { anyScope: WEBHOOK_SCOPES },
    fields: (t) => ({ deliveries: t.exposeInt('deliveries', { description: 'New deliveries created (trigger `resend` or `replay`), each sent at once and retried like any other.' }) }),
  });

  const WebhookPingResult = builder
    .objectRef<{ response_status: number | null; duration_ms: number; response_excerpt: string | null; error: string | null }>('WebhookPingResult')
    .implement({
      description: 'The outcome of a test request (`webhook.ping`) to an endpoint. Nothing is recorded in the delivery log.',
      authScopes: { anyScope: WEBHOOK_SCOPES },
      fields: (t) => ({
        response_status: t.exposeInt('response_status', { nullable: true, description: 'The HTTP status of the response; null when none arrived (see `error`).' }),
        duration_ms: t.exposeInt('duration_ms', { description: 'Milliseconds from sending the request to the response (or the failure).' }),
        response_excerpt: t.exposeString('response_excerpt', { nullable: true, description: 'The first 1,000 bytes of the response body.' }),
        error: t.exposeString('error', { nullable: true, description: 'Why no response arrived; null when one did.' }),
      }),
    });

  const WebhookEndpointList = listEnvelope(builder, 'WebhookEndpointList', WebhookEndpoint);
  const WebhookDeliveryList = listEnvelope(builder, 'WebhookDeliveryList', WebhookDelivery);

  const eventTypesDescription =
    'Event types to deliver, 1 to 50, no duplicates: platform types (`order.created`, `inventory.stock.low`, `invoice.paid`, …) and custom types (`custom.…`). The credential must hold the scope that receives each (`order.created`: `crm:read`; `invoice.*`: `finance:read`; custom types: `events:read`).';
  const CreateWebhookEndpointInput = builder.inputType('CreateWebhookEndpointInput', {
    extensions: inputRules(createEndpointRules(new Set())),
    description: 'A new webhook endpoint; it starts `enabled` with a new signing secret.',
    fields: (t) => ({
      url: t.string({ required: true, description: 'Where to POST deliveries: an absolute URL to a public address (not a private, loopback or link-local network), HTTPS for production tenants, at most 2048 characters, without credentials.' }),
      description: t.string({ required: false, description: 'Your note on the endpoint, up to 500 characters.' }),
      event_types: t.stringList({ required: true, description: eventTypesDescription }),
    }),
  });
  const UpdateWebhookEndpointInput = builder.inputType('UpdateWebhookEndpointInput', {
    extensions: inputRules(updateEndpointRules(new Set())),
    description: 'Fields to change; absent fields keep their value.',
    fields: (t) => ({
      url: t.string({ required: false, description: 'A new URL, under the same rules as at registration.' }),
      description: t.string({ required: false, description: 'A new note; empty clears it.' }),
      event_types: t.stringList({ required: false, description: `Replaces the event types. ${eventTypesDescription}` }),
      version: t.int({ required: false, description: 'The version the change is based on; if it is no longer current the change is refused with `version_conflict`.' }),
    }),
  });
  const RotateWebhookEndpointSecretInput = builder.inputType('RotateWebhookEndpointSecretInput', {
    extensions: inputRules(rotateSecretRules),
    description: 'How to rotate the signing secret.',
    fields: (t) => ({
      expire_previous_in_seconds: t.int({
        required: false,
        description: `How long the previous secret keeps signing beside the new one, 0 to ${MAX_SECRET_OVERLAP_SECONDS} (7 days). Default 86400 (24 hours). 0 stops it at once.`,
      }),
      version: t.int({ required: false, description: VERSION_DESCRIPTION }),
    }),
  });
  const ResendWebhookEventInput = builder.inputType('ResendWebhookEventInput', {
    description: 'The event to send again.',
    fields: (t) => ({ event_id: t.string({ required: true, description: 'An event (`evt_…`) of a type the endpoint subscribes to.' }) }),
  });
  const ReplayWebhookEventsInput = builder.inputType('ReplayWebhookEventsInput', {
    extensions: inputRules(replayRules),
    description: 'A time range of events to send again.',
    fields: (t) => ({
      occurred_after: t.field({ type: 'DateTime', required: true, description: 'Events that occurred at or after this instant…' }),
      occurred_before: t.field({ type: 'DateTime', required: true, description: `…and before this one. At most ${MAX_REPLAY_EVENTS.toLocaleString('en')} events of the endpoint’s types.` }),
    }),
  });

  builder.queryFields((t) => ({
    webhook_endpoints: t.field({
      type: WebhookEndpointList,
      description: 'Webhook endpoints, newest first by default. Secrets are never listed.',
      authScopes: { scope: 'webhooks:read' },
      args: {
        status: t.arg({ type: WebhookEndpointStatusEnum, required: false, description: 'Only endpoints in this status.' }),
        sort: sortArg(t.arg, Object.keys(ENDPOINT_SORT_KEYS), DEFAULT_SORT),
        ...paginationArgs(t),
      },
      resolve: (_root, args, { prisma, principal }, info) => listEndpoints(prisma, principal.tenantId, args, listWindow(args, 'webhook_endpoints', listOrder(args.sort, ENDPOINT_SORT_KEYS, DEFAULT_SORT), info)),
    }),
    webhook_endpoint: t.field({
      type: WebhookEndpoint,
      description: 'One webhook endpoint by id (without its secret).',
      authScopes: { scope: 'webhooks:read' },
      args: { id: t.arg.string({ required: true, description: 'The endpoint id (`we_…`).' }) },
      resolve: async (_root, { id }, { prisma, principal }) => (await findEndpoint(prisma, principal.tenantId, id)) ?? Promise.reject(notFoundEndpoint(id)),
    }),
    webhook_deliveries: t.field({
      type: WebhookDeliveryList,
      description: 'The delivery log of an endpoint, newest first by default: each delivery with its attempts.',
      authScopes: { scope: 'webhooks:read' },
      args: {
        endpoint_id: t.arg.string({ required: true, description: 'The endpoint (`we_…`).' }),
        status: t.arg({ type: WebhookDeliveryStatusEnum, required: false, description: 'Only deliveries in this status.' }),
        event_id: t.arg.string({ required: false, description: 'Only deliveries of this event.' }),
        sort: sortArg(t.arg, Object.keys(DELIVERY_SORT_KEYS), DEFAULT_SORT),
        ...paginationArgs(t),
      },
      resolve: async (_root, args, { prisma, principal }, info) => {
        const window = listWindow(args, 'webhook_deliveries', listOrder(args.sort, DELIVERY_SORT_KEYS, DEFAULT_SORT), info);
        if (!(await findEndpoint(prisma, principal.tenantId, args.endpoint_id))) throw notFoundEndpoint(args.endpoint_id);
        return listDeliveries(prisma, principal.tenantId, args.endpoint_id, args, window);
      },
    }),
    webhook_delivery: t.field({
      type: WebhookDelivery,
      description: 'One delivery by id, with its attempts.',
      authScopes: { scope: 'webhooks:read' },
      args: { id: t.arg.string({ required: true, description: 'The delivery id (`wd_…`).' }) },
      resolve: async (_root, { id }, { prisma, principal }) => (await findDelivery(prisma, principal.tenantId, id)) ?? Promise.reject(new ApiError('not_found', `No webhook delivery ${id} exists in this tenant.`)),
    }),
  }));

  /** Runs a change of a locked endpoint: version check, then `work`, in one audited transaction. */
  function changeEndpoint<T>(context: SubgraphContext, id: string, version: number | null | undefined, action: EndpointAction, work: (tx: Prisma.TransactionClient, endpoint: EndpointRecord) => Promise<T>): Promise<T> {
    return context.audit.recordChange(
      `webhook_endpoint.${action}`,
      async (tx) => {
        const endpoint = await lockEndpoint(tx, context.principal.tenantId, id);
        if (!endpoint) throw notFoundEndpoint(id);
        assertCurrentVersion(context, version, endpoint);
        return work(tx, endpoint);
      },
      () => id,
    );
  }

  const statusAction = (to: WebhookEndpointStatus) => (_root: unknown, args: { id: string; version?: number | null }, context: SubgraphContext) =>
    changeEndpoint(context, args.id, args.version, to === 'enabled' ? 'enable' : 'disable', (tx, endpoint) => {
      if (endpoint.status === to) throw new ApiError('invalid_state', `Webhook endpoint ${endpoint.id} is already ${to}.`, { current_status: endpoint.status });
      return updateEndpoint(tx, endpoint.tenant_id, endpoint.id, to === 'enabled' ? { status: 'enabled', disabled_reason: null, disabled_at: null } : { status: 'disabled', disabled_reason: DISABLED_BY_TENANT, disabled_at: new Date() });
    });

  /** The endpoint of a resend or replay: it exists and is enabled. */
  async function enabledEndpoint(context: SubgraphContext, tx: Prisma.TransactionClient, id: string): Promise<EndpointRecord> {
    const endpoint = await findEndpoint(tx, context.principal.tenantId, id);
    if (!endpoint) throw notFoundEndpoint(id);
    if (endpoint.status !== 'enabled') throw new ApiError('invalid_state', `Webhook endpoint ${id} is disabled; enable it before sending events to it again.`, { current_status: endpoint.status });
    return endpoint;
  }

  builder.mutationFields((t) => ({
    create_webhook_endpoint: t.field({
      type: WebhookEndpointWithSecret,
      description:
        'Registers a webhook endpoint for some event types, with a new signing secret (`whsec_…`) shown in this answer only. Every later event of those types is delivered to it. A tenant holds at most 20 endpoints by default, enabled or disabled: one more is refused with `quota_exceeded` (`limit: webhook_endpoints`, `maximum`).',
      authScopes: { scope: 'webhooks:write' },
      args: { input: t.arg({ type: CreateWebhookEndpointInput, required: true, description: 'The new endpoint (REST: the JSON body).' }) },
      resolve: async (_root, { input }, context) => {
        const data = await endpointInput(context, createEndpointRules(context.principal.scopes), input);
        const secret = generateSigningSecret();
        const { tenantId } = context.principal;
        const endpoint = await context.audit.recordChange(
          'webhook_endpoint.create',
          async (tx) => {
            const maximum = context.platform.events.maxWebhookEndpoints;
            if ((await countEndpointsForRegistration(tx, tenantId)) >= maximum) {
              throw new ApiError('quota_exceeded', `This tenant already has ${maximum} webhook endpoints, the most it may hold; delete one before registering another.`, { limit: 'webhook_endpoints', maximum });
            }
            return createEndpoint(tx, {
              tenant_id: tenantId,
              id: newId('we'),
              url: data.url,
              description: data.description,
              event_types: data.event_types,
              secret_ciphertext: context.platform.events.sealSecret(secret),
            });
          },
          (created) => created.id,
        );
        return { ...endpoint, secret };
      },
    }),
    update_webhook_endpoint: t.field({
      type: WebhookEndpoint,
      description: 'Changes an endpoint’s URL, description or event types. Deliveries already made or scheduled are not affected.',
      authScopes: { scope: 'webhooks:write' },
      args: { id: t.arg.string({ required: true, description: 'The endpoint id.' }), input: t.arg({ type: UpdateWebhookEndpointInput, required: true, description: 'The fields to change (REST: the JSON body).' }) },
      resolve: async (_root, { id, input }, context) => {
        const { version, ...changes } = await endpointInput(context, updateEndpointRules(context.principal.scopes), patchChanges(input));
        return changeEndpoint(context, id, version, 'update', (tx, endpoint) => updateEndpoint(tx, endpoint.tenant_id, endpoint.id, changes));
      },
    }),
    delete_webhook_endpoint: t.field({
      type: WebhookEndpoint,
      description: 'Deletes an endpoint with its delivery log and returns it as it was. Deliveries still pending are dropped.',
      authScopes: { scope: 'webhooks:write' },
      args: recordActionArgs(t.arg, 'endpoint'),
      resolve: (_root, { id, version }, context) =>
        changeEndpoint(context, id, version, 'delete', async (tx, endpoint) => {
          await deleteEndpoint(tx, endpoint.tenant_id, endpoint.id);
          return endpoint;
        }),
    }),
    disable_webhook_endpoint: t.field({
      type: WebhookEndpoint,
      description: 'Disables an enabled endpoint (already disabled: `invalid_state`): nothing is delivered to it, and its pending deliveries fail at their next attempt.',
      authScopes: { scope: 'webhooks:write' },
      args: recordActionArgs(t.arg, 'endpoint'),
      resolve: statusAction('disabled'),
    }),
    enable_webhook_endpoint: t.field({
      type: WebhookEndpoint,
      description:
        'Enables a disabled endpoint (already enabled: `invalid_state`) and clears `disabled_reason`. Events that occurred while it was disabled are not delivered by themselves: replay their time range.',
      authScopes: { scope: 'webhooks:write' },
      args: recordActionArgs(t.arg, 'endpoint'),
      resolve: statusAction('enabled'),
    }),
    rotate_webhook_endpoint_secret: t.field({
      type: WebhookEndpointWithSecret,
      description:
        'Gives the endpoint a new signing secret, shown in this answer only. The previous secret keeps signing beside the new one (two signatures in `webhook-signature`) for `expire_previous_in_seconds` (default 24 hours), so receivers can switch without missing a delivery. A secret older than that one is dropped.',
      authScopes: { scope: 'webhooks:write' },
      args: {
        id: t.arg.string({ required: true, description: 'The endpoint id.' }),
        input: t.arg({ type: RotateWebhookEndpointSecretInput, required: false, description: 'How long the previous secret keeps signing (REST: the JSON body, optional).' }),
      },
      resolve: (_root, { id, input }, context) => {
        const { expire_previous_in_seconds: overlap, version } = parseInput(rotateSecretRules, input ?? {});
        const secret = generateSigningSecret();
        return changeEndpoint(context, id, version, 'rotate_secret', async (tx, endpoint) => {
          const keepPrevious = overlap > 0;
          const rotated = await updateEndpoint(tx, endpoint.tenant_id, endpoint.id, {
            secret_ciphertext: context.platform.events.sealSecret(secret),
            previous_secret_ciphertext: keepPrevious ? endpoint.secret_ciphertext : null,
            previous_secret_expires_at: keepPrevious ? new Date(Date.now() + overlap * 1000) : null,
          });
          return { ...rotated, secret };
        });
      },
    }),
    resend_webhook_event: t.field({
      type: WebhookRedeliveryResult,
      description: 'Sends one event to the endpoint again, as a new delivery (trigger `resend`) with the same `webhook-id` (the event id). The endpoint must be enabled and subscribe to the event’s type.',
      authScopes: { scope: 'webhooks:write' },
      args: { id: t.arg.string({ required: true, description: 'The endpoint id.' }), input: t.arg({ type: ResendWebhookEventInput, required: true, description: 'The event (REST: the JSON body).' }) },
      resolve: (_root, { id, input }, context) => {
        const { tenantId, scopes } = context.principal;
        return context.audit.recordChange(
          'webhook_endpoint.resend',
          async (tx) => {
            const endpoint = await enabledEndpoint(context, tx, id);
            const event = await findEvent(tx, tenantId, input.event_id);
            if (!event || !mayReceive(event.type, scopes)) throw validationFailed([{ field: 'event_id', message: `no event ${input.event_id} exists in this tenant` }]);
            if (!endpoint.event_types.includes(event.type)) throw validationFailed([{ field: 'event_id', message: `is a ${event.type} event, a type the endpoint does not subscribe to` }]);
            return { deliveries: await context.platform.events.redeliver(tenantId, endpoint.id, [event.id], 'resend') };
          },
          () => id,
        );
      },
    }),
    replay_webhook_events: t.field({
      type: WebhookRedeliveryResult,
      description: `Sends every event of the endpoint’s types that occurred in a time range to it again, oldest first, as new deliveries (trigger \`replay\`, \`webhook-id\` the event id). At most ${MAX_REPLAY_EVENTS.toLocaleString('en')} events (more: \`validation_failed\`; split the range). The endpoint must be enabled.`,
      authScopes: { scope: 'webhooks:write' },
      args: { id: t.arg.string({ required: true, description: 'The endpoint id.' }), input: t.arg({ type: ReplayWebhookEventsInput, required: true, description: 'The time range (REST: the JSON body).' }) },
      resolve: (_root, { id, input }, context) => {
        const range = parseInput(replayRules, input);
        const { tenantId, scopes } = context.principal;
        return context.audit.recordChange(
          'webhook_endpoint.replay',
          async (tx) => {
            const endpoint = await enabledEndpoint(context, tx, id);
            const types = endpoint.event_types.filter((type) => mayReceive(type, scopes));
            const { total, ids } = await eventIdsInRange(tx, tenantId, types, range.occurred_after, range.occurred_before, MAX_REPLAY_EVENTS);
            if (total > MAX_REPLAY_EVENTS) {
              throw validationFailed([{ field: 'occurred_before', message: `the range holds ${total} events of the endpoint’s types; a replay sends at most ${MAX_REPLAY_EVENTS}: split it` }]);
            }
            return { deliveries: ids.length === 0 ? 0 : await context.platform.events.redeliver(tenantId, endpoint.id, ids, 'replay') };
          },
          () => id,
        );
      },
    }),
    ping_webhook_endpoint: t.field({
      type: WebhookPingResult,
      description:
        'Sends a signed test request (type `webhook.ping`, a fresh `webhook-id`, `data: { endpoint_id }`) to the endpoint now, whatever its status and event types, and answers with the outcome. Nothing is retried or recorded in the delivery log.',
      authScopes: { scope: 'webhooks:write' },
      args: { id: t.arg.string({ required: true, description: 'The endpoint id.' }) },
      resolve: async (_root, { id }, context) => {
        if (!(await findEndpoint(context.prisma, context.principal.tenantId, id))) throw notFoundEndpoint(id);
        return context.platform.events.ping(context.principal.tenantId, id);
      },
    }),
  }));

  return { WebhookDeliveryStatusEnum, WebhookDeliveryTriggerEnum };
}

/** Static paths before the `/events/:id` pattern, which would otherwise take `webhook-endpoints` for an id. */
export const webhookRestRoutes: RestRoutes = {
  'Query.webhook_endpoints': { method: 'GET', path: '/events/webhook-endpoints', tags: ['Webhooks'] },
  'Mutation.create_webhook_endpoint': { method: 'POST', path: '/events/webhook-endpoints', responseStatus: 201, tags: ['Webhooks'] },
  'Query.webhook_endpoint': { method: 'GET', path: '/events/webhook-endpoints/:id', tags: ['Webhooks'] },
  'Mutation.update_webhook_endpoint': { method: 'PATCH', path: '/events/webhook-endpoints/:id', tags: ['Webhooks'] },
  'Mutation.delete_webhook_endpoint': { method: 'DELETE', path: '/events/webhook-endpoints/:id', tags: ['Webhooks'] },
  'Mutation.disable_webhook_endpoint': { method: 'POST', path: '/events/webhook-endpoints/:id/disable', tags: ['Webhooks'] },
  'Mutation.enable_webhook_endpoint': { method: 'POST', path: '/events/webhook-endpoints/:id/enable', tags: ['Webhooks'] },
  'Mutation.rotate_webhook_endpoint_secret': { method: 'POST', path: '/events/webhook-endpoints/:id/rotate-secret', tags: ['Webhooks'] },
  'Mutation.resend_webhook_event': { method: 'POST', path: '/events/webhook-endpoints/:id/resend', tags: ['Webhooks'] },
  'Mutation.replay_webhook_events': { method: 'POST', path: '/events/webhook-endpoints/:id/replay', tags: ['Webhooks'] },
  'Mutation.ping_webhook_endpoint': { method: 'POST', path: '/events/webhook-endpoints/:id/ping', tags: ['Webhooks'] },
  'Query.webhook_deliveries': { method: 'GET', path: '/events/webhook-endpoints/:endpoint_id/deliveries', tags: ['Webhooks'] },
  'Query.webhook_delivery': { method: 'GET', path: '/events/webhook-deliveries/:id', tags: ['Webhooks'] },
};

const webhookEndpointExample = {
  id: 'wh_9c0d1e2f3a4b5c6d7e8f9a0b',
  url: 'https://erp.example.com/hooks/platform',
  description: 'Order intake of the ERP',
  event_types: ['order.created', 'order.fulfilled'],
  status: 'enabled',
  disabled_reason: null,
  disabled_at: null,
  previous_secret_expires_at: null,
  version: 1,
  created_at: '2026-03-01T08:00:00.000Z',
  updated_at: '2026-03-01T08:00:00.000Z',
};

/** The examples of the OpenAPI document for webhook endpoints. */
export const webhookRestExamples: Record<string, unknown> = {
  WebhookEndpoint: webhookEndpointExample,
  WebhookEndpointWithSecret: { ...webhookEndpointExample, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
  CreateWebhookEndpointInput: { url: 'https://erp.example.com/hooks/platform', description: 'Order intake of the ERP', event_types: ['order.created', 'order.fulfilled'] },
  UpdateWebhookEndpointInput: { event_types: ['order.created', 'order.fulfilled', 'invoice.paid'], version: 1 },
};

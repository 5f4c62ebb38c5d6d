import { ApiError } from '@platform/errors';
import type { LiveBus } from '@platform/events';
import type { SubgraphContext } from '@platform/graphql-kit';
import type { ExecutionArgs, ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { type LogPosition, resumePosition, webSocketStarts } from '../../subscriptions/event-log.ts';
import { type EventSubscriptionPlan, eventIdOf, eventResults, isPlan, planEventSubscription } from '../../subscriptions/event-subscription.ts';
import { SubscriberCredential, webSocketCredentials } from '../../subscriptions/subscriber-credential.ts';
import { DEFAULT_SUBSCRIPTION_LIMITS, SubscriptionCounter, type SubscriptionLimits } from '../../subscriptions/subscription-limits.ts';
import type { CredentialAuthenticator } from '../credentials.ts';
import { graphqlErrorFor } from '../responses.ts';
import type { QueryLimits } from './use-query-cost.ts';

export interface SubscriptionsOptions {
  /** The supergraph's execute: each event is rendered by a query through the gateway. */
  execute(args: ExecutionArgs): Promise<ExecutionResult>;
  live: LiveBus;
  credentials: CredentialAuthenticator;
  limits?: QueryLimits;
  subscriptionLimits?: SubscriptionLimits;
}

export interface SubscriptionsPlugin extends Plugin<SubscriptionContext> {
  /** The instance's live subscriptions per tenant: graphql-ws takes its places here too. */
  counter: SubscriptionCounter;
}

type SubscriptionContext = SubgraphContext & { request: Request };
/** Yoga's result processor type, which the package does not export by name. */
type ResultProcessor = Parameters<Parameters<NonNullable<Plugin<SubscriptionContext>['onResultProcess']>>[0]['setResultProcessor']>[0];

const SSE_MEDIA_TYPE = 'text/event-stream';

/**
 * GraphQL subscriptions (`subscription { events(types: [...]) { ... } }`), executed here at the
 * edge: Apollo Gateway executes no subscriptions. Both transports come through this hook: SSE
 * (a POST to /graphql with `Accept: text/event-stream`, authenticated, rate-limited and audited by
 * the plugins before it) and graphql-ws (gateway/src/subscriptions/websocket-server.ts, which
 * runs the same envelop chain, refuses up front and holds the connection's credential and places).
 *
 * Over HTTP, a subscription is refused before anything is subscribed, with its own status in the
 * GraphQL error shape of every refusal at /graphql: 406 `subscription_transport_required` unless
 * the request is a POST naming text/event-stream in `Accept` (a plain request would wait for an
 * event stream it cannot read, forever on a quiet tenant), 429 `too_many_subscriptions` with
 * Retry-After over the tenant's limit. A refused document (scope, unknown type, cost, an `after`
 * or `Last-Event-ID` not in the tenant's log or too far behind) is one result with the error; an accepted one yields one result per event (see `eventResults`) until
 * the client leaves or the credential ends (a last result with `invalid_token` at its expiry).
 */
export function useSubscriptions(options: SubscriptionsOptions): SubscriptionsPlugin {
  const counter = new SubscriptionCounter(options.subscriptionLimits ?? DEFAULT_SUBSCRIPTION_LIMITS);
  const refusedOverHttp = new WeakMap<Request, ApiError>();
  const sseEventIds = new WeakMap<Request, Array<string | undefined>>();
  const refuseOverHttp = (request: Request, error: ApiError): ExecutionResult => {
    refusedOverHttp.set(request, error);
    return { errors: [error] };
  };

  return {
    counter,
    onSubscribe({ setSubscribeFn }) {
      setSubscribeFn(async (args) => {
        const context = args.contextValue as SubscriptionContext;
        const planned = () => planEventSubscription(args, context.principal, options.limits);
        const results = (plan: EventSubscriptionPlan, credential: SubscriberCredential, announceEnd: boolean, start: LogPosition | undefined) =>
          eventResults({ plan, credential, announceEnd, contextValue: context, live: options.live.subscribe(credential.principal.tenantId), prisma: context.prisma, start, execute: options.execute, schema: args.schema });

        // graphql-ws: the connection checked the start (its `after` too), took its place and holds the credential.
        const connectionCredential = webSocketCredentials.get(context.request);
        if (connectionCredential) {
          const plan = planned();
          return isPlan(plan) ? results(plan, connectionCredential, false, webSocketStarts.get(context.request)) : { errors: plan };
        }

        const { request } = context;
        if (request.method !== 'POST' || !acceptsEventStream(request)) {
          return refuseOverHttp(request, new ApiError('subscription_transport_required', `A subscription needs a streaming transport: POST /graphql with Accept: ${SSE_MEDIA_TYPE}, or graphql-ws at ws(s)://…/graphql.`));
        }
        const plan = planned();
        if (!isPlan(plan)) return { errors: plan };
        const start = await sseStart(context, plan);
        if (start instanceof ApiError) return { errors: [start] };
        const release = counter.claim(context.principal.tenantId);
        if (release instanceof ApiError) return refuseOverHttp(request, release);
        const credential = new SubscriberCredential(options.credentials, bearerToken(request), context.principal);
        // The event id of each result, in order, for the SSE stream's `id:` fields (plugins after this one may rebuild the results).
        const eventIds: Array<string | undefined> = [];
        sseEventIds.set(request, eventIds);
        return releasing(
          results(plan, credential, true, start),
          () => {
            release();
            credential.dispose();
          },
          (result) => eventIds.push(eventIdOf(result)),
        );
      });
    },
    onResultProcess({ request, result, resultProcessor, setResultProcessor }) {
      let refusal = refusedOverHttp.get(request);
      // Only the SSE processor streams a subscription's results: each message gets its event's id.
      const eventIds = sseEventIds.get(request);
      if (!refusal && resultProcessor && eventIds && isAsyncIterator(result)) return setResultProcessor(withEventIds(resultProcessor, eventIds), SSE_MEDIA_TYPE);
      if (!refusal && !resultProcessor && isAsyncIterator(result)) {
        // An accepted subscription no processor of Yoga's can stream (an Accept naming
        // text/event-stream with another charset, say): refused, and its place given back.
        void result.return?.();
        refusal = new ApiError('subscription_transport_required', `A subscription is streamed as ${SSE_MEDIA_TYPE} in UTF-8.`);
      }
      if (!refusal) return;
      const refused = refusal;
      // Retry-After, where the refusal has one, comes with the response.
      setResultProcessor(() => graphqlErrorFor(refused, request), 'application/json');
    },
  };
}

/**
 * Where an SSE subscription starts: after the event its `after` argument or its `Last-Event-ID`
 * header names (an EventSource reconnecting sends the id of the last message it received), or
 * now. Both at once must agree: a client naming two resume points is refused rather than one
 * silently preferred.
 */
async function sseStart(context: SubscriptionContext, plan: EventSubscriptionPlan): Promise<LogPosition | ApiError | undefined> {
  const lastEventId = context.request.headers.get('last-event-id')?.trim() || undefined;
  if (plan.after !== undefined && lastEventId !== undefined && plan.after !== lastEventId) {
    const message = `after (${JSON.stringify(plan.after)}) and the Last-Event-ID header (${JSON.stringify(lastEventId)}) name different events: send one.`;
    return new ApiError('validation_failed', message, { errors: [{ field: 'after', message }] });
  }
  const after = plan.after ?? lastEventId;
  if (after === undefined) return undefined;
  return resumePosition(context.prisma, context.principal.tenantId, after, plan.after === undefined ? 'Last-Event-ID' : 'after', plan.types);
}

/** The first line of a `next` message; a message's JSON data holds no line break, so this matches nothing else. */
const NEXT_MESSAGE = /(?:^|\n)event: next\n/g;

/**
 * Yoga's SSE processor (keep-alive comments, `next` and `complete` messages, errors without
 * internals), each `next` message preceded by `id: <event id>`, so that an EventSource (or any
 * client keeping the last id) resumes after it with `Last-Event-ID`. `eventIds` holds the id of
 * each result as the subscription yielded it, in order; Yoga writes one `next` message per result,
 * whole (its chunks may be joined, never split), so the n-th `event: next` line is the n-th id's.
 */
function withEventIds(sse: ResultProcessor, eventIds: Array<string | undefined>): ResultProcessor {
  return async (result, fetchAPI, mediaType) => {
    const response = await sse(result, fetchAPI, mediaType);
    const encoder = new fetchAPI.TextEncoder();
    const decoder = new fetchAPI.TextDecoder();
    const withIds = new fetchAPI.TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const text = decoder.decode(chunk, { stream: true }).replace(NEXT_MESSAGE, (line) => {
          const id = eventIds.shift();
          return id === undefined ? line : line.replace('event:', `id: ${id}\nevent:`);
        });
        controller.enqueue(encoder.encode(text));
      },
    });
    return new fetchAPI.Response(response.body?.pipeThrough(withIds) ?? null, { status: response.status, headers: response.headers });
  };
}

/** Whether `Accept` names text/event-stream (not merely `*\/*`: a client that did not ask for a stream would wait on one forever). */
function acceptsEventStream(request: Request): boolean {
  return (request.headers.get('accept') ?? '').split(',').some((range) => {
    const [mediaType, ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    return mediaType === SSE_MEDIA_TYPE && !parameters.some((parameter) => /^q=0(\.0*)?$/.test(parameter));
  });
}

function bearerToken(request: Request): string {
  return request.headers.get('authorization')?.split(' ')[1] ?? '';
}

function isAsyncIterator(result: unknown): result is AsyncIterableIterator<unknown> {
  return typeof result === 'object' && result !== null && Symbol.asyncIterator in result;
}

/**
 * `results`, calling `cleanup` once when they end: finished, failed, or returned by the client
 * (even before the first `next`, when a Repeater never starts and so never cleans up itself), and
 * `onResult` with each result.
 */
function releasing<T>(results: AsyncIterableIterator<T>, release: () => void, onResult: (result: T) => void): AsyncIterableIterator<T> {
  let released = false;
  const cleanup = () => {
    if (released) return;
    released = true;
    release();
  };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      try {
        const next = await results.next();
        if (next.done) cleanup();
        else onResult(next.value);
        return next;
      } catch (error) {
        cleanup();
        throw error;
      }
    },
    async return(value?: unknown) {
      cleanup();
      return (await results.return?.(value)) ?? { done: true, value: undefined };
    },
    async throw(error?: unknown) {
      cleanup();
      return results.throw ? results.throw(error) : Promise.reject(error);
    },
  };
}

import { ApiError } from '@platform/errors';
import type { LiveBus } from '@platform/events';
import type { SubgraphContext } from '@platform/graphql-kit';
import type { ExecutionArgs, ExecutionResult, GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { type EventSubscriptionPlan, eventResults, planEventSubscription } from '../../subscriptions/event-subscription.ts';
import type { CredentialAuthenticator } from '../credentials.ts';
import type { QueryLimits } from './use-query-cost.ts';

export interface SubscriptionsOptions {
  /** The supergraph's execute: each event is rendered by a query through the gateway. */
  execute(args: ExecutionArgs): Promise<ExecutionResult>;
  live: LiveBus;
  credentials: CredentialAuthenticator;
  limits?: QueryLimits;
}

/**
 * GraphQL subscriptions (`subscription { events(types: [...]) { ... } }`), executed here at the
 * edge: Apollo Gateway executes no subscriptions. Both transports come through this hook: SSE
 * (a POST to /graphql with `Accept: text/event-stream`, authenticated, rate-limited and audited by
 * the plugins before it) and graphql-ws (gateway/src/subscriptions/websocket-server.ts, which
 * runs the same envelop chain). A refused subscription (scope, unknown type, cost) is one result
 * with the error; an accepted one yields one result per event (see `eventResults`).
 */
export function useSubscriptions(options: SubscriptionsOptions): Plugin<SubgraphContext & { request?: Request }> {
  return {
    onSubscribe({ setSubscribeFn }) {
      setSubscribeFn(async (args) => {
        const context = args.contextValue as SubgraphContext & { request?: Request };
        const planned = planEventSubscription(args, context.principal, options.limits);
        if (!isPlan(planned)) return { errors: planned };
        return eventResults({
          plan: planned,
          principal: context.principal,
          contextValue: context,
          live: options.live.subscribe(context.principal.tenantId),
          execute: options.execute,
          schema: args.schema,
          stillAuthorised: () => stillAuthorised(options.credentials, context),
        });
      });
    },
  };
}

export function isPlan(planned: EventSubscriptionPlan | readonly GraphQLError[]): planned is EventSubscriptionPlan {
  return !Array.isArray(planned);
}

/**
 * A subscription lives longer than its credential may: before each event the credential is
 * checked again (remembered for a few seconds, so this costs a lookup per few seconds at most).
 * A revoked or expired token, or a deleted API key, ends the subscription with `invalid_token`.
 */
async function stillAuthorised(credentials: CredentialAuthenticator, context: SubgraphContext & { request?: Request }): Promise<GraphQLError | undefined> {
  const token = context.request?.headers.get('authorization')?.split(' ')[1];
  if (!token) return undefined;
  try {
    const principal = await credentials.authenticate(token);
    if (principal.tenantId !== context.principal.tenantId) return new ApiError('invalid_token', 'The credential no longer belongs to this tenant.');
    return undefined;
  } catch (error) {
    // An outage while checking (the database) also ends the subscription: it fails closed.
    return error instanceof ApiError ? error : new ApiError('internal_error', 'The credential could not be checked again; subscribe again.');
  }
}

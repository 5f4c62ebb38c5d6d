import { ApiError } from '@platform/errors';

export interface SubscriptionLimits {
  /** Live subscriptions one graphql-ws connection may hold at once. */
  perConnection: number;
  /** Live subscriptions one tenant may hold at once on this instance, graphql-ws and SSE together. */
  perTenant: number;
}

export const DEFAULT_SUBSCRIPTION_LIMITS: SubscriptionLimits = { perConnection: 25, perTenant: 500 };

/** Gives back a place taken by `claim`; calling it again does nothing. */
export type ReleaseSubscription = () => void;

/**
 * The live subscriptions of this instance, counted per tenant. Each accepted subscription takes a
 * place until it ends, however it ends (finished, cancelled by the client, its socket or stream
 * closed), so a tenant's count is what it holds now, never what it once started.
 */
export class SubscriptionCounter {
  private readonly held = new Map<string, number>();

  constructor(readonly limits: SubscriptionLimits = DEFAULT_SUBSCRIPTION_LIMITS) {}

  /**
   * Takes a place for one more subscription of `tenantId`; `onConnection` is how many the
   * graphql-ws connection asking holds already (SSE: undefined, one subscription per request).
   * Returns how to give the place back, or the refusal (`too_many_subscriptions`).
   */
  claim(tenantId: string, onConnection?: number): ReleaseSubscription | ApiError {
    if (onConnection !== undefined && onConnection >= this.limits.perConnection) {
      return tooMany('per_connection', this.limits.perConnection, `This connection already holds ${this.limits.perConnection} live subscriptions, the most one connection may hold. Complete one first, or open another connection.`);
    }
    const held = this.held.get(tenantId) ?? 0;
    if (held >= this.limits.perTenant) {
      return tooMany('per_tenant', this.limits.perTenant, `This tenant already holds ${this.limits.perTenant} live subscriptions, the most it may hold. End one first.`);
    }
    this.held.set(tenantId, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.held.get(tenantId) ?? 1) - 1;
      if (left > 0) this.held.set(tenantId, left);
      else this.held.delete(tenantId);
    };
  }
}

function tooMany(limit: 'per_connection' | 'per_tenant', maximum: number, detail: string): ApiError {
  return new ApiError('too_many_subscriptions', detail, { limit, maximum });
}

import { ApiError } from '@platform/errors';
import type { RateLimiter, RateLimits } from '@platform/rate-limit';

export interface FailedAuthenticationLimits {
  /** Failed authentications a client id may have per minute before its attempts are refused. */
  perClient: number;
  /** Failed authentications a source address may have per minute, across every client id and API key. */
  perAddress: number;
}

/**
 * The subjects of one authentication attempt: the client id it names (OAuth; an API key names
 * none) and the address it comes from.
 */
export interface AuthenticationAttempt {
  clientId?: string;
  clientAddress?: string;
}

/**
 * Limits credential guessing: only failed authentications count, per client id and per source
 * address, in a one-minute window (both limits also apply per second, so a burst is no worse).
 * Once either is spent, every attempt of that client id or address is refused until the window
 * resets, right or wrong, so that a refusal does not tell a guesser anything and a right guess
 * after the limit gains nothing. A success resets nothing: a guesser cannot clear its count by
 * authenticating with its own client in between.
 *
 * Counts live where the tenant limits do (`RateLimiter`: in memory per instance, on Redis shared).
 */
export interface FailedAuthentications {
  /** Seconds to wait when the attempt's client id or address has no failure left, else undefined. */
  refusedFor(attempt: AuthenticationAttempt): Promise<number | undefined>;
  /** Counts a failure; returns seconds to wait when it came past a limit (attempts racing), else undefined. */
  failed(attempt: AuthenticationAttempt): Promise<number | undefined>;
}

/** `onRefused` is told of each attempt refused (the rate-limit refusal metrics). */
export function createFailedAuthentications(limiter: RateLimiter, limits: FailedAuthenticationLimits, onRefused: () => void = () => {}): FailedAuthentications {
  const counters = (attempt: AuthenticationAttempt): Array<[string, RateLimits]> => [
    ...(attempt.clientId ? [[`failed-authentications:client:${attempt.clientId}`, perMinute(limits.perClient)] as [string, RateLimits]] : []),
    ...(attempt.clientAddress ? [[`failed-authentications:address:${attempt.clientAddress}`, perMinute(limits.perAddress)] as [string, RateLimits]] : []),
  ];
  // The longest wait, when any: the attempt is refused (and counted so).
  const longest = (waits: Array<number | undefined>) => {
    const wait = waits.reduce<number | undefined>((a, b) => (b !== undefined && (a === undefined || b > a) ? b : a), undefined);
    if (wait !== undefined) onRefused();
    return wait;
  };
  return {
    refusedFor: async (attempt) => longest(await Promise.all(counters(attempt).map(([key, limits]) => limiter.exhaustedFor(key, limits)))),
    failed: async (attempt) => {
      const decisions = await Promise.all(counters(attempt).map(([key, limits]) => limiter.consume(key, limits)));
      return longest(decisions.map((decision) => (decision.allowed ? undefined : (decision.retryAfterSeconds ?? decision.resetSeconds))));
    },
  };
}

function perMinute(limit: number): RateLimits {
  return { perSecond: limit, perMinute: limit };
}

/** A bearer credential refused because its address has no failed authentication left: 429 `rate_limited`. */
export class TooManyFailedAuthentications extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', `Too many failed authentications from this address; retry after ${retryAfterSeconds} s.`);
  }
}

/**
 * Seconds to wait before each retry of a failed delivery, after the first attempt made at once:
 * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h. Ten attempts over 3 days and 3.6 hours,
 * close to Stripe's "up to three days" and extending the Standard Webhooks reference schedule.
 * After the last failure the delivery is failed and the endpoint disabled.
 */
export const DEFAULT_RETRY_SCHEDULE_SECONDS: readonly number[] = [5, 300, 1800, 7200, 18_000, 36_000, 50_400, 72_000, 86_400];

/** The delay before the attempt after `attemptsMade` attempts, or undefined when none is left. */
export function nextRetryDelaySeconds(attemptsMade: number, schedule: readonly number[] = DEFAULT_RETRY_SCHEDULE_SECONDS): number | undefined {
  return schedule[attemptsMade - 1];
}

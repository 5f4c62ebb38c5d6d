import type { Logger } from '@platform/config';
import type { FailureSurface, PlatformMetrics } from './metrics.ts';

/**
 * The one way an unexpected failure (a defect: an error without a platform code) is reported: one
 * line at error level with its cause and the request id, and one count in
 * `platform_unexpected_errors_total`. The client gets `internal_error` with the request id only;
 * whoever reports is the place that replaced the error, so each failure is reported exactly once.
 */
export type ReportUnexpectedError = (surface: FailureSurface, error: unknown, context: { request_id?: string; [field: string]: unknown }, message: string) => void;

export function unexpectedErrorReporter(logger: Logger, metrics: PlatformMetrics): ReportUnexpectedError {
  return (surface, error, context, message) => {
    logger.error({ err: error, surface, ...context }, message);
    metrics.unexpectedErrors.inc({ surface });
  };
}

import { integer, omittable, requiredText, versionRule } from '@platform/graphql-kit';
import { z } from 'zod';
import { cronProblem, isTimeZone } from '@platform/automation';

export const MAX_RETRY_ATTEMPTS = 10;
export const MAX_RETRY_DELAY_SECONDS = 86_400;

const retryMaxAttempts = integer({ min: 1, max: MAX_RETRY_ATTEMPTS, message: `must be 1 to ${MAX_RETRY_ATTEMPTS}` });
const retryDelaySeconds = integer({ min: 0, max: MAX_RETRY_DELAY_SECONDS, message: `must be 0 to ${MAX_RETRY_DELAY_SECONDS}` });
/** The JSON objects a connector's settings are given as; their content is checked by the connector kind. */
const settingsObject = z.record(z.string(), z.unknown(), { error: 'must be a JSON object' });
/** An empty string removes the schedule. */
const scheduleCron = z
  .string()
  .max(100)
  .superRefine((cron, context) => {
    const problem = cron === '' ? undefined : cronProblem(cron);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
const scheduleTimeZone = z.string().max(64).refine(isTimeZone, 'must be an IANA time zone such as Europe/Paris or UTC');

export const createConnectorRules = z.object({
  name: requiredText(200),
  kind: z.enum(['shopify', 'rest', 'csv']),
  config: settingsObject,
  credentials: settingsObject.nullish(),
  retry_max_attempts: omittable(retryMaxAttempts),
  retry_delay_seconds: omittable(retryDelaySeconds),
  schedule_cron: omittable(scheduleCron),
  schedule_time_zone: omittable(scheduleTimeZone),
});

export const updateConnectorRules = z.object({
  name: omittable(requiredText(200)),
  config: omittable(settingsObject),
  credentials: omittable(settingsObject),
  retry_max_attempts: omittable(retryMaxAttempts),
  retry_delay_seconds: omittable(retryDelaySeconds),
  schedule_cron: omittable(scheduleCron),
  schedule_time_zone: omittable(scheduleTimeZone),
  version: omittable(versionRule),
});

export const saveMappingRules = z.object({ definition: settingsObject, version: omittable(versionRule) });

export const startSyncRules = z
  .object({ connector_id: requiredText(100), direction: z.enum(['inbound', 'outbound']).nullish(), full: z.boolean().nullish(), upload_id: requiredText(100).nullish(), since: z.date().nullish() })
  .superRefine((input, context) => {
    if (input.since && input.full) context.addIssue({ code: 'custom', path: ['since'], message: 'is a window of an incremental read: leave out full' });
    if (input.since && input.since.getTime() > Date.now()) context.addIssue({ code: 'custom', path: ['since'], message: 'must not be in the future' });
  });

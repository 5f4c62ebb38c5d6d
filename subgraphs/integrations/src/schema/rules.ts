import { integer, omittable, requiredText, versionRule } from '@platform/graphql-kit';
import { z } from 'zod';

export const MAX_RETRY_ATTEMPTS = 10;
export const MAX_RETRY_DELAY_SECONDS = 86_400;

const retryMaxAttempts = integer({ min: 1, max: MAX_RETRY_ATTEMPTS, message: `must be 1 to ${MAX_RETRY_ATTEMPTS}` });
const retryDelaySeconds = integer({ min: 0, max: MAX_RETRY_DELAY_SECONDS, message: `must be 0 to ${MAX_RETRY_DELAY_SECONDS}` });
/** The JSON objects a connector's settings are given as; their content is checked by the connector kind. */
const settingsObject = z.record(z.string(), z.unknown(), { error: 'must be a JSON object' });

export const createConnectorRules = z.object({
  name: requiredText(200),
  kind: z.enum(['shopify', 'rest']),
  config: settingsObject,
  credentials: settingsObject.nullish(),
  retry_max_attempts: omittable(retryMaxAttempts),
  retry_delay_seconds: omittable(retryDelaySeconds),
});

export const updateConnectorRules = z.object({
  name: omittable(requiredText(200)),
  config: omittable(settingsObject),
  credentials: omittable(settingsObject),
  retry_max_attempts: omittable(retryMaxAttempts),
  retry_delay_seconds: omittable(retryDelaySeconds),
  version: omittable(versionRule),
});

export const saveMappingRules = z.object({ definition: settingsObject, version: omittable(versionRule) });

export const startSyncRules = z.object({ connector_id: requiredText(100), full: z.boolean().nullish() });

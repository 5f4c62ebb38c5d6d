import { CUSTOM_TYPE_RULE, platformEventTypes, scopeToReceive } from '@platform/events';
import { integer, optionalText, text } from '@platform/graphql-kit';
import { z } from 'zod';

/** Business rules of the events and webhooks inputs beyond the GraphQL types (zod, through `parseInput`). */

/** A custom event's `data`: a JSON object of at most 64 KiB (its JSON encoding in UTF-8). */
export const MAX_EVENT_DATA_BYTES = 64 * 1024;
/** How deep a custom event's `data` may nest objects and arrays. */
export const MAX_EVENT_DATA_DEPTH = 32;
/** How many events one replay may send. */
export const MAX_REPLAY_EVENTS = 10_000;
/** The longest overlap of a rotated secret with the new one: 7 days. */
export const MAX_SECRET_OVERLAP_SECONDS = 7 * 24 * 3600;
export const DEFAULT_SECRET_OVERLAP_SECONDS = 24 * 3600;
export const MAX_EVENT_TYPES = 50;

const CUSTOM_TYPE = /^custom\.[a-z0-9_]+(\.[a-z0-9_]+){0,4}$/;

/** A custom event type (what clients publish); platform types are the platform's alone. */
export const customEventType = text({ max: 100, pattern: CUSTOM_TYPE, patternMessage: `must be ${CUSTOM_TYPE_RULE}; platform event types are published by the platform only` });

const NOT_AN_EVENT_TYPE = `is not an event type: use a platform type (${Object.keys(platformEventTypes).join(', ')}) or ${CUSTOM_TYPE_RULE}`;

/** Any event type: a platform type or a custom one. */
export const eventType = z.union([z.enum(Object.keys(platformEventTypes) as [string, ...string[]]), text({ max: 100, pattern: CUSTOM_TYPE, patternMessage: NOT_AN_EVENT_TYPE })], { error: NOT_AN_EVENT_TYPE });

export const publishEventRules = z.object({
  type: customEventType,
  data: z.record(z.string(), z.unknown(), { error: 'must be a JSON object' }).superRefine((data, context) => {
    if (nestsDeeperThan(data, MAX_EVENT_DATA_DEPTH)) {
      context.addIssue({ code: 'custom', message: `must not nest objects and arrays more than ${MAX_EVENT_DATA_DEPTH} levels deep` });
      return;
    }
    const bytes = Buffer.byteLength(JSON.stringify(data), 'utf8');
    if (bytes > MAX_EVENT_DATA_BYTES) context.addIssue({ code: 'custom', message: `must be at most ${MAX_EVENT_DATA_BYTES} bytes as JSON (is ${bytes})` });
  }),
});

/** Whether objects and arrays nest more than `levels` deep; the recursion stops there, so a hostile value cannot exhaust the stack. */
function nestsDeeperThan(value: unknown, levels: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (levels === 0) return true;
  return Object.values(value).some((item) => nestsDeeperThan(item, levels - 1));
}

/**
 * The event types of an endpoint: at least one, no duplicates, each a platform type or a valid
 * custom type that the credential registering it may receive (it holds the scope that reads the
 * record), so a webhook never carries what its owner could not read through the API.
 */
export function eventTypesRule(scopes: ReadonlySet<string>) {
  return z
    .array(eventType)
    .min(1, 'must name at least one event type')
    .max(MAX_EVENT_TYPES, `at most ${MAX_EVENT_TYPES} event types`)
    .superRefine((types, context) => {
      const seen = new Set<string>();
      types.forEach((type, index) => {
        const scope = scopeToReceive(type);
        // An unknown type is the item rule's to report (this refinement runs on invalid items too).
        if (scope === undefined) return;
        if (seen.has(type)) {
          context.addIssue({ code: 'custom', path: [index], message: `${type} is listed twice` });
        } else if (!scopes.has(scope)) {
          context.addIssue({ code: 'custom', path: [index], message: `receiving ${type} needs the scope ${scope}, which this credential lacks` });
        }
        seen.add(type);
      });
    });
}

const url = text({ min: 1, max: 2048 }).transform((value) => value.trim());

export function createEndpointRules(scopes: ReadonlySet<string>) {
  return z.object({
    url,
    description: optionalText(500).nullish().transform((value) => value ?? null),
    event_types: eventTypesRule(scopes),
  });
}

export function updateEndpointRules(scopes: ReadonlySet<string>) {
  return z.object({
    url: url.optional(),
    description: optionalText(500).optional(),
    event_types: eventTypesRule(scopes).optional(),
    version: z.number().int().optional(),
  });
}

export const rotateSecretRules = z.object({
  expire_previous_in_seconds: integer({ min: 0, max: MAX_SECRET_OVERLAP_SECONDS, message: `must be from 0 (the previous secret stops at once) to ${MAX_SECRET_OVERLAP_SECONDS} (7 days)` })
    .nullish()
    .transform((value) => value ?? DEFAULT_SECRET_OVERLAP_SECONDS),
  version: z.number().int().nullish(),
});

export const replayRules = z
  .object({ occurred_after: z.date(), occurred_before: z.date() })
  .refine((range) => range.occurred_before > range.occurred_after, { path: ['occurred_before'], message: 'must be later than occurred_after' });

import { CUSTOM_TYPE_RULE, isCustomEventType, isPlatformEventType, platformEventTypes, scopeToReceive } from '@platform/events';
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

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform((value) => (value === '' ? null : value));

export const publishEventRules = z.object({
  type: z.string().superRefine((type, context) => {
    if (isCustomEventType(type)) return;
    const why = isPlatformEventType(type) ? `${type} is a platform event type, which only the platform publishes; ` : '';
    context.addIssue({ code: 'custom', message: `${why}must be ${CUSTOM_TYPE_RULE}` });
  }),
  data: z.unknown().superRefine((data, context) => {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      context.addIssue({ code: 'custom', message: 'must be a JSON object' });
      return;
    }
    if (nestsDeeperThan(data, MAX_EVENT_DATA_DEPTH)) {
      context.addIssue({ code: 'custom', message: `must not nest objects and arrays more than ${MAX_EVENT_DATA_DEPTH} levels deep` });
      return;
    }
    const bytes = Buffer.byteLength(JSON.stringify(data), 'utf8');
    if (bytes > MAX_EVENT_DATA_BYTES) context.addIssue({ code: 'custom', message: `must be at most ${MAX_EVENT_DATA_BYTES} bytes as JSON (is ${bytes})` });
    else if (hasNulKey(data)) context.addIssue({ code: 'custom', message: 'must not contain NUL characters (U+0000) in keys' });
  }),
});

/** Whether objects and arrays nest more than `levels` deep; the recursion stops there, so a hostile value cannot exhaust the stack. */
function nestsDeeperThan(value: unknown, levels: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (levels === 0) return true;
  return Object.values(value).some((item) => nestsDeeperThan(item, levels - 1));
}

/** Whether any key contains U+0000, which jsonb cannot store (values are checked at the edge). */
function hasNulKey(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || hasNulKey(item));
}

/**
 * The event types of an endpoint: at least one, no duplicates, each a platform type or a valid
 * custom type that the credential registering it may receive (it holds the scope that reads the
 * record), so a webhook never carries what its owner could not read through the API.
 */
export function eventTypesRule(scopes: ReadonlySet<string>) {
  return z
    .array(z.string())
    .min(1, 'must name at least one event type')
    .max(MAX_EVENT_TYPES, `at most ${MAX_EVENT_TYPES} event types`)
    .superRefine((types, context) => {
      const seen = new Set<string>();
      types.forEach((type, index) => {
        const scope = scopeToReceive(type);
        if (scope === undefined) {
          context.addIssue({ code: 'custom', path: [index], message: `${type} is not an event type: use a platform type (${Object.keys(platformEventTypes).join(', ')}) or ${CUSTOM_TYPE_RULE}` });
        } else if (seen.has(type)) {
          context.addIssue({ code: 'custom', path: [index], message: `${type} is listed twice` });
        } else if (!scopes.has(scope)) {
          context.addIssue({ code: 'custom', path: [index], message: `receiving ${type} needs the scope ${scope}, which this credential lacks` });
        }
        seen.add(type);
      });
    });
}

const url = z.string().trim().min(1, 'must not be empty');

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
  expire_previous_in_seconds: z
    .number()
    .int()
    .min(0, 'must be 0 (the previous secret stops at once) or more')
    .max(MAX_SECRET_OVERLAP_SECONDS, `must be at most ${MAX_SECRET_OVERLAP_SECONDS} (7 days)`)
    .nullish()
    .transform((value) => value ?? DEFAULT_SECRET_OVERLAP_SECONDS),
  version: z.number().int().nullish(),
});

export const replayRules = z
  .object({ occurred_after: z.date(), occurred_before: z.date() })
  .refine((range) => range.occurred_before > range.occurred_after, { path: ['occurred_before'], message: 'must be later than occurred_after' });

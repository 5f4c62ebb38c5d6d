import { ApiError } from '@platform/errors';
import type { SubgraphBuilder } from './builder.ts';

type ArgBuilder = Parameters<Parameters<SubgraphBuilder['mutationField']>[1]>[0]['arg'];

/**
 * Optimistic concurrency. Every changeable record carries a `version` that each change
 * increments; REST shows it as the `ETag` (`"<version>"`). A write may name the version it was
 * based on, as `If-Match` (REST) or the input's `version` field (GraphQL and REST); when that is
 * not the current version the write is refused and nothing changes, so a stale client never
 * overwrites a change it has not seen.
 *
 * Call it after locking the record (`SELECT ... FOR UPDATE` in the write's transaction), then
 * write with `version: { increment: 1 }`.
 */
export function assertCurrentVersion(expected: { ifMatchVersion?: number | undefined }, inputVersion: number | null | undefined, current: { version: number }): void {
  if (expected.ifMatchVersion !== undefined && expected.ifMatchVersion !== current.version) {
    throw new ApiError('precondition_failed', `If-Match names version ${expected.ifMatchVersion}, but the current version is ${current.version}.`, { current_version: current.version });
  }
  if (inputVersion != null && inputVersion !== current.version) {
    throw new ApiError('version_conflict', `The change is based on version ${inputVersion}, but the current version is ${current.version}.`, {
      current_version: current.version,
      errors: [{ field: 'version', message: `is ${inputVersion}, the current version is ${current.version}` }],
    });
  }
}

/** The description of every `version` argument or input field a change is checked against. */
export const VERSION_DESCRIPTION =
  'The version the action is based on; if it is no longer current the action is refused with `version_conflict` and nothing changes. REST clients may send `If-Match: "<version>"` instead.';

/**
 * The arguments of an action on one record (`confirm_order(id, version)`): its id, and the version
 * the action is based on (checked by `assertCurrentVersion`).
 */
export function recordActionArgs(arg: ArgBuilder, noun: string) {
  return {
    id: arg.string({ required: true, description: `The ${noun} id.` }),
    version: arg.int({ required: false, description: VERSION_DESCRIPTION }),
  };
}

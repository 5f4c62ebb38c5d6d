import { WORKFLOW_LIMITS, type WorkflowDefinition } from '../definition/format.ts';

/** A run triggered by an event a run produced (or started by a run's operation) is one deeper than that run; past this depth it is refused (loop protection). */
export const MAX_CHAIN_DEPTH = 5;

/** When a run started now fails with `run_timed_out` if it is not over. */
export function runTimeoutAt(definition: Pick<WorkflowDefinition, 'timeout_seconds'>): Date {
  return new Date(Date.now() + (definition.timeout_seconds ?? WORKFLOW_LIMITS.defaultTimeoutSeconds) * 1000);
}

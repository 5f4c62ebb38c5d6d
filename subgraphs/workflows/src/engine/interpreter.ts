import type { Step } from '../definition/format.ts';
import type { RunStepRecord } from '../repositories/runs.ts';

/**
 * What expressions read: the run's `input` (the manual input, the triggering event, or
 * `{ scheduled_for }`), the outputs of the steps done so far by id (`steps.draft.create_order.id`),
 * and inside a for_each the current `item` and its `index`. `run` names the run.
 */
export interface RunContext {
  input: unknown;
  steps: Record<string, unknown>;
  item?: unknown;
  index?: number;
  run: { id: string; workflow_id: string; definition_version: number };
}

/** The next thing a run has to do, found by replaying its definition over its recorded steps. */
export type NextStep =
  /** Execute (or go on with) this step; `row` is its record when an attempt was made already. */
  | { type: 'step'; step: Step; key: string; context: RunContext; row: RunStepRecord | undefined }
  /** A step failed for good: the run fails with its error. */
  | { type: 'failed'; key: string; error: { code: string; message: string } }
  /** Every step is done. */
  | { type: 'done'; context: RunContext };

/** A condition's recorded outcome, and a for_each's. */
export interface ConditionOutput {
  result: boolean;
}
export interface ForEachOutput {
  items: unknown[];
}

/**
 * Durable execution by replay: a run's state is its definition plus the steps it recorded, each
 * step's outcome recorded before the next starts. Walking the definition from the start, every
 * step recorded as succeeded contributes its stored output (its side effect is never repeated)
 * and the first one that is not is what the run does next. A condition's branch and a for_each's
 * items are recorded outcomes too, so the walk takes the same path however often it is replayed.
 * Keys name a step's place: its id, prefixed by the for_each iterations around it
 * (`lines[2].reserve`); ids are unique in a definition, so a condition's branches need no prefix.
 */
export function nextStep(steps: readonly Step[], rows: ReadonlyMap<string, RunStepRecord>, context: RunContext): NextStep {
  return walk(steps, rows, context, '') ?? { type: 'done', context };
}

function walk(steps: readonly Step[], rows: ReadonlyMap<string, RunStepRecord>, context: RunContext, prefix: string): NextStep | undefined {
  for (const step of steps) {
    const key = `${prefix}${step.id}`;
    const row = rows.get(key);
    if (row?.status === 'failed') return { type: 'failed', key, error: (row.error as { code: string; message: string } | null) ?? { code: 'step_failed', message: `step ${key} failed` } };
    if (row?.status !== 'succeeded') return { type: 'step', step, key, context, row };
    if (step.kind === 'condition') {
      context.steps[step.id] = row.output;
      const branch = (row.output as unknown as ConditionOutput).result ? step.then : (step.else ?? []);
      const next = walk(branch, rows, context, prefix);
      if (next) return next;
    } else if (step.kind === 'for_each') {
      const { items } = row.output as unknown as ForEachOutput;
      const results: Array<Record<string, unknown>> = [];
      for (const [index, item] of items.entries()) {
        // Each iteration sees the steps before the loop and its own; the loop's output gathers every iteration's.
        const iteration: RunContext = { ...context, steps: { ...context.steps }, item, index };
        const next = walk(step.steps, rows, iteration, `${key}[${index}].`);
        if (next) return next;
        results.push(Object.fromEntries(step.steps.map((inner) => [inner.id, iteration.steps[inner.id]])));
      }
      context.steps[step.id] = { items, results };
    } else {
      context.steps[step.id] = row.output;
    }
  }
  return undefined;
}

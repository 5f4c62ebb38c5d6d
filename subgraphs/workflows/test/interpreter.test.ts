import type { WorkflowRunStep } from '@platform/db';
import { describe, expect, it } from 'vitest';
import type { Step } from '../src/definition/format.ts';
import { type RunContext, nextStep } from '../src/engine/interpreter.ts';

const steps: Step[] = [
  { id: 'check', kind: 'condition', if: 'true', then: [{ id: 'yes', kind: 'wait', seconds: 1 }], else: [{ id: 'no', kind: 'wait', seconds: 1 }] },
  { id: 'each', kind: 'for_each', items: '[1, 2]', steps: [{ id: 'call', kind: 'emit', event_type: 'custom.x', data: 'item' }] },
];

function row(key: string, status: WorkflowRunStep['status'], output: unknown = null): WorkflowRunStep {
  return { key, status, output, step_id: key.replace(/^.*\./, ''), kind: 'x', tenant_id: 't', run_id: 'r', position: 0, input: null, error: null, attempts: 1, max_attempts: 1, next_attempt_at: null, wake_at: null, started_at: new Date(), finished_at: null, updated_at: new Date() } as WorkflowRunStep;
}
const context = (): RunContext => ({ input: {}, steps: {}, run: { id: 'r', workflow_id: 'w', definition_version: 1 } });
const replay = (rows: WorkflowRunStep[]) => nextStep(steps, new Map(rows.map((recorded) => [recorded.key, recorded])), context());

describe('replaying a run over its recorded steps', () => {
  it('starts with the first step, and goes on with the first not yet succeeded', () => {
    expect(replay([])).toMatchObject({ type: 'step', key: 'check', row: undefined });
    expect(replay([row('check', 'running')])).toMatchObject({ type: 'step', key: 'check', row: { status: 'running' } });
  });

  it('takes the branch the recorded condition chose, however often it is replayed', () => {
    expect(replay([row('check', 'succeeded', { result: false })])).toMatchObject({ type: 'step', key: 'no' });
    expect(replay([row('check', 'succeeded', { result: true })])).toMatchObject({ type: 'step', key: 'yes' });
  });

  it('iterates over the recorded items, each iteration keyed by its index, and gathers their outputs', () => {
    const done = [row('check', 'succeeded', { result: true }), row('yes', 'succeeded', { waited_until: 'x' }), row('each', 'succeeded', { items: [1, 2] })];
    expect(replay(done)).toMatchObject({ type: 'step', key: 'each[0].call', context: { item: 1, index: 0 } });
    expect(replay([...done, row('each[0].call', 'succeeded', { id: 'evt_1' })])).toMatchObject({ type: 'step', key: 'each[1].call', context: { item: 2, index: 1 } });
    const all = replay([...done, row('each[0].call', 'succeeded', { id: 'evt_1' }), row('each[1].call', 'succeeded', { id: 'evt_2' })]);
    expect(all).toMatchObject({ type: 'done', context: { steps: { check: { result: true }, yes: { waited_until: 'x' }, each: { items: [1, 2], results: [{ call: { id: 'evt_1' } }, { call: { id: 'evt_2' } }] } } } });
  });

  it('stops at a step that failed for good', () => {
    const failed = { ...row('check', 'failed'), error: { code: 'expression_failed', message: 'no' } } as WorkflowRunStep;
    expect(replay([failed])).toEqual({ type: 'failed', key: 'check', error: { code: 'expression_failed', message: 'no' } });
  });
});

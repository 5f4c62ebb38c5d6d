import { type AggregateDeclaration, type RestRoutes, type SubgraphBuilder, aggregateRoute, defineAggregateField, defineEntityAggregateField, equalTo } from '@platform/graphql-kit';
import type { defineRunSchema } from './runs.ts';
import type { WorkflowRefs } from './workflows.ts';

/** Workflow runs: how many ran per workflow, status, trigger and period, their steps and durations. */
export function workflowRunAggregates({ RunStatusEnum, RunTriggerEnum }: ReturnType<typeof defineRunSchema>): AggregateDeclaration {
  return {
    name: 'workflow_runs',
    typeName: 'WorkflowRun',
    records: 'workflow runs',
    scope: 'workflows:read',
    from: 'workflow_runs r',
    filters: {
      workflow_id: equalTo('r.workflow_id', (arg) => arg.string({ required: false, description: 'Only runs of this workflow.' })),
      status: equalTo('r.status', (arg) => arg({ type: RunStatusEnum, required: false, description: 'Only runs in this status.' }), 'workflow_run_status'),
    },
    dimensions: {
      workflow_id: { sql: 'r.workflow_id', type: 'String', description: 'The workflow (`wf_…`).' },
      workflow_version: { sql: 'r.workflow_version', type: 'Int', description: 'The version of the workflow’s definition the run executes.' },
      status: { sql: 'r.status', type: RunStatusEnum, description: 'Where the run is.' },
      trigger: { sql: 'r.trigger', type: RunTriggerEnum, description: 'What started the run: an event, a schedule or the API.' },
      failed_step: { sql: "r.error->>'step'", type: 'String', description: 'The step a failed run failed at; null for other runs (and runs refused before any step).' },
    },
    times: {
      created_at: { sql: 'r.created_at', description: 'Creation (the start request, the event or the scheduled time arriving).' },
      started_at: { sql: 'r.started_at', description: 'When the engine started executing it.' },
      finished_at: { sql: 'r.finished_at', description: 'The end (succeeded, failed or cancelled).' },
    },
    measures: {
      steps: { sql: '(SELECT count(*) FROM workflow_run_steps s WHERE s.tenant_id = r.tenant_id AND s.run_id = r.id)', description: 'Steps executed per run (each step once, however many attempts it took).' },
      duration_ms: { sql: 'extract(epoch FROM r.finished_at - r.started_at) * 1000', description: 'Milliseconds from the start of a run to its end, waits included; null until it ended (or if it never started).' },
      chain_depth: { sql: 'r.chain_depth', description: 'How deep runs are in chains of runs triggering runs (1: not started by another run).' },
    },
    distinct: { workflow_id: { sql: 'r.workflow_id', description: 'Workflows.' } },
  };
}

/** `workflow_runs_aggregate`, and `Workflow.runs_aggregate` (a page of workflows in one statement). */
export function defineWorkflowAggregates(builder: SubgraphBuilder, refs: Pick<WorkflowRefs, 'Workflow'> & ReturnType<typeof defineRunSchema>): void {
  const runs = workflowRunAggregates(refs);
  defineEntityAggregateField(builder, refs.Workflow, 'runs_aggregate', runs, { parentColumn: 'r.workflow_id', description: 'Aggregates of the workflow’s runs.' });
  defineAggregateField(builder, runs);
}

export const workflowAggregateRestRoutes: RestRoutes = aggregateRoute('workflow_runs', '/workflows/runs/aggregate', ['Workflow runs']);

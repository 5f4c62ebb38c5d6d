import type { Prisma } from '@platform/db';
import type { EventSource, EventsPort } from '@platform/graphql-kit';
import type { RunRecord } from '../repositories/runs.ts';

/** A run as the REST API shows it: the data of its `workflow.run.updated` and `workflow.completed` events. */
export function runRepresentation(run: RunRecord) {
  return {
    id: run.id,
    workflow_id: run.workflow_id,
    definition_version: run.workflow_version,
    status: run.status,
    trigger: run.trigger,
    input: run.input,
    trigger_event_id: run.trigger_event_id,
    scheduled_for: run.scheduled_for?.toISOString() ?? null,
    chain_depth: run.chain_depth,
    caused_by_run_id: run.caused_by_run_id,
    started_by: run.started_by,
    output: run.output,
    error: run.error,
    waiting_for: run.waiting_for,
    timeout_at: run.timeout_at.toISOString(),
    cancel_requested_at: run.cancel_requested_at?.toISOString() ?? null,
    version: run.version,
    created_at: run.created_at.toISOString(),
    started_at: run.started_at?.toISOString() ?? null,
    finished_at: run.finished_at?.toISOString() ?? null,
  };
}

/** What produced a run's events: its workflow, in that run, at its depth in a chain of runs. */
export function runEventSource(run: RunRecord, requestId?: string): EventSource {
  return { type: 'workflow', credential_id: run.workflow_id, workflow_run_id: run.id, chain_depth: run.chain_depth, ...(requestId && { request_id: requestId }) };
}

/**
 * `workflow.run.updated` for a run that changed status, and `workflow.completed` too when it
 * ended: in the transaction of the change, so a run that ends emits its completion exactly once.
 */
export async function emitRunChanged(events: EventsPort, tx: Prisma.TransactionClient, run: RunRecord, requestId?: string): Promise<void> {
  const data = runRepresentation(run);
  const resource = { type: 'workflow_run', id: run.id };
  const source = runEventSource(run, requestId);
  await events.emit(tx, run.tenant_id, { type: 'workflow.run.updated', data, resource }, source);
  if (run.status === 'succeeded' || run.status === 'failed' || run.status === 'cancelled') await events.emit(tx, run.tenant_id, { type: 'workflow.completed', data, resource }, source);
}

import type { Event } from '@platform/db';

/** What produced an event. */
export interface EventSource {
  /** `api`: a request of a credential; `platform`: the platform itself (a rule, a job); `connector`: a sync; `workflow`: a workflow's run; `ai_task`: an agent task's write (`credential_id` the task). */
  type: 'api' | 'platform' | 'connector' | 'workflow' | 'ai_task';
  credential_id?: string;
  request_id?: string;
  /** `workflow`: the run that produced it and that run's depth in a chain of runs triggering runs. */
  workflow_run_id?: string;
  chain_depth?: number;
}

/** An event's source as consumers see it: every field present, null where it does not apply. */
export type EnvelopeSource = { type: EventSource['type'] } & { [Field in Exclude<keyof EventSource, 'type'>]: NonNullable<EventSource[Field]> | null };

/**
 * The event as every consumer sees it: the REST API, webhooks (the request body) and GraphQL
 * subscriptions, field for field. `data` is the record as the REST API shows it at the time of
 * the event.
 */
export interface EventEnvelope {
  id: string;
  type: string;
  tenant_id: string;
  occurred_at: string;
  data: unknown;
  resource: { type: string; id: string } | null;
  source: EnvelopeSource;
}

export function envelopeOf(row: Pick<Event, 'id' | 'type' | 'tenant_id' | 'occurred_at' | 'data' | 'resource_type' | 'resource_id' | 'source'>): EventEnvelope {
  return {
    id: row.id,
    type: row.type,
    tenant_id: row.tenant_id,
    occurred_at: row.occurred_at.toISOString(),
    data: row.data,
    resource: row.resource_type && row.resource_id ? { type: row.resource_type, id: row.resource_id } : null,
    source: sourceOf(row.source as unknown as EventSource),
  };
}

/** The stored source with every field (a source stores only those that apply). */
export function sourceOf(stored: EventSource): EnvelopeSource {
  return {
    type: stored.type,
    credential_id: stored.credential_id ?? null,
    request_id: stored.request_id ?? null,
    workflow_run_id: stored.workflow_run_id ?? null,
    chain_depth: stored.chain_depth ?? null,
  };
}

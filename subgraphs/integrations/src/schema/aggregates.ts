import { type AggregateDeclaration, type RestRoutes, type SubgraphBuilder, aggregateRoute, defineAggregateField, defineEntityAggregateField, equalTo } from '@platform/graphql-kit';
import type { defineConnectorSchema } from './connectors.ts';
import type { defineSyncJobSchema } from './sync-jobs.ts';

/** Sync jobs: how many ran per connector, state and period, the records they moved, how long they took. */
export function syncJobAggregates({ SyncJobStateEnum, SyncJobTriggerEnum, SyncJobDirectionEnum }: ReturnType<typeof defineSyncJobSchema>): AggregateDeclaration {
  return {
    name: 'sync_jobs',
    typeName: 'SyncJob',
    records: 'sync jobs',
    scope: 'sync:read',
    from: 'sync_jobs r',
    filters: {
      connector_id: equalTo('r.connector_id', (arg) => arg.string({ required: false, description: 'Only jobs of this connector.' })),
      state: equalTo('r.state', (arg) => arg({ type: SyncJobStateEnum, required: false, description: 'Only jobs in this state.' }), 'sync_job_state'),
    },
    dimensions: {
      connector_id: { sql: 'r.connector_id', type: 'String', description: 'The connector (`con_…`).' },
      state: { sql: 'r.state', type: SyncJobStateEnum, description: 'Where the job is.' },
      trigger: { sql: 'r.trigger', type: SyncJobTriggerEnum, description: 'What started the job.' },
      direction: { sql: 'r.direction', type: SyncJobDirectionEnum, description: '`inbound` (read from the connector’s system) or `outbound` (a push).' },
      full: { sql: 'r.full', type: 'Boolean', description: 'Whether the job read from the beginning rather than from the connector’s cursor.' },
    },
    times: {
      created_at: { sql: 'r.created_at', description: 'Creation (the start request).' },
      started_at: { sql: 'r.started_at', description: 'The first attempt’s start.' },
      finished_at: { sql: 'r.finished_at', description: 'The end (succeeded, partially failed, failed or cancelled).' },
    },
    measures: {
      records_seen: { sql: 'r.records_seen', description: 'Records read per job.' },
      records_created: { sql: 'r.records_created', description: 'Records created per job.' },
      records_updated: { sql: 'r.records_updated', description: 'Records updated per job.' },
      records_unchanged: { sql: 'r.records_unchanged', description: 'Records found unchanged per job.' },
      records_failed: { sql: 'r.records_failed', description: 'Records that could not be written per job.' },
      attempts: { sql: 'r.attempts', description: 'Attempts started per job.' },
      duration_ms: { sql: 'extract(epoch FROM r.finished_at - r.started_at) * 1000', description: 'Milliseconds from the start of a job to its end; null until it ended (or if it never started).' },
    },
    distinct: { connector_id: { sql: 'r.connector_id', description: 'Connectors.' } },
  };
}

/** `sync_jobs_aggregate`, and `Connector.sync_jobs_aggregate` (a page of connectors in one statement). */
export function defineIntegrationsAggregates(builder: SubgraphBuilder, refs: ReturnType<typeof defineConnectorSchema> & ReturnType<typeof defineSyncJobSchema>): void {
  const jobs = syncJobAggregates(refs);
  defineEntityAggregateField(builder, refs.Connector, 'sync_jobs_aggregate', jobs, { parentColumn: 'r.connector_id', description: 'Aggregates of the connector’s sync jobs (needs `sync:read`).' });
  defineAggregateField(builder, jobs);
}

export const integrationsAggregateRestRoutes: RestRoutes = aggregateRoute('sync_jobs', '/sync/jobs/aggregate', ['Sync']);

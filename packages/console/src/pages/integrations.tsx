import { useState } from 'react';
import { graphql } from '../api/graphql.ts';
import { Progress, StatusBadge } from '../components/feedback.tsx';
import { json, optional, text } from '../components/forms.tsx';
import { ListView } from '../components/list-view.tsx';
import { PageTitle, Section } from '../components/page.tsx';
import { formatTime, shortJson } from '../format.ts';
import { ACTION_SCOPES } from '../governance.ts';
import { useScopes } from '../session.tsx';

interface Connector {
  id: string;
  name: string;
  kind: string;
  streams: string[];
  has_credentials: boolean;
  schedule_cron: string | null;
  next_scheduled_sync_at: string | null;
  mapping_version: number;
  version: number;
}

interface SyncJob {
  id: string;
  connector_id: string;
  trigger: string;
  direction: string;
  state: string;
  attempts: number;
  max_attempts: number;
  records_seen: number;
  records_created: number;
  records_updated: number;
  records_unchanged: number;
  records_failed: number;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

interface SyncFailure {
  id: string;
  stream: string;
  external_id: string;
  errors: { field: string; code: string; message: string }[];
  payload: unknown;
  resolved_at: string | null;
  created_at: string;
}

const ACTIVE = new Set(['queued', 'running']);

export function IntegrationsPage() {
  const scopes = useScopes();
  const [jobsChanged, setJobsChanged] = useState(0);
  const [selectedJob, setSelectedJob] = useState<SyncJob | undefined>();
  const bump = () => setJobsChanged((count) => count + 1);
  return (
    <>
      <PageTitle title="Integrations">Connectors to Shopify, REST APIs and CSV files; their sync jobs with live progress; records a sync could not write, replayed after a fix.</PageTitle>
      {scopes.includes('connectors:read') && (
        <Section title="Connectors">
          <ListView<Connector>
            caption="Connectors"
            field="connectors"
            selection="id name kind streams has_credentials schedule_cron next_scheduled_sync_at mapping_version version"
            rowKey={(connector) => connector.id}
            rowLabel={(connector) => `connector ${connector.name}`}
            columns={[
              { label: 'Name', render: (connector) => connector.name, rowHeader: true },
              { label: 'Kind', render: (connector) => connector.kind },
              { label: 'Streams', render: (connector) => connector.streams.join(', ') || '—' },
              { label: 'Mapping', render: (connector) => (connector.mapping_version ? `v${connector.mapping_version}` : 'none') },
              { label: 'Schedule', render: (connector) => (connector.schedule_cron ? `${connector.schedule_cron} (next ${formatTime(connector.next_scheduled_sync_at)})` : 'by hand') },
            ]}
            toolbar={[
              {
                label: 'Create connector',
                scope: ACTION_SCOPES.manageConnectors,
                fields: [
                  { name: 'name', label: 'Name', required: true },
                  { name: 'kind', label: 'Kind', type: 'select', required: true, defaultValue: 'csv', options: ['csv', 'rest', 'shopify'].map((kind) => ({ value: kind, label: kind })) },
                  { name: 'config', label: 'Configuration (JSON)', type: 'textarea', required: true, defaultValue: '{"id_column": "sku"}', hint: 'See docs/domains/integrations.md for each kind’s configuration.' },
                  { name: 'credentials', label: 'Credentials (JSON, stored sealed, never shown again)', type: 'textarea' },
                  { name: 'schedule_cron', label: 'Schedule (cron, optional)' },
                ],
                run: async (_none, values) => {
                  const data = await graphql<{ create_connector: { id: string } }>('mutation ConsoleCreateConnector($input: CreateConnectorInput!) { create_connector(input: $input) { id } }', {
                    input: { name: text(values, 'name'), kind: text(values, 'kind'), config: json(values, 'config'), credentials: json(values, 'credentials'), schedule_cron: optional(values, 'schedule_cron') },
                  });
                  return `Connector ${data.create_connector.id} created. Save a field mapping through the API before its first sync.`;
                },
              },
            ]}
            actions={[
              {
                label: 'Start sync',
                scope: ACTION_SCOPES.startSync,
                fields: [
                  { name: 'direction', label: 'Direction', type: 'select', required: true, defaultValue: 'inbound', options: [{ value: 'inbound', label: 'inbound' }, { value: 'outbound', label: 'outbound' }] },
                  { name: 'full', label: 'Full sync (ignore the last position)', type: 'checkbox' },
                ],
                run: async (connector, values) => {
                  const data = await graphql<{ start_sync: { id: string } }>('mutation ConsoleStartSync($input: StartSyncInput!) { start_sync(input: $input) { id state } }', { input: { connector_id: connector.id, direction: text(values, 'direction'), full: values.full === true } });
                  bump();
                  return `Sync job ${data.start_sync.id} queued for ${connector.name}.`;
                },
              },
              {
                label: 'Test',
                scope: ACTION_SCOPES.manageConnectors,
                run: async (connector) => {
                  const data = await graphql<{ test_connector: { ok: boolean; detail: string } }>('mutation ConsoleTestConnector($id: String!) { test_connector(id: $id) { ok detail } }', { id: connector.id });
                  return `Test of ${connector.name} ${data.test_connector.ok ? 'succeeded' : 'failed'}: ${data.test_connector.detail}`;
                },
              },
            ]}
          />
        </Section>
      )}
      {scopes.includes('sync:read') && (
        <Section title="Sync jobs">
          <ListView<SyncJob>
            caption="Sync jobs"
            field="sync_jobs"
            selection="id connector_id trigger direction state attempts max_attempts records_seen records_created records_updated records_unchanged records_failed last_error created_at finished_at"
            reloadKey={jobsChanged}
            selectedKey={selectedJob?.id}
            poll={(jobs) => jobs.some((job) => ACTIVE.has(job.state))}
            filters={[
              { name: 'connector_id', label: 'Connector id', graphqlType: 'String' },
              { name: 'state', label: 'State', type: 'select', graphqlType: 'SyncJobState', options: ['queued', 'running', 'succeeded', 'partially_failed', 'failed', 'cancelled'].map((state) => ({ value: state, label: state.replace('_', ' ') })) },
            ]}
            rowKey={(job) => job.id}
            rowLabel={(job) => `sync job ${job.id}`}
            columns={[
              { label: 'Job', render: (job) => <code>{job.id}</code>, rowHeader: true },
              { label: 'Connector', render: (job) => job.connector_id },
              { label: 'Trigger', render: (job) => `${job.trigger}, ${job.direction}` },
              { label: 'State', render: (job) => <StatusBadge value={job.state} /> },
              {
                label: 'Progress',
                render: (job) => {
                  const written = job.records_created + job.records_updated + job.records_unchanged + job.records_failed;
                  return <Progress label={`Progress of sync job ${job.id}`} value={written} max={ACTIVE.has(job.state) ? undefined : Math.max(written, 1)} text={`${job.records_seen} seen · ${job.records_created} created · ${job.records_updated} updated · ${job.records_failed} failed`} />;
                },
              },
              { label: 'Attempts', render: (job) => `${job.attempts}/${job.max_attempts}` },
              { label: 'Last error', render: (job) => job.last_error ?? '—' },
              { label: 'Created', render: (job) => formatTime(job.created_at) },
            ]}
            actions={[
              { label: 'Failed records', when: (job) => job.records_failed > 0, run: async (job) => (setSelectedJob(job), `Showing the failed records of ${job.id}.`) },
              {
                label: 'Replay failures',
                scope: ACTION_SCOPES.replayFailures,
                when: (job) => job.records_failed > 0 && !ACTIVE.has(job.state),
                run: async (job) => {
                  const data = await graphql<{ replay_sync_failures: { id: string } }>('mutation ConsoleReplayFailures($id: String!) { replay_sync_failures(id: $id) { id state } }', { id: job.id });
                  bump();
                  return `Replay job ${data.replay_sync_failures.id} queued.`;
                },
              },
              {
                label: 'Cancel',
                scope: ACTION_SCOPES.startSync,
                when: (job) => ACTIVE.has(job.state),
                run: async (job) => {
                  await graphql('mutation ConsoleCancelSync($id: String!) { cancel_sync(id: $id) { id state } }', { id: job.id });
                  bump();
                  return `Cancellation of ${job.id} requested.`;
                },
              },
            ]}
          />
        </Section>
      )}
      {selectedJob && (
        <Section title={`Failed records of ${selectedJob.id}`} id="failures">
          <ListView<SyncFailure>
            key={selectedJob.id}
            caption={`Records sync job ${selectedJob.id} could not write`}
            field="sync_failures"
            selection="id stream external_id errors { field code message } payload resolved_at created_at"
            fixed={{ sync_job_id: { type: 'String!', value: selectedJob.id } }}
            reloadKey={jobsChanged}
            filters={[{ name: 'resolved', label: 'Resolved', type: 'select', graphqlType: 'Boolean', options: [{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }] }]}
            rowKey={(failure) => failure.id}
            rowLabel={(failure) => `record ${failure.external_id}`}
            columns={[
              { label: 'Record', render: (failure) => `${failure.stream} ${failure.external_id}`, rowHeader: true },
              { label: 'Errors', render: (failure) => failure.errors.map((error) => `${error.field}: ${error.message} (${error.code})`).join('; ') },
              { label: 'Payload', render: (failure) => <code className="wrap">{shortJson(failure.payload, 100)}</code> },
              { label: 'Resolved', render: (failure) => (failure.resolved_at ? formatTime(failure.resolved_at) : 'no') },
            ]}
            actions={[
              {
                label: 'Replay',
                scope: ACTION_SCOPES.replayFailures,
                when: (failure) => !failure.resolved_at,
                run: async (failure) => {
                  const data = await graphql<{ replay_sync_failures: { id: string } }>('mutation ConsoleReplayFailure($id: String!, $input: ReplaySyncFailuresInput) { replay_sync_failures(id: $id, input: $input) { id } }', { id: selectedJob.id, input: { failure_id: failure.id } });
                  bump();
                  return `Replay job ${data.replay_sync_failures.id} queued for ${failure.external_id}.`;
                },
              },
            ]}
          />
        </Section>
      )}
    </>
  );
}

import { useState } from 'react';
import { graphql } from '../api/graphql.ts';
import { useQuery } from '../api/use-query.ts';
import { Progress, StatusBadge } from '../components/feedback.tsx';
import { json, optional, text } from '../components/forms.tsx';
import { ListView } from '../components/list-view.tsx';
import { PageTitle, Section } from '../components/page.tsx';
import { formatTime, shortJson } from '../format.ts';
import { ACTION_SCOPES } from '../governance.ts';

interface Workflow {
  id: string;
  name: string;
  description: string | null;
  enabled: boolean;
  trigger_type: string;
  event_type: string | null;
  next_run_at: string | null;
  template: string | null;
  definition_version: number;
  version: number;
}

interface Run {
  id: string;
  workflow_id: string;
  status: string;
  trigger: string;
  error: { step: string | null; code: string; message: string } | null;
  waiting_for: { step: string; kind: string } | null;
  created_at: string;
  finished_at: string | null;
  steps: { key: string; status: string }[];
}

interface Step {
  key: string;
  step_id: string;
  kind: string;
  status: string;
  attempts: number;
  max_attempts: number;
  output: unknown;
  error: unknown;
  started_at: string;
  duration_ms: number | null;
}

const ACTIVE_RUN = new Set(['queued', 'running', 'waiting']);
const TEMPLATES = 'query ConsoleWorkflowTemplates { workflow_templates { key name } }';

export function WorkflowsPage() {
  const templateList = useQuery<{ workflow_templates: { key: string; name: string }[] }>(TEMPLATES);
  const templates = (templateList.data?.workflow_templates ?? []).map((template) => ({ value: template.key, label: template.name }));
  const [workflow, setWorkflow] = useState<Workflow | undefined>();
  const [run, setRun] = useState<Run | undefined>();
  const [runsChanged, setRunsChanged] = useState(0);
  const [workflowsChanged, setWorkflowsChanged] = useState(0);
  return (
    <>
      <PageTitle title="Workflows">Automations triggered by events, schedules or by hand; their durable runs and each run&apos;s step log.</PageTitle>
      <Section title="Workflows">
        <ListView<Workflow>
          caption="Workflows"
          field="workflows"
          selection="id name description enabled trigger_type event_type next_run_at template definition_version version"
          reloadKey={workflowsChanged}
          selectedKey={workflow?.id}
          filters={[{ name: 'enabled', label: 'Enabled', type: 'select', graphqlType: 'Boolean', options: [{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }] }]}
          rowKey={(entry) => entry.id}
          rowLabel={(entry) => `workflow ${entry.name}`}
          columns={[
            { label: 'Name', render: (entry) => entry.name, rowHeader: true },
            { label: 'Trigger', render: (entry) => (entry.trigger_type === 'event' ? `event ${entry.event_type ?? ''}` : entry.trigger_type === 'schedule' ? `schedule (next ${formatTime(entry.next_run_at)})` : 'by hand or API') },
            { label: 'Enabled', render: (entry) => <StatusBadge value={entry.enabled ? 'enabled' : 'disabled'} /> },
            { label: 'Definition', render: (entry) => `v${entry.definition_version}` },
            { label: 'Template', render: (entry) => entry.template ?? '—' },
          ]}
          toolbar={[
            {
              label: 'Install template',
              scope: ACTION_SCOPES.manageWorkflows,
              fields: [
                { name: 'key', label: 'Template', type: 'select', required: true, options: templates },
                { name: 'name', label: 'Name (optional)' },
                { name: 'enabled', label: 'Enable at once', type: 'checkbox' },
                { name: 'parameters', label: 'Parameters (JSON, optional)', type: 'textarea' },
              ],
              run: async (_none, values) => {
                const data = await graphql<{ install_workflow_template: { id: string; signing_secret: string } }>('mutation ConsoleInstallTemplate($key: String!, $input: InstallWorkflowTemplateInput) { install_workflow_template(key: $key, input: $input) { id signing_secret } }', {
                  key: text(values, 'key'),
                  input: { name: optional(values, 'name'), enabled: values.enabled === true, parameters: json(values, 'parameters') },
                });
                setWorkflowsChanged((count) => count + 1);
                return { message: `Workflow ${data.install_workflow_template.id} installed.`, secret: { label: 'Signing secret of its HTTP calls', value: data.install_workflow_template.signing_secret } };
              },
            },
          ]}
          actions={[
            { label: 'Runs', run: async (entry) => (setWorkflow(entry), setRun(undefined), `Showing the runs of ${entry.name}.`) },
            {
              label: 'Start run',
              scope: ACTION_SCOPES.manageWorkflows,
              fields: [{ name: 'input', label: 'Input (JSON, optional)', type: 'textarea', defaultValue: '{}' }],
              run: async (entry, values) => {
                const data = await graphql<{ start_workflow_run: Run }>('mutation ConsoleStartRun($id: String!, $input: StartWorkflowRunInput) { start_workflow_run(id: $id, input: $input) { id status } }', { id: entry.id, input: { input: json(values, 'input') ?? {} } });
                setWorkflow(entry);
                setRunsChanged((count) => count + 1);
                return `Run ${data.start_workflow_run.id} of ${entry.name} started.`;
              },
            },
            {
              label: 'Disable',
              scope: ACTION_SCOPES.manageWorkflows,
              when: (entry) => entry.enabled,
              run: async (entry) => {
                await graphql('mutation ConsoleDisableWorkflow($id: String!, $version: Int) { disable_workflow(id: $id, version: $version) { id enabled } }', { id: entry.id, version: entry.version });
                return `${entry.name} disabled.`;
              },
            },
            {
              label: 'Enable',
              scope: ACTION_SCOPES.manageWorkflows,
              when: (entry) => !entry.enabled,
              run: async (entry) => {
                await graphql('mutation ConsoleEnableWorkflow($id: String!, $version: Int) { enable_workflow(id: $id, version: $version) { id enabled } }', { id: entry.id, version: entry.version });
                return `${entry.name} enabled.`;
              },
            },
          ]}
        />
      </Section>
      {workflow && (
        <Section title={`Runs of ${workflow.name}`} id="runs">
          <ListView<Run>
            key={workflow.id}
            caption={`Runs of ${workflow.name}`}
            field="workflow_runs"
            selection="id workflow_id status trigger error { step code message } waiting_for { step kind } created_at finished_at steps { key status }"
            fixed={{ workflow_id: { type: 'String', value: workflow.id } }}
            reloadKey={runsChanged}
            selectedKey={run?.id}
            poll={(runs) => runs.some((entry) => ACTIVE_RUN.has(entry.status))}
            filters={[{ name: 'status', label: 'Status', type: 'select', graphqlType: 'WorkflowRunStatus', options: ['queued', 'running', 'waiting', 'succeeded', 'failed', 'cancelled'].map((status) => ({ value: status, label: status })) }]}
            rowKey={(entry) => entry.id}
            rowLabel={(entry) => `run ${entry.id}`}
            columns={[
              { label: 'Run', render: (entry) => <code>{entry.id}</code>, rowHeader: true },
              { label: 'Trigger', render: (entry) => entry.trigger },
              { label: 'Status', render: (entry) => <StatusBadge value={entry.status} /> },
              {
                label: 'Progress',
                render: (entry) => {
                  const finished = entry.steps.filter((step) => step.status === 'succeeded' || step.status === 'failed').length;
                  return <Progress label={`Progress of run ${entry.id}`} value={finished} max={ACTIVE_RUN.has(entry.status) ? undefined : Math.max(1, entry.steps.length)} text={`${finished} of ${entry.steps.length} steps done${entry.waiting_for ? ` · waiting (${entry.waiting_for.kind})` : ''}`} />;
                },
              },
              { label: 'Error', render: (entry) => (entry.error ? `${entry.error.code}: ${entry.error.message}` : '—') },
              { label: 'Started', render: (entry) => formatTime(entry.created_at) },
            ]}
            actions={[
              { label: 'Step log', run: async (entry) => (setRun(entry), `Showing the step log of ${entry.id}.`) },
              {
                label: 'Cancel',
                scope: ACTION_SCOPES.manageWorkflows,
                when: (entry) => ACTIVE_RUN.has(entry.status),
                run: async (entry) => {
                  await graphql('mutation ConsoleCancelRun($workflow_id: String!, $id: String!) { cancel_workflow_run(workflow_id: $workflow_id, id: $id) { id status } }', { workflow_id: entry.workflow_id, id: entry.id });
                  return `Cancellation of run ${entry.id} requested.`;
                },
              },
            ]}
          />
        </Section>
      )}
      {workflow && run && (
        <Section title={`Step log of run ${run.id}`} id="steps">
          <ListView<Step>
            key={run.id}
            caption={`Steps of run ${run.id}`}
            field="workflow_run_steps"
            selection="key step_id kind status attempts max_attempts output error started_at duration_ms"
            fixed={{ workflow_id: { type: 'String!', value: workflow.id }, run_id: { type: 'String!', value: run.id } }}
            poll={(steps) => steps.some((step) => step.status === 'running' || step.status === 'retrying' || step.status === 'waiting')}
            reloadKey={runsChanged}
            rowKey={(step) => step.key}
            rowLabel={(step) => `step ${step.step_id}`}
            columns={[
              { label: 'Step', render: (step) => step.step_id, rowHeader: true },
              { label: 'Kind', render: (step) => step.kind },
              { label: 'Status', render: (step) => <StatusBadge value={step.status} /> },
              { label: 'Attempts', render: (step) => `${step.attempts}/${step.max_attempts}` },
              { label: 'Started', render: (step) => formatTime(step.started_at) },
              { label: 'Duration', render: (step) => (step.duration_ms === null ? '—' : `${step.duration_ms} ms`) },
              { label: 'Output or error', render: (step) => <code className="wrap">{shortJson(step.error ?? step.output, 120)}</code> },
            ]}
          />
        </Section>
      )}
    </>
  );
}

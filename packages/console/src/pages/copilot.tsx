import { useState } from 'react';
import { graphql } from '../api/graphql.ts';
import { StatusBadge } from '../components/feedback.tsx';
import { SpecForm, text } from '../components/forms.tsx';
import { ListView } from '../components/list-view.tsx';
import { PageTitle, Section } from '../components/page.tsx';
import { formatTime } from '../format.ts';
import { ACTION_SCOPES } from '../governance.ts';
import { useScopes } from '../session.tsx';

interface AiQuery {
  id: string;
  question: string;
  status: string;
  engine: string;
  summary: string;
  interpretation: string | null;
  confidence: number;
  suggestions: string[];
  answer: { kind: string; value: number | null; unit: string | null; columns: { name: string; type: string }[]; rows: unknown; total: number | null } | null;
  operations: { document: string; variables: unknown }[];
  created_at: string;
}

interface AiTask {
  id: string;
  goal: string;
  kind: string;
  status: string;
  require_approval: boolean;
  plan: { summary: string; steps: { id: string }[] };
  error: { code: string; message: string } | null;
  version: number;
  created_at: string;
}

const QUERY_FIELDS = 'id question status engine summary interpretation confidence suggestions answer { kind value unit columns { name type } rows total } operations { document variables } created_at';
const ACTIVE_TASK = new Set(['queued', 'running']);

function cell(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function Answer({ query }: { query: AiQuery }) {
  const rows = Array.isArray(query.answer?.rows) ? (query.answer.rows as unknown[]) : [];
  const columns = query.answer?.columns ?? [];
  return (
    <section aria-labelledby="answer-heading" className="answer">
      <h2 id="answer-heading">Answer</h2>
      <p className="answer-summary" data-testid="copilot-summary">
        {query.summary}
      </p>
      <p className="muted">
        <StatusBadge value={query.status} /> · engine {query.engine} · confidence {Math.round(query.confidence * 100)} %{query.interpretation ? ` · understood as: ${query.interpretation}` : ''}
      </p>
      {query.answer?.kind === 'number' && (
        <p className="answer-number">
          {query.answer.value}
          {query.answer.unit ? ` ${query.answer.unit}` : ''}
        </p>
      )}
      {columns.length > 0 && (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Answer table">
          <table>
            <caption>
              Answer: {query.answer?.total ?? rows.length} {(query.answer?.total ?? rows.length) === 1 ? 'row' : 'rows'}
            </caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.name} scope="col">
                    {column.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index}>
                  {columns.map((column, columnIndex) => {
                    const value = Array.isArray(row) ? row[columnIndex] : (row as Record<string, unknown>)[column.name];
                    return <td key={column.name}>{cell(value)}</td>;
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {query.suggestions.length > 0 && (
        <>
          <h3>Suggestions</h3>
          <ul>
            {query.suggestions.map((suggestion) => (
              <li key={suggestion}>{suggestion}</li>
            ))}
          </ul>
        </>
      )}
      <h3>GraphQL operations behind the answer</h3>
      {query.operations.length === 0 ? (
        <p className="muted">None ran.</p>
      ) : (
        query.operations.map((operation, index) => (
          <details key={index} open={index === 0}>
            <summary>Operation {index + 1}</summary>
            <pre tabIndex={0}>
              <code>{operation.document}</code>
            </pre>
            <pre tabIndex={0}>
              <code>{JSON.stringify(operation.variables, null, 2)}</code>
            </pre>
          </details>
        ))
      )}
    </section>
  );
}

export function CopilotPage() {
  const scopes = useScopes();
  const [answer, setAnswer] = useState<AiQuery | undefined>();
  const [asked, setAsked] = useState(0);
  return (
    <>
      <PageTitle title="Copilot">Ask about your operations data in plain English. The copilot runs the platform&apos;s own queries with your scopes, never more, and shows them.</PageTitle>
      {scopes.includes(ACTION_SCOPES.askCopilot) && (
        <Section title="Ask a question">
          <SpecForm
            fields={[{ name: 'question', label: 'Question', required: true, placeholder: 'Which SKUs are below their reorder point?' }]}
            submitLabel="Ask"
            busyLabel="Thinking…"
            onSubmit={async (values) => {
              const data = await graphql<{ ask_copilot: AiQuery }>(`mutation ConsoleAsk($input: AskCopilotInput!) { ask_copilot(input: $input) { ${QUERY_FIELDS} } }`, { input: { question: text(values, 'question') } });
              setAnswer(data.ask_copilot);
              setAsked((count) => count + 1);
            }}
          />
        </Section>
      )}
      {answer && <Answer query={answer} />}
      {scopes.includes('ai:read') && (
        <>
          <Section title="Earlier questions">
            <ListView<AiQuery>
              caption="Copilot questions"
              field="ai_queries"
              selection={QUERY_FIELDS}
              perPage={10}
              reloadKey={asked}
              filters={[{ name: 'status', label: 'Status', type: 'select', graphqlType: 'AiQueryStatus', options: ['answered', 'ambiguous', 'unanswerable'].map((status) => ({ value: status, label: status })) }]}
              rowKey={(query) => query.id}
              rowLabel={(query) => `question ${query.question}`}
              columns={[
                { label: 'Question', render: (query) => query.question, rowHeader: true },
                { label: 'Status', render: (query) => <StatusBadge value={query.status} /> },
                { label: 'Summary', render: (query) => query.summary },
                { label: 'Asked', render: (query) => formatTime(query.created_at) },
              ]}
              actions={[{ label: 'Show', run: async (query) => (setAnswer(query), `Showing the answer to “${query.question}”.`) }]}
            />
          </Section>
          <Section title="Agent tasks">
            <ListView<AiTask>
              caption="Agent tasks"
              field="ai_tasks"
              selection="id goal kind status require_approval plan { summary steps { id } } error { code message } version created_at"
              perPage={10}
              poll={(tasks) => tasks.some((task) => ACTIVE_TASK.has(task.status))}
              filters={[{ name: 'status', label: 'Status', type: 'select', graphqlType: 'AiTaskStatus', options: ['awaiting_approval', 'queued', 'running', 'succeeded', 'failed', 'cancelled', 'rejected'].map((status) => ({ value: status, label: status.replace('_', ' ') })) }]}
              rowKey={(task) => task.id}
              rowLabel={(task) => `task ${task.goal}`}
              columns={[
                { label: 'Goal', render: (task) => task.goal, rowHeader: true },
                { label: 'Status', render: (task) => <StatusBadge value={task.status} /> },
                { label: 'Plan', render: (task) => `${task.plan.summary} (${task.plan.steps.length} steps)` },
                { label: 'Error', render: (task) => (task.error ? `${task.error.code}: ${task.error.message}` : '—') },
                { label: 'Created', render: (task) => formatTime(task.created_at) },
              ]}
              toolbar={[
                {
                  label: 'New agent task',
                  scope: ACTION_SCOPES.decideAiTasks,
                  fields: [
                    { name: 'goal', label: 'Goal', required: true, placeholder: 'Restock items below their reorder point from their usual suppliers' },
                    { name: 'require_approval', label: 'Ask for my approval before it writes', type: 'checkbox', defaultValue: true },
                  ],
                  run: async (_none, values) => {
                    const data = await graphql<{ create_ai_task: { id: string; status: string } }>('mutation ConsoleCreateTask($input: CreateAiTaskInput!) { create_ai_task(input: $input) { id status } }', { input: { goal: text(values, 'goal'), require_approval: values.require_approval === true } });
                    return `Task ${data.create_ai_task.id} created (${data.create_ai_task.status.replace('_', ' ')}).`;
                  },
                },
              ]}
              actions={[
                ...(['approved', 'rejected'] as const).map((decision) => ({
                  label: decision === 'approved' ? 'Approve' : 'Reject',
                  scope: ACTION_SCOPES.decideAiTasks,
                  when: (task: AiTask) => task.status === 'awaiting_approval',
                  fields: [{ name: 'comment', label: 'Comment (optional)' }],
                  run: async (task: AiTask, values: Record<string, string | boolean | string[]>) => {
                    await graphql('mutation ConsoleDecideTask($id: String!, $input: DecideAiTaskInput!) { decide_ai_task(id: $id, input: $input) { id status } }', { id: task.id, input: { decision, comment: text(values, 'comment') || undefined } });
                    return `Task ${decision}.`;
                  },
                })),
                {
                  label: 'Cancel',
                  scope: ACTION_SCOPES.decideAiTasks,
                  when: (task) => ACTIVE_TASK.has(task.status) || task.status === 'awaiting_approval',
                  run: async (task) => {
                    await graphql('mutation ConsoleCancelTask($id: String!) { cancel_ai_task(id: $id) { id status } }', { id: task.id });
                    return 'Cancellation requested.';
                  },
                },
              ]}
            />
          </Section>
        </>
      )}
    </>
  );
}

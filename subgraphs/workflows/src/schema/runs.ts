import type { Db, Prisma } from '@platform/db';
import { ApiError } from '@platform/errors';
import { type RestRoutes, type SubgraphBuilder, type SubgraphContext, fixedOrder, inputRules, listEnvelope, listOrder, listWindow, paginationArgs, parseInput, sortArg } from '@platform/graphql-kit';
import { findStep } from '../definition/format.ts';
import { inputViolations } from '../definition/input-schema.ts';
import { storedDefinition } from '../definition/stored.ts';
import { MAX_CHAIN_DEPTH, runTimeoutAt } from '../engine/constants.ts';
import { emitRunChanged } from '../engine/representation.ts';
import { JSON_NULL, endRunWithin } from '../engine/run-end.ts';
import { ACTIVE_RUN_STATUSES, type RunRecord, type RunStepRecord, createRun, findRun, listRunSteps, listRuns, lockRun, runSteps, updateRun } from '../repositories/runs.ts';
import { findWorkflow, findWorkflowVersion } from '../repositories/workflows.ts';
import { inputInvalid, notFoundRun, notFoundWorkflow } from './errors.ts';
import { decideApprovalRules, startRunRules } from './rules.ts';
import { WORKFLOW_SCOPES } from './workflows.ts';

const RUN_SORT_KEYS = { created_at: 'timestamp' } as const;
const DEFAULT_RUN_SORT = '-created_at';
/** A run's steps in the order they started: a position is unique in its run. */
const STEP_ORDER = fixedOrder([{ column: 'position', kind: 'integer' }], 'asc');

interface RunError {
  step: string | null;
  code: string;
  message: string;
}
interface Waiting {
  step: string;
  kind: 'wait' | 'approval';
  until: string | null;
  message?: unknown;
}

/** Workflow runs: start one, follow it (its status and step log, live through `workflow.run.updated`), cancel it, decide its approvals. */
export function defineRunSchema(builder: SubgraphBuilder) {
  const RunStatusEnum = builder.enumType('WorkflowRunStatus', {
    description: 'Where a run is.',
    values: {
      queued: { description: 'Started, waiting for the engine (or going on after an approval).' },
      running: { description: 'Executing its steps (or between two attempts of a step being retried).' },
      waiting: { description: 'Waiting for a delay to pass or for an approval: `waiting_for` says which.' },
      succeeded: { description: 'Every step ran; `output` holds the outcome. `workflow.completed` was emitted.' },
      failed: { description: 'A step failed for good (after its retries), the run timed out, or it was refused (loop protection): `error` names the step and the code. `workflow.completed` was emitted, except for a refused run.' },
      cancelled: { description: 'Cancelled through the API; what its steps did stays. `workflow.completed` was emitted.' },
    } as const,
  });
  const RunTriggerEnum = builder.enumType('WorkflowRunTrigger', {
    description: 'What started a run.',
    values: {
      event: { description: 'An event of the workflow’s trigger: `input` is the event, `trigger_event_id` its id.' },
      schedule: { description: 'A time of the workflow’s schedule: `input` is `{ scheduled_for }`.' },
      manual: { description: 'The API (`POST /v1/workflows/{id}/runs`): `input` as given, `started_by` the credential.' },
    } as const,
  });
  const StepStatusEnum = builder.enumType('WorkflowStepStatus', {
    description: 'Where a step of a run is.',
    values: {
      running: { description: 'An attempt is under way.' },
      retrying: { description: 'An attempt failed for a reason worth retrying; the next is due at `next_attempt_at`.' },
      waiting: { description: 'A wait until `wake_at`, or an approval waiting for its decision (until `wake_at`, its deadline, if any).' },
      succeeded: { description: 'Done; `output` holds its outcome, which later steps read as `steps.<id>`.' },
      failed: { description: 'Failed for good: `error` says why; the run failed with it.' },
    } as const,
  });

  const RunErrorType = builder.objectRef<RunError>('WorkflowRunError').implement({
    description: 'Why a run failed.',
    authScopes: { anyScope: WORKFLOW_SCOPES },
    fields: (t) => ({
      step: t.exposeString('step', { nullable: true, description: 'The key of the step that failed (`notify`, `lines[2].reserve`); null when no step did (a timeout, a refusal).' }),
      code: t.exposeString('code', { description: 'Stable code: the platform error code of a failed operation (`insufficient_stock`, `insufficient_scope`, …), `http_error`, `http_timeout`, `http_unreachable`, `http_refused`, `expression_failed`, `too_many_items`, `approval_rejected`, `approval_timed_out`, `run_timed_out`, `chain_depth_exceeded`.' }),
      message: t.exposeString('message', { description: 'What went wrong, for people (never a secret).' }),
    }),
  });
  const WaitingType = builder.objectRef<Waiting>('WorkflowRunWaiting').implement({
    description: 'What a waiting run waits for.',
    authScopes: { anyScope: WORKFLOW_SCOPES },
    fields: (t) => ({
      step: t.exposeString('step', { description: 'The key of the waiting step.' }),
      kind: t.exposeString('kind', { description: '`wait` (a delay) or `approval` (a decision through `POST /v1/workflows/runs/{id}/approval`).' }),
      until: t.field({ type: 'DateTime', nullable: true, resolve: (waiting) => (waiting.until ? new Date(waiting.until) : null), description: 'When the wait ends, or the approval’s deadline (null: none).' }),
      message: t.field({ type: 'JSON', nullable: true, resolve: (waiting) => waiting.message ?? null, description: 'An approval: what the approver is asked (the step’s `message`).' }),
    }),
  });

  const RunStep = builder.objectRef<RunStepRecord>('WorkflowRunStep').implement({
    description: 'A step of a run as it executed: its input (its expressions evaluated), output or error, attempts and timings.',
    authScopes: { anyScope: WORKFLOW_SCOPES },
    fields: (t) => ({
      key: t.exposeString('key', { description: 'The step’s place in the run: its id, prefixed by the for_each iterations around it (`lines[2].reserve`).' }),
      step_id: t.exposeString('step_id', { description: 'The step’s id in the definition.' }),
      kind: t.exposeString('kind', { description: '`condition`, `graphql`, `emit`, `http`, `wait`, `approval` or `for_each`.' }),
      status: t.field({ type: StepStatusEnum, resolve: (step) => step.status, description: 'Where the step is.' }),
      input: t.field({ type: 'JSON', nullable: true, resolve: (step) => step.input, description: 'Its expressions’ values: a graphql step’s `variables`, an http step’s `body`, a condition’s `if`, …' }),
      output: t.field({ type: 'JSON', nullable: true, resolve: (step) => step.output, description: 'Its outcome: an operation’s `data`, an HTTP answer’s `{ status, body }`, a condition’s `{ result }`, a for_each’s `{ items }`, an approval’s `{ decision, comment, decided_by, decided_at }`.' }),
      error: t.field({ type: 'JSON', nullable: true, resolve: (step) => step.error, description: '`{ code, message }` of the last failed attempt.' }),
      attempts: t.exposeInt('attempts', { description: 'Attempts made.' }),
      max_attempts: t.exposeInt('max_attempts', { description: 'Attempts its retry policy allows in all.' }),
      next_attempt_at: t.expose('next_attempt_at', { type: 'DateTime', nullable: true, description: 'While `retrying`: when the next attempt is due.' }),
      wake_at: t.expose('wake_at', { type: 'DateTime', nullable: true, description: 'A wait: when it ends; an approval: its deadline.' }),
      started_at: t.expose('started_at', { type: 'DateTime', description: 'When its first attempt started.' }),
      finished_at: t.expose('finished_at', { type: 'DateTime', nullable: true, description: 'When it succeeded or failed for good.' }),
      duration_ms: t.int({ nullable: true, resolve: (step) => (step.finished_at ? step.finished_at.getTime() - step.started_at.getTime() : null), description: 'From its first attempt’s start to its end (retries and waits included).' }),
    }),
  });

  const Run = builder.objectRef<RunRecord>('WorkflowRun').implement({
    description: 'One execution of a workflow, with the definition version it started with, its input, status, and outcome.',
    authScopes: { anyScope: WORKFLOW_SCOPES },
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Run identifier (`wfr_…`).' }),
      workflow_id: t.exposeString('workflow_id', { description: 'The workflow (`wf_…`).' }),
      definition_version: t.exposeInt('workflow_version', { description: 'The definition version it executes (the current one when it started).' }),
      status: t.field({ type: RunStatusEnum, resolve: (run) => run.status, description: 'Where it is.' }),
      trigger: t.field({ type: RunTriggerEnum, resolve: (run) => run.trigger, description: '`event`, `schedule` or `manual`.' }),
      input: t.field({ type: 'JSON', resolve: (run) => run.input, description: 'What its expressions read as `input`: the triggering event (as webhooks receive it), `{ scheduled_for }`, or the input given to the API.' }),
      trigger_event_id: t.exposeString('trigger_event_id', { nullable: true, description: 'An event trigger: the event (`evt_…`).' }),
      scheduled_for: t.expose('scheduled_for', { type: 'DateTime', nullable: true, description: 'A schedule trigger: the scheduled time.' }),
      chain_depth: t.exposeInt('chain_depth', { description: `1 for a run the API, a schedule or an event no run produced started; one more for each run before it in a chain of runs triggering runs (at most ${MAX_CHAIN_DEPTH}).` }),
      caused_by_run_id: t.exposeString('caused_by_run_id', { nullable: true, description: 'The run whose event (or operation) started this one.' }),
      started_by: t.exposeString('started_by', { nullable: true, description: 'A manual run: the credential that started it.' }),
      output: t.field({ type: 'JSON', nullable: true, resolve: (run) => run.output, description: 'A succeeded run: the definition’s `output`, or every step’s output by step id.' }),
      error: t.field({ type: RunErrorType, nullable: true, resolve: (run) => run.error as RunError | null, description: 'A failed run: the step, code and message.' }),
      waiting_for: t.field({ type: WaitingType, nullable: true, resolve: (run) => run.waiting_for as Waiting | null, description: 'A waiting run: the step and what it waits for.' }),
      timeout_at: t.expose('timeout_at', { type: 'DateTime', description: 'When it fails with `run_timed_out` if still not over.' }),
      cancel_requested_at: t.expose('cancel_requested_at', { type: 'DateTime', nullable: true, description: 'When cancellation was asked of a running run (it stops before its next step).' }),
      version: t.exposeInt('version', { description: 'Incremented by every change of the run.' }),
      created_at: t.expose('created_at', { type: 'DateTime', description: 'When it was started.' }),
      started_at: t.expose('started_at', { type: 'DateTime', nullable: true, description: 'When its first step began.' }),
      finished_at: t.expose('finished_at', { type: 'DateTime', nullable: true, description: 'When it ended.' }),
      steps: t.field({
        type: [RunStep],
        description: 'Its step log (GraphQL only; REST: `GET /v1/workflows/runs/{id}/steps`).',
        resolve: (run, _args, { prisma }) => runSteps(prisma, run.tenant_id, run.id),
      }),
    }),
  });

  const RunList = listEnvelope(builder, 'WorkflowRunList', Run);
  const RunStepList = listEnvelope(builder, 'WorkflowRunStepList', RunStep);

  const StartRunInput = builder.inputType('StartWorkflowRunInput', {
    extensions: inputRules(startRunRules),
    description: 'A run’s input.',
    fields: (t) => ({
      input: t.field({ type: 'JSON', required: false, description: 'What its expressions read as `input` (absent or null: `{}`); checked against the trigger’s `input_schema` when it has one.' }),
    }),
  });
  const DecideApprovalInput = builder.inputType('DecideWorkflowApprovalInput', {
    extensions: inputRules(decideApprovalRules),
    description: 'The decision on the approval a run waits for.',
    fields: (t) => ({
      decision: t.string({ required: true, description: '`approved` (the run goes on) or `rejected` (the run fails with `approval_rejected`, or goes on if the step says `on_reject: continue`).' }),
      comment: t.string({ required: false, description: 'Why, up to 2000 characters (the step’s output keeps it).' }),
    }),
  });

  builder.queryFields((t) => ({
    workflow_runs: t.field({
      type: RunList,
      description: 'Workflow runs, newest first by default.',
      authScopes: { scope: 'workflows:read' },
      args: {
        workflow_id: t.arg.string({ required: false, description: 'Only runs of this workflow.' }),
        status: t.arg({ type: RunStatusEnum, required: false, description: 'Only runs in this status.' }),
        sort: sortArg(t.arg, Object.keys(RUN_SORT_KEYS), DEFAULT_RUN_SORT),
        ...paginationArgs(t),
      },
      resolve: (_root, args, { prisma, principal }, info) => listRuns(prisma, principal.tenantId, args, listWindow(args, 'workflow_runs', listOrder(args.sort, RUN_SORT_KEYS, DEFAULT_RUN_SORT), info)),
    }),
    workflow_run: t.field({
      type: Run,
      description: 'One run of a workflow by id, as it is now.',
      authScopes: { scope: 'workflows:read' },
      args: { workflow_id: workflowIdArg(t.arg), id: t.arg.string({ required: true, description: 'The run id (`wfr_…`).' }) },
      resolve: (_root, { workflow_id: workflowId, id }, { prisma, principal }) => runOf(prisma, principal.tenantId, workflowId, id),
    }),
    workflow_run_steps: t.field({
      type: RunStepList,
      description: 'A run’s step log, in the order its steps started: each step’s input, output, error, attempts and timings.',
      authScopes: { scope: 'workflows:read' },
      args: { workflow_id: workflowIdArg(t.arg), run_id: t.arg.string({ required: true, description: 'The run id.' }), ...paginationArgs(t) },
      resolve: async (_root, args, { prisma, principal }, info) => {
        const window = listWindow(args, 'workflow_run_steps', STEP_ORDER, info);
        await runOf(prisma, principal.tenantId, args.workflow_id, args.run_id);
        return listRunSteps(prisma, principal.tenantId, args.run_id, window);
      },
    }),
  }));

  builder.mutationFields((t) => ({
    start_workflow_run: t.field({
      type: Run,
      description:
        'Starts a run of an enabled workflow with its current definition version and this input (checked against the trigger’s `input_schema`; an event workflow may be run with a sample event as input). Send `Idempotency-Key`: a retry returns the first run instead of starting another. Started by a workflow’s own step, the run is one deeper in its chain (refused past the limit).',
      authScopes: { scope: 'workflows:write' },
      args: { id: t.arg.string({ required: true, description: 'The workflow id.' }), input: t.arg({ type: StartRunInput, required: false, description: 'The run’s input (REST: the JSON body, optional).' }) },
      resolve: async (_root, { id, input }, context) => {
        // Absent or null: `{}` (a run's input is always a JSON value its expressions can read).
        const runInput = parseInput(startRunRules, input ?? {}).input ?? {};
        const { tenantId, causation, credential } = context.principal;
        const workflow = await findWorkflow(context.prisma, tenantId, id);
        if (!workflow) throw notFoundWorkflow(id);
        if (!workflow.enabled) throw new ApiError('invalid_state', `Workflow ${id} is disabled; enable it to start runs.`, { current_status: 'disabled' });
        const version = await findWorkflowVersion(context.prisma, tenantId, id, workflow.current_version);
        if (!version) throw notFoundWorkflow(id);
        const definition = storedDefinition(version);
        if (definition.trigger.type === 'manual' && definition.trigger.input_schema) {
          const violations = inputViolations(definition.trigger.input_schema, runInput);
          if (violations.length > 0) throw inputInvalid(violations);
        }
        const chainDepth = causation ? causation.chain_depth + 1 : 1;
        if (chainDepth > MAX_CHAIN_DEPTH) {
          throw new ApiError('rule_violation', `Run ${causation?.workflow_run_id} is at depth ${chainDepth - 1} of a chain of runs starting runs; a chain stops at depth ${MAX_CHAIN_DEPTH}.`, { errors: [{ field: 'id', message: 'would start a run past the chain depth limit' }] });
        }
        const started = await context.audit.recordChange(
          'workflow_run.start',
          async (tx) => {
            const run = await createRun(tx, {
              tenant_id: tenantId,
              workflow_id: id,
              workflow_version: version.version,
              trigger: 'manual',
              input: runInput,
              chain_depth: chainDepth,
              caused_by_run_id: causation?.workflow_run_id ?? null,
              started_by: credential.id,
              timeout_at: runTimeoutAt(definition),
            });
            if (!run) throw new Error('a manual run always creates a row');
            await context.platform.workflows.queueRun(tx, run);
            return run;
          },
          (run) => run.id,
        );
        context.platform.workflows.wake();
        return started;
      },
    }),
    cancel_workflow_run: t.field({
      type: Run,
      description: 'Cancels a queued, running or waiting run (any other status: `invalid_state`). A run between two steps is cancelled at once; one performing a step stops when that step ends, keeping what it did. `workflow.completed` fires with `cancelled`.',
      authScopes: { scope: 'workflows:write' },
      args: { workflow_id: workflowIdArg(t.arg), id: t.arg.string({ required: true, description: 'The run id.' }) },
      resolve: async (_root, { workflow_id: workflowId, id }, context) => {
        const { tenantId } = context.principal;
        const cancelled = await context.audit.recordChange(
          'workflow_run.cancel',
          async (tx) => {
            const run = await lockRun(tx, tenantId, id);
            if (run?.workflow_id !== workflowId) throw notFoundRun(id);
            if (!ACTIVE_RUN_STATUSES.includes(run.status)) throw new ApiError('invalid_state', `Run ${id} is ${run.status}; only a queued, running or waiting run can be cancelled.`, { current_status: run.status });
            // Held by an execution under way: it ends the run before its next step.
            if (run.lease_expires_at && run.lease_expires_at > new Date()) return updateRun(tx, tenantId, id, { cancel_requested_at: new Date() });
            return endRunWithin(context.platform.events, tx, { ...run, cancel_requested_at: new Date() }, { status: 'cancelled' }, context.requestId);
          },
          () => id,
        );
        context.platform.workflows.interrupt(tenantId, id);
        return cancelled;
      },
    }),
    decide_workflow_approval: t.field({
      type: Run,
      description:
        'Approves or rejects what a waiting run asks (its approval step). Approved: the run goes on. Rejected: the run fails with `approval_rejected`, unless the step says `on_reject: continue` (then later steps read `steps.<id>.decision`). A run not waiting for an approval: `invalid_state`.',
      authScopes: { scope: 'workflows:write' },
      args: { workflow_id: workflowIdArg(t.arg), id: t.arg.string({ required: true, description: 'The run id.' }), input: t.arg({ type: DecideApprovalInput, required: true, description: 'The decision (REST: the JSON body).' }) },
      resolve: async (_root, { workflow_id: workflowId, id, input }, context) => {
        const { decision, comment } = parseInput(decideApprovalRules, input);
        const decided = await context.audit.recordChange('workflow_run.decide_approval', (tx) => decideApproval(context, tx, workflowId, id, decision, comment ?? null), () => id);
        context.platform.workflows.wake();
        return decided;
      },
    }),
  }));

  return { RunStatusEnum, RunTriggerEnum };
}

/** Records the decision on the step the run waits at, and goes on (or fails the run), in the request's transaction. */
async function decideApproval(context: SubgraphContext, tx: Prisma.TransactionClient, workflowId: string, id: string, decision: 'approved' | 'rejected', comment: string | null): Promise<RunRecord> {
  const { tenantId, credential } = context.principal;
  const run = await lockRun(tx, tenantId, id);
  if (run?.workflow_id !== workflowId) throw notFoundRun(id);
  const waiting = run.waiting_for as Waiting | null;
  if (run.status !== 'waiting' || waiting?.kind !== 'approval') throw new ApiError('invalid_state', `Run ${id} is ${run.status} and waits for no approval.`, { current_status: run.status });
  const row = await tx.workflowRunStep.findUnique({ where: { tenant_id_run_id_key: { tenant_id: tenantId, run_id: id, key: waiting.step } } });
  const version = await findWorkflowVersion(tx, tenantId, run.workflow_id, run.workflow_version);
  const step = version && row ? findStep(storedDefinition(version).steps, row.step_id) : undefined;
  if (!row || step?.kind !== 'approval') throw new ApiError('invalid_state', `Run ${id} waits for no approval.`, { current_status: run.status });
  const now = new Date();
  const output = { decision, comment, decided_by: credential.id, decided_at: now.toISOString() };
  const key = { tenant_id_run_id_key: { tenant_id: tenantId, run_id: id, key: row.key } };
  if (decision === 'rejected' && step.on_reject !== 'continue') {
    const error = { code: 'approval_rejected', message: `The approval of step "${step.id}" was rejected${comment ? `: ${comment}` : '.'}` };
    await tx.workflowRunStep.update({ where: key, data: { status: 'failed', output, error, finished_at: now } });
    return endRunWithin(context.platform.events, tx, run, { status: 'failed', error: { step: row.key, ...error } }, context.requestId);
  }
  await tx.workflowRunStep.update({ where: key, data: { status: 'succeeded', output, finished_at: now } });
  const queued = await updateRun(tx, tenantId, id, { status: 'queued', waiting_for: JSON_NULL });
  await emitRunChanged(context.platform.events, tx, queued, context.requestId);
  await context.platform.workflows.resume(tx, tenantId, id);
  return queued;
}

/** The run, if it is one of this workflow's in the tenant. */
async function runOf(db: Db, tenantId: string, workflowId: string, id: string): Promise<RunRecord> {
  const run = await findRun(db, tenantId, id);
  if (run?.workflow_id !== workflowId) throw notFoundRun(id);
  return run;
}

/** The argument builder of a field (queries' and mutations' are alike). */
type ArgBuilder = Parameters<Parameters<SubgraphBuilder['queryField']>[1]>[0]['arg'];

function workflowIdArg(arg: ArgBuilder) {
  return arg.string({ required: true, description: 'The workflow (`wf_…`) the run belongs to.' });
}

// A run is addressed under its workflow: `/workflows/runs/{id}` would be ambiguous with `/workflows/{id}/runs`.
export const runRestRoutes: RestRoutes = {
  'Query.workflow_runs': { method: 'GET', path: '/workflows/runs', tags: ['Workflow runs'] },
  'Mutation.start_workflow_run': { method: 'POST', path: '/workflows/:id/runs', responseStatus: 201, tags: ['Workflow runs'] },
  'Query.workflow_run': { method: 'GET', path: '/workflows/:workflow_id/runs/:id', tags: ['Workflow runs'] },
  'Query.workflow_run_steps': { method: 'GET', path: '/workflows/:workflow_id/runs/:run_id/steps', tags: ['Workflow runs'] },
  'Mutation.cancel_workflow_run': { method: 'POST', path: '/workflows/:workflow_id/runs/:id/cancel', tags: ['Workflow runs'] },
  'Mutation.decide_workflow_approval': { method: 'POST', path: '/workflows/:workflow_id/runs/:id/approval', tags: ['Workflow runs'] },
};

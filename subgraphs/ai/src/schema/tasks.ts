import type { AiTaskStatus, Prisma } from '@platform/db';
import { ApiError } from '@platform/errors';
import { type RestRoutes, type SubgraphBuilder, type SubgraphContext, fixedOrder, inputRules, listEnvelope, listOrder, listWindow, paginationArgs, parseInput, sortArg } from '@platform/graphql-kit';
import { ACTIVE_TASK_STATUSES, type TaskRecord, createTask, findTask, listTaskSteps, listTasks, lockTask, updateTask } from '../repositories/tasks.ts';
import type { TaskPlan, TaskStep } from '../tasks/plan.ts';
import { planTask } from '../tasks/planner.ts';
import { KNOWN_TASK_KINDS } from '../tasks/known-kinds.ts';
import { type TaskRepresentation, type TaskStepRepresentation, emitTaskEnded, taskRepresentation, taskStepRepresentation } from '../tasks/representation.ts';
import { createTaskRules, decideTaskRules } from './rules.ts';
import { AI_SCOPES, type SharedTypes } from './shared.ts';

const TASK_SORT_KEYS = { created_at: 'timestamp' } as const;
const DEFAULT_TASK_SORT = '-created_at';
const STEP_ORDER = fixedOrder([{ column: 'position', kind: 'integer' }], 'asc');

/** Agent tasks: a goal planned into writes over the platform's operations, approved, executed on the job queue. */
export function defineTaskSchema(builder: SubgraphBuilder, { Operation, EngineEnum }: SharedTypes) {
  const StatusEnum = builder.enumType('AiTaskStatus', {
    description: 'Where a task is.',
    values: {
      awaiting_approval: { description: 'Planned; nothing runs until someone approves the plan (`POST /v1/ai/tasks/{id}/approval`).' },
      queued: { description: 'Approved (or created without approval); waiting for the engine.' },
      running: { description: 'Executing its steps, one after the other.' },
      succeeded: { description: 'Every step ran. `ai.task.completed` fired.' },
      failed: { description: 'A step failed: `error` names it (what earlier steps did stays). `ai.task.completed` fired.' },
      cancelled: { description: 'Cancelled before its last step; what earlier steps did stays. `ai.task.completed` fired.' },
      rejected: { description: 'Its plan was rejected; nothing ran. `ai.task.completed` fired.' },
    } as const,
  });
  const PlannedStep = builder.objectRef<TaskStep>('AiTaskPlannedStep').implement({
    description: 'A write the task will make: one mutation of the supergraph with its variables, exactly as it will run.',
    authScopes: { anyScope: AI_SCOPES },
    fields: (t) => ({
      id: t.exposeString('id', { description: 'The step’s id in the plan (`step_1`).' }),
      description: t.exposeString('description', { description: 'What it does, in a sentence.' }),
      operation: t.exposeString('operation', { description: 'The mutation’s root field (`create_order`).' }),
      document: t.exposeString('document', { description: 'The GraphQL mutation.' }),
      variables: t.field({ type: 'JSON', resolve: (step) => step.variables, description: 'Its variables.' }),
    }),
  });
  const Plan = builder.objectRef<TaskPlan>('AiTaskPlan').implement({
    description: 'What a task will do, reviewed before it runs.',
    authScopes: { anyScope: AI_SCOPES },
    fields: (t) => ({
      kind: t.exposeString('kind', { description: 'A kind the offline planner knows (`restock_below_reorder_point`, `invoice_reminders`, `archive_dormant_skus`) or `free_form` (planned by the language model).' }),
      summary: t.exposeString('summary', { description: 'What the plan does, in a sentence, with what it left out and why.' }),
      steps: t.field({ type: [PlannedStep], resolve: (plan) => plan.steps, description: 'The writes, in the order they run.' }),
    }),
  });
  const TaskError = builder.objectRef<NonNullable<TaskRepresentation['error']>>('AiTaskError').implement({
    description: 'Why a task failed.',
    authScopes: { anyScope: AI_SCOPES },
    fields: (t) => ({
      step: t.exposeString('step', { nullable: true, description: 'The step that failed.' }),
      code: t.exposeString('code', { description: 'The platform error code the step’s operation answered (`insufficient_stock`, `invalid_state`, …).' }),
      message: t.exposeString('message', { description: 'What went wrong.' }),
    }),
  });
  const Task = builder.objectRef<TaskRepresentation>('AiTask').implement({
    description: 'A goal planned into writes over the platform’s operations and executed on the job queue, as the task: its writes carry the task as actor in the audit trail, with at most the scopes of the credential that created it.',
    authScopes: { anyScope: AI_SCOPES },
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Task identifier (`ait_…`): the actor of its writes in the audit trail.' }),
      goal: t.exposeString('goal', { description: 'The goal as given.' }),
      kind: t.exposeString('kind', { description: 'The plan’s kind.' }),
      engine: t.field({ type: EngineEnum, resolve: (task) => task.engine, description: 'What planned it.' }),
      status: t.field({ type: StatusEnum, resolve: (task) => task.status, description: 'Where it is.' }),
      require_approval: t.exposeBoolean('require_approval', { description: 'Whether the plan waits for an approval before any write.' }),
      plan: t.field({ type: Plan, resolve: (task) => task.plan, description: 'The plan: its summary and the writes it makes.' }),
      planning_operations: t.field({ type: [Operation], resolve: (task) => task.planning_operations, description: 'The reads run while planning, with the creator’s credential.' }),
      scopes: t.exposeStringList('scopes', { description: 'The scopes its writes act with: the creator’s.' }),
      created_by: t.exposeString('created_by', { description: 'The credential that created it.' }),
      decided_by: t.exposeString('decided_by', { nullable: true, description: 'The credential that approved or rejected the plan.' }),
      decided_at: t.field({ type: 'DateTime', nullable: true, resolve: (task) => (task.decided_at ? new Date(task.decided_at) : null), description: 'When the plan was approved or rejected.' }),
      decision_comment: t.exposeString('decision_comment', { nullable: true, description: 'The approver’s comment.' }),
      error: t.field({ type: TaskError, nullable: true, resolve: (task) => task.error, description: 'A failed task: the step, code and message.' }),
      cancel_requested_at: t.field({ type: 'DateTime', nullable: true, resolve: (task) => (task.cancel_requested_at ? new Date(task.cancel_requested_at) : null), description: 'When cancellation was asked of a running task (it stops before its next step).' }),
      version: t.exposeInt('version', { description: 'Incremented by every change of the task.' }),
      created_at: t.field({ type: 'DateTime', resolve: (task) => new Date(task.created_at), description: 'When it was created (and planned).' }),
      started_at: t.field({ type: 'DateTime', nullable: true, resolve: (task) => (task.started_at ? new Date(task.started_at) : null), description: 'When its first step began.' }),
      finished_at: t.field({ type: 'DateTime', nullable: true, resolve: (task) => (task.finished_at ? new Date(task.finished_at) : null), description: 'When it ended.' }),
    }),
  });
  const Step = builder.objectRef<TaskStepRepresentation>('AiTaskStep').implement({
    description: 'A step of a task as it executed.',
    authScopes: { anyScope: AI_SCOPES },
    fields: (t) => ({
      step_id: t.exposeString('step_id', { description: 'The plan’s step (`step_1`).' }),
      position: t.exposeInt('position', { description: 'Its place in the plan, from 0.' }),
      operation: t.exposeString('operation', { description: 'The mutation it ran.' }),
      status: t.exposeString('status', { description: '`succeeded` or `failed`.' }),
      output: t.field({ type: 'JSON', nullable: true, resolve: (step) => step.output, description: 'The operation’s `data`.' }),
      error: t.field({ type: 'JSON', nullable: true, resolve: (step) => step.error, description: '`{ code, message }` of a failed step.' }),
      started_at: t.field({ type: 'DateTime', resolve: (step) => new Date(step.started_at), description: 'When it started.' }),
      finished_at: t.field({ type: 'DateTime', resolve: (step) => new Date(step.finished_at), description: 'When it ended.' }),
      duration_ms: t.exposeInt('duration_ms', { description: 'How long it took.' }),
    }),
  });
  const TaskList = listEnvelope(builder, 'AiTaskList', Task);
  const StepList = listEnvelope(builder, 'AiTaskStepList', Step);

  const CreateInput = builder.inputType('CreateAiTaskInput', {
    extensions: inputRules(createTaskRules),
    description: 'A goal for an agent task.',
    fields: (t) => ({
      goal: t.string({ required: true, description: `What to achieve, up to 500 characters. Without a language model the offline planner knows: ${KNOWN_TASK_KINDS.map((kind) => `“${kind.example}”`).join('; ')}.` }),
      require_approval: t.boolean({ required: false, description: 'Default true: the plan waits for an approval before any write. `false`: it runs at once.' }),
    }),
  });
  const DecideInput = builder.inputType('DecideAiTaskInput', {
    extensions: inputRules(decideTaskRules),
    description: 'The decision on a task’s plan.',
    fields: (t) => ({
      decision: t.string({ required: true, description: '`approved` (it runs) or `rejected` (nothing runs; the task ends `rejected`).' }),
      comment: t.string({ required: false, description: 'Why, up to 2000 characters.' }),
    }),
  });

  builder.queryFields((t) => ({
    ai_tasks: t.field({
      type: TaskList,
      description: 'Agent tasks of the tenant, newest first by default.',
      authScopes: { scope: 'ai:read' },
      args: { status: t.arg({ type: StatusEnum, required: false, description: 'Only tasks in this status.' }), sort: sortArg(t.arg, Object.keys(TASK_SORT_KEYS), DEFAULT_TASK_SORT), ...paginationArgs(t) },
      resolve: async (_root, args, { prisma, principal }, info) => {
        const page = await listTasks(prisma, principal.tenantId, args, listWindow(args, 'ai_tasks', listOrder(args.sort, TASK_SORT_KEYS, DEFAULT_TASK_SORT), info));
        return { ...page, data: page.data.map(taskRepresentation) };
      },
    }),
    ai_task: t.field({
      type: Task,
      description: 'One agent task by id, as it is now.',
      authScopes: { scope: 'ai:read' },
      args: { id: t.arg.string({ required: true, description: 'The task id (`ait_…`).' }) },
      resolve: async (_root, { id }, { prisma, principal }) => taskRepresentation(await taskOf(prisma, principal.tenantId, id)),
    }),
    ai_task_steps: t.field({
      type: StepList,
      description: 'A task’s step log, in plan order: each executed step’s output or error and timings.',
      authScopes: { scope: 'ai:read' },
      args: { task_id: t.arg.string({ required: true, description: 'The task id.' }), ...paginationArgs(t) },
      resolve: async (_root, args, { prisma, principal }, info) => {
        const window = listWindow(args, 'ai_task_steps', STEP_ORDER, info);
        await taskOf(prisma, principal.tenantId, args.task_id);
        const page = await listTaskSteps(prisma, principal.tenantId, args.task_id, window);
        return { ...page, data: page.data.map(taskStepRepresentation) };
      },
    }),
  }));

  builder.mutationFields((t) => ({
    create_ai_task: t.field({
      type: Task,
      description:
        'Plans a goal into writes over the platform’s operations (reading what it needs with your credential) and keeps the plan. With `require_approval` (the default) nothing is written until the plan is approved; then its steps run on the job queue, one after the other, as the task: with your scopes, never more (a plan needing a scope you lack is refused with `insufficient_scope`), each write audited with the task as actor. A plan with no step ends `succeeded` at once. An unknown goal without a language model: `rule_violation` listing the goals the offline planner knows.',
      authScopes: { scope: 'ai:write' },
      args: { input: t.arg({ type: CreateInput, required: true, description: 'The goal (REST: the JSON body).' }) },
      resolve: async (_root, { input }, context) => {
        const { goal, require_approval: requireApproval } = parseInput(createTaskRules, input);
        const planned = await planTask(context.platform.ai, context.principal, goal);
        const approval = requireApproval ?? true;
        const empty = planned.plan.steps.length === 0;
        const status: AiTaskStatus = empty ? 'succeeded' : approval ? 'awaiting_approval' : 'queued';
        const created = await context.audit.recordChange(
          'ai_task.create',
          async (tx) => {
            const task = await createTask(tx, {
              tenant_id: context.principal.tenantId,
              goal,
              kind: planned.plan.kind,
              engine: planned.engine,
              status,
              require_approval: approval,
              plan: planned.plan as unknown as Prisma.InputJsonValue,
              planning_operations: planned.operations as unknown as Prisma.InputJsonValue,
              scopes: [...context.principal.scopes],
              created_by: context.principal.credential.id,
              ...(empty && { finished_at: new Date() }),
            });
            if (empty) await emitTaskEnded(context.platform.events, tx, task, context.requestId);
            if (status === 'queued') await context.platform.ai.queueTask(tx, task.tenant_id, task.id);
            return task;
          },
          (task) => task.id,
        );
        context.platform.ai.wake();
        return taskRepresentation(created);
      },
    }),
    decide_ai_task: t.field({
      type: Task,
      description: 'Approves or rejects the plan of a task awaiting approval (any other status: `invalid_state`). Approved: its steps run. Rejected: nothing runs, the task ends `rejected`.',
      authScopes: { scope: 'ai:write' },
      args: { id: t.arg.string({ required: true, description: 'The task id.' }), input: t.arg({ type: DecideInput, required: true, description: 'The decision (REST: the JSON body).' }) },
      resolve: async (_root, { id, input }, context) => {
        const { decision, comment } = parseInput(decideTaskRules, input);
        const decided = await context.audit.recordChange('ai_task.decide', (tx) => decide(context, tx, id, decision, comment ?? null), () => id);
        context.platform.ai.wake();
        return taskRepresentation(decided);
      },
    }),
    cancel_ai_task: t.field({
      type: Task,
      description: 'Cancels a task awaiting approval, queued or running (any other status: `invalid_state`). A running task stops before its next step; what its steps did stays.',
      authScopes: { scope: 'ai:write' },
      args: { id: t.arg.string({ required: true, description: 'The task id.' }) },
      resolve: async (_root, { id }, context) => {
        const cancelled = await context.audit.recordChange(
          'ai_task.cancel',
          async (tx) => {
            const task = await lockTask(tx, context.principal.tenantId, id);
            if (!task) throw notFoundTask(id);
            if (!ACTIVE_TASK_STATUSES.includes(task.status)) throw new ApiError('invalid_state', `Task ${id} is ${task.status}; only a task awaiting approval, queued or running can be cancelled.`, { current_status: task.status });
            // A running task's engine ends it before its next step, emitting the completion then.
            if (task.status === 'running') return updateTask(tx, task.tenant_id, id, { cancel_requested_at: new Date() });
            const ended = await updateTask(tx, task.tenant_id, id, { status: 'cancelled', cancel_requested_at: new Date(), finished_at: new Date() });
            await emitTaskEnded(context.platform.events, tx, ended, context.requestId);
            return ended;
          },
          () => id,
        );
        return taskRepresentation(cancelled);
      },
    }),
  }));
}

async function decide(context: SubgraphContext, tx: Prisma.TransactionClient, id: string, decision: 'approved' | 'rejected', comment: string | null): Promise<TaskRecord> {
  const task = await lockTask(tx, context.principal.tenantId, id);
  if (!task) throw notFoundTask(id);
  if (task.status !== 'awaiting_approval') throw new ApiError('invalid_state', `Task ${id} is ${task.status}; only a task awaiting approval can be approved or rejected.`, { current_status: task.status });
  const decided = { decided_by: context.principal.credential.id, decided_at: new Date(), decision_comment: comment };
  if (decision === 'rejected') {
    const rejected = await updateTask(tx, task.tenant_id, id, { ...decided, status: 'rejected', finished_at: new Date() });
    await emitTaskEnded(context.platform.events, tx, rejected, context.requestId);
    return rejected;
  }
  const approved = await updateTask(tx, task.tenant_id, id, { ...decided, status: 'queued' });
  await context.platform.ai.queueTask(tx, task.tenant_id, id);
  return approved;
}

async function taskOf(db: SubgraphContext['prisma'], tenantId: string, id: string): Promise<TaskRecord> {
  const task = await findTask(db, tenantId, id);
  if (!task) throw notFoundTask(id);
  return task;
}

function notFoundTask(id: string): ApiError {
  return new ApiError('not_found', `No agent task ${id} in this tenant.`);
}

export const taskRestRoutes: RestRoutes = {
  'Query.ai_tasks': { method: 'GET', path: '/ai/tasks', tags: ['Agent tasks'] },
  'Query.ai_task': { method: 'GET', path: '/ai/tasks/:id', tags: ['Agent tasks'] },
  'Query.ai_task_steps': { method: 'GET', path: '/ai/tasks/:task_id/steps', tags: ['Agent tasks'] },
  'Mutation.create_ai_task': { method: 'POST', path: '/ai/tasks', responseStatus: 201, tags: ['Agent tasks'] },
  'Mutation.decide_ai_task': { method: 'POST', path: '/ai/tasks/:id/approval', tags: ['Agent tasks'] },
  'Mutation.cancel_ai_task': { method: 'POST', path: '/ai/tasks/:id/cancel', tags: ['Agent tasks'] },
};

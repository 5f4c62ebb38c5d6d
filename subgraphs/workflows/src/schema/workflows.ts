import { nextScheduledTime } from '@platform/automation';
import { type Prisma, newId } from '@platform/db';
import { ApiError } from '@platform/errors';
import { generateSigningSecret } from '@platform/events';
import {
  type RestRoutes,
  type SubgraphBuilder,
  type SubgraphContext,
  type SubgraphSchemaTypes,
  VERSION_DESCRIPTION,
  assertCurrentVersion,
  fixedOrder,
  inputRules,
  listEnvelope,
  listOrder,
  listWindow,
  paginationArgs,
  parseInput,
  recordActionArgs,
  sortArg,
} from '@platform/graphql-kit';
import type { ObjectFieldBuilder } from '@pothos/core';
import type { WorkflowDefinition } from '../definition/format.ts';
import { checkDefinition } from '../definition/validate.ts';
import { ACTIVE_RUN_STATUSES } from '../repositories/runs.ts';
import {
  type WorkflowRecord,
  type WorkflowVersionRecord,
  countWorkflowsForRegistration,
  createWorkflow,
  createWorkflowVersion,
  deleteWorkflow,
  findWorkflow,
  findWorkflowVersion,
  listWorkflowVersions,
  listWorkflows,
  lockWorkflow,
  updateWorkflow,
} from '../repositories/workflows.ts';
import { definitionInvalid, notFoundWorkflow, scopesNotHeld } from './errors.ts';
import { createWorkflowRules, updateWorkflowRules } from './rules.ts';

export const WORKFLOW_SCOPES = ['workflows:read', 'workflows:write'];
const WORKFLOW_SORT_KEYS = { created_at: 'timestamp', name: 'text' } as const;
/** Versions newest first: a version number is unique in its workflow. */
const VERSION_ORDER = fixedOrder([{ column: 'version', kind: 'integer' }], 'desc');
const DEFAULT_SORT = '-created_at';

type WorkflowWithSecret = WorkflowRecord & { signing_secret: string };
export type WorkflowRefs = ReturnType<typeof defineWorkflowSchema>;

/** A workflow to save: its name, what it is granted, its definition. */
export interface NewWorkflow {
  name: string;
  description?: string | null | undefined;
  enabled?: boolean | null | undefined;
  scopes: string[];
  definition: unknown;
  template?: string;
}

/**
 * A definition checked for the calling credential: the scopes granted must be scopes it holds
 * (a 422 naming those it lacks: no escalation through a workflow), and the definition must hold
 * up (a 422 naming each step and field at fault; validate.ts).
 */
export async function checkedDefinition(context: SubgraphContext, scopes: string[], raw: unknown): Promise<WorkflowDefinition> {
  const notHeld = [...new Set(scopes)].filter((scope) => !context.principal.scopes.has(scope));
  if (notHeld.length > 0) throw scopesNotHeld(notHeld);
  const { tenantId } = context.principal;
  const check = await checkDefinition(raw, new Set(scopes), { checkOperation: (document) => context.platform.workflows.checkOperation(document), checkUrl: (url) => context.platform.events.checkEndpointUrl(tenantId, url) });
  if (!check.ok) throw definitionInvalid(check.errors);
  return check.definition;
}

/** The columns the trigger of the current definition is found by: the event dispatch's, the scheduler's. */
function triggerColumns(context: SubgraphContext, definition: WorkflowDefinition, enabled: boolean) {
  const { trigger } = definition;
  const schedule = trigger.type === 'schedule' ? { cron: trigger.cron, timeZone: trigger.time_zone ?? 'UTC' } : undefined;
  return {
    trigger_kind: trigger.type,
    event_type: trigger.type === 'event' ? trigger.event_type : null,
    schedule_cron: schedule?.cron ?? null,
    schedule_time_zone: schedule?.timeZone ?? null,
    next_run_at: schedule && enabled ? nextScheduledTime(schedule, context.platform.workflows.now()) : null,
  };
}

/** Creates a workflow and its first version (the credential's id as their author), with a new signing secret: shown in this answer only. */
export async function saveNewWorkflow(context: SubgraphContext, workflow: NewWorkflow): Promise<WorkflowWithSecret> {
  const definition = await checkedDefinition(context, workflow.scopes, workflow.definition);
  const { tenantId } = context.principal;
  const secret = generateSigningSecret();
  const scopes = [...new Set(workflow.scopes)];
  const enabled = workflow.enabled ?? true;
  const created = await context.audit.recordChange(
    'workflow.create',
    async (tx) => {
      const maximum = context.platform.workflows.maxWorkflows;
      if ((await countWorkflowsForRegistration(tx, tenantId)) >= maximum) {
        throw new ApiError('quota_exceeded', `This tenant already has ${maximum} workflows, the most it may hold; delete one before creating another.`, { limit: 'workflows', maximum });
      }
      const id = newId('wf');
      const saved = await createWorkflow(tx, {
        tenant_id: tenantId,
        id,
        name: workflow.name,
        description: workflow.description ?? null,
        enabled,
        current_version: 1,
        definition: definition as unknown as Prisma.InputJsonValue,
        scopes,
        signing_secret_ciphertext: context.platform.events.sealSecret(secret),
        template: workflow.template ?? null,
        ...triggerColumns(context, definition, enabled),
      });
      await createWorkflowVersion(tx, { tenant_id: tenantId, workflow_id: id, version: 1, definition: definition as unknown as Prisma.InputJsonValue, scopes, created_by: context.principal.credential.id });
      return saved;
    },
    (saved) => saved.id,
  );
  return { ...created, signing_secret: secret };
}

/** Workflows: versioned definitions, the scopes they act with, enabling and disabling, and their signing secret. */
export function defineWorkflowSchema(builder: SubgraphBuilder) {
  const TriggerTypeEnum = builder.enumType('WorkflowTriggerType', {
    description: 'What starts a workflow’s runs.',
    values: {
      event: { description: 'An event of the type `definition.trigger.event_type` (a platform or a custom one), when `definition.trigger.condition` holds for it; the event is the run’s `input`.' },
      schedule: { description: 'The times of `definition.trigger.cron` in `definition.trigger.time_zone`; `input` is `{ scheduled_for }`.' },
      manual: { description: 'Only the API (`POST /v1/workflows/{id}/runs`), with an `input` checked against `definition.trigger.input_schema`.' },
    } as const,
  });

  const workflowFields = (t: ObjectFieldBuilder<SubgraphSchemaTypes, WorkflowRecord>) => ({
    id: t.exposeString('id', { description: 'Workflow identifier (`wf_…`): also the actor of its runs’ operations in the audit trail, and the `credential_id` of the events they produce.' }),
    name: t.exposeString('name', { description: 'Your name for it, 1 to 200 characters.' }),
    description: t.exposeString('description', { nullable: true, description: 'What it is for, up to 2000 characters.' }),
    enabled: t.exposeBoolean('enabled', { description: 'Whether its trigger starts runs (and the API may start one). Runs under way go on when it is disabled.' }),
    trigger_type: t.field({ type: TriggerTypeEnum, resolve: (workflow) => workflow.trigger_kind, description: '`event`, `schedule` or `manual` (from the current definition).' }),
    event_type: t.exposeString('event_type', { nullable: true, description: 'An event trigger: the event type that starts runs.' }),
    next_run_at: t.expose('next_run_at', { type: 'DateTime', nullable: true, description: 'A schedule trigger: when the next run starts; null while disabled or for other triggers.' }),
    scopes: t.exposeStringList('scopes', { description: 'What its runs may do: the scopes of its own credential, granted by whoever saved it (never more than they held). Every step’s operation is checked against them.' }),
    definition_version: t.exposeInt('current_version', { description: 'The definition version new runs start with (1, then one more for each saved change of `definition` or `scopes`); a run keeps the version it started with.' }),
    definition: t.field({ type: 'JSON', resolve: (workflow) => workflow.definition, description: 'The current definition: `trigger`, `steps`, `timeout_seconds`, `output` (see the workflows guide of the API reference).' }),
    template: t.exposeString('template', { nullable: true, description: 'The template it was installed from (`reorder_on_low_stock`, …); null otherwise.' }),
    version: t.exposeInt('version', { description: 'Incremented by every change; send it back as `version` (or REST `If-Match`) to refuse a change based on a stale read.' }),
    created_at: t.expose('created_at', { type: 'DateTime', description: 'When the workflow was created.' }),
    updated_at: t.expose('updated_at', { type: 'DateTime', description: 'When it last changed.' }),
  });

  const Workflow = builder.objectRef<WorkflowRecord>('Workflow').implement({
    description: 'An automation: a trigger (an event, a schedule or the API) and steps, acting through the platform’s own operations with the scopes it was granted. HTTP calls it makes are signed with its signing secret (Standard Webhooks), shown only when it is created and when the secret is rotated.',
    authScopes: { anyScope: WORKFLOW_SCOPES },
    fields: (t) => workflowFields(t),
  });

  const WorkflowWithSecret = builder.objectRef<WorkflowWithSecret>('WorkflowWithSecret').implement({
    description: 'A workflow with its signing secret: the answer of creating (or installing) a workflow and of rotating its secret, the only times the secret is shown. Store it; it cannot be read again.',
    authScopes: { anyScope: WORKFLOW_SCOPES },
    fields: (t) => ({
      // The same fields as Workflow: a WorkflowWithSecret is a WorkflowRecord.
      ...workflowFields(t as unknown as ObjectFieldBuilder<SubgraphSchemaTypes, WorkflowRecord>),
      signing_secret: t.exposeString('signing_secret', { description: 'The signing secret (`whsec_…`, Standard Webhooks form) of the workflow’s HTTP calls: receivers verify `webhook-signature` with it.' }),
    }),
  });

  const WorkflowVersion = builder.objectRef<WorkflowVersionRecord>('WorkflowVersion').implement({
    description: 'One saved version of a workflow’s definition, with the scopes granted with it; never changed once saved.',
    authScopes: { anyScope: WORKFLOW_SCOPES },
    fields: (t) => ({
      workflow_id: t.exposeString('workflow_id', { description: 'The workflow (`wf_…`).' }),
      version: t.exposeInt('version', { description: 'The definition version (1, 2, …).' }),
      definition: t.field({ type: 'JSON', resolve: (version) => version.definition, description: 'The definition as saved.' }),
      scopes: t.exposeStringList('scopes', { description: 'The scopes its runs act with.' }),
      created_by: t.exposeString('created_by', { description: 'The credential that saved it (OAuth client, API key or workflow id).' }),
      created_at: t.expose('created_at', { type: 'DateTime', description: 'When it was saved.' }),
    }),
  });

  const WorkflowList = listEnvelope(builder, 'WorkflowList', Workflow);
  const WorkflowVersionList = listEnvelope(builder, 'WorkflowVersionList', WorkflowVersion);

  const CreateWorkflowInput = builder.inputType('CreateWorkflowInput', {
    extensions: inputRules(createWorkflowRules),
    description: 'A new workflow.',
    fields: (t) => ({
      name: t.string({ required: true, description: 'Your name for it, 1 to 200 characters.' }),
      description: t.string({ required: false, description: 'What it is for, up to 2000 characters.' }),
      enabled: t.boolean({ required: false, description: 'Whether its trigger starts runs at once (default true).' }),
      scopes: t.stringList({ required: true, description: 'The scopes its runs act with: catalogued scopes your credential holds. Each step’s operation must be allowed by them (and receiving the trigger’s event type).' }),
      definition: t.field({ type: 'JSON', required: true, description: 'The definition: `{ trigger, steps, timeout_seconds?, output? }` (see the workflows guide of the API reference). Checked when saved; every error names its step and field.' }),
    }),
  });
  const UpdateWorkflowInput = builder.inputType('UpdateWorkflowInput', {
    extensions: inputRules(updateWorkflowRules),
    description: 'Fields to change; absent fields keep their value. A new `definition` or `scopes` saves a new definition version (checked as a new workflow’s); runs under way keep theirs.',
    fields: (t) => ({
      name: t.string({ required: false, description: 'Your name for it, 1 to 200 characters.' }),
      description: t.string({ required: false, description: 'Up to 2000 characters; empty clears it.' }),
      scopes: t.stringList({ required: false, description: 'New scopes for its runs (a new version).' }),
      definition: t.field({ type: 'JSON', required: false, description: 'A new definition (a new version).' }),
      version: t.int({ required: false, description: VERSION_DESCRIPTION }),
    }),
  });

  builder.queryFields((t) => ({
    workflows: t.field({
      type: WorkflowList,
      description: 'Workflows, newest first by default.',
      authScopes: { scope: 'workflows:read' },
      args: {
        enabled: t.arg.boolean({ required: false, description: 'Only enabled (true) or disabled (false) ones.' }),
        sort: sortArg(t.arg, Object.keys(WORKFLOW_SORT_KEYS), DEFAULT_SORT),
        ...paginationArgs(t),
      },
      resolve: (_root, args, { prisma, principal }, info) => listWorkflows(prisma, principal.tenantId, args, listWindow(args, 'workflows', listOrder(args.sort, WORKFLOW_SORT_KEYS, DEFAULT_SORT), info)),
    }),
    workflow: t.field({
      type: Workflow,
      description: 'One workflow by id, with its current definition.',
      authScopes: { scope: 'workflows:read' },
      args: { id: t.arg.string({ required: true, description: 'The workflow id (`wf_…`).' }) },
      resolve: async (_root, { id }, { prisma, principal }) => (await findWorkflow(prisma, principal.tenantId, id)) ?? Promise.reject(notFoundWorkflow(id)),
    }),
    workflow_versions: t.field({
      type: WorkflowVersionList,
      description: 'The saved versions of a workflow’s definition, newest first.',
      authScopes: { scope: 'workflows:read' },
      args: { workflow_id: t.arg.string({ required: true, description: 'The workflow id.' }), ...paginationArgs(t) },
      resolve: async (_root, args, { prisma, principal }, info) => {
        const window = listWindow(args, 'workflow_versions', VERSION_ORDER, info);
        if (!(await findWorkflow(prisma, principal.tenantId, args.workflow_id))) throw notFoundWorkflow(args.workflow_id);
        return listWorkflowVersions(prisma, principal.tenantId, args.workflow_id, window);
      },
    }),
    workflow_version: t.field({
      type: WorkflowVersion,
      description: 'One version of a workflow’s definition (what a run with that `definition_version` executes).',
      authScopes: { scope: 'workflows:read' },
      args: { workflow_id: t.arg.string({ required: true, description: 'The workflow id.' }), version: t.arg.int({ required: true, description: 'The definition version.' }) },
      resolve: async (_root, { workflow_id: workflowId, version }, { prisma, principal }) =>
        (await findWorkflowVersion(prisma, principal.tenantId, workflowId, version)) ?? Promise.reject(new ApiError('not_found', `Workflow ${workflowId} has no definition version ${version} in this tenant.`)),
    }),
  }));

  /** Runs a change of a locked workflow: version check, then `work`, in one audited transaction. */
  function changeWorkflow<T>(context: SubgraphContext, id: string, version: number | null | undefined, action: string, work: (tx: Prisma.TransactionClient, workflow: WorkflowRecord) => Promise<T>): Promise<T> {
    return context.audit.recordChange(
      `workflow.${action}`,
      async (tx) => {
        const workflow = await lockWorkflow(tx, context.principal.tenantId, id);
        if (!workflow) throw notFoundWorkflow(id);
        assertCurrentVersion(context, version, workflow);
        return work(tx, workflow);
      },
      () => id,
    );
  }

  /** Enabling computes the schedule's next time from now; disabling stops the trigger (runs under way go on). */
  function setEnabled(context: SubgraphContext, id: string, version: number | null | undefined, enabled: boolean): Promise<WorkflowRecord> {
    return changeWorkflow(context, id, version, enabled ? 'enable' : 'disable', (tx, workflow) =>
      updateWorkflow(tx, workflow.tenant_id, workflow.id, { enabled, ...triggerColumns(context, workflow.definition as unknown as WorkflowDefinition, enabled) }),
    );
  }

  builder.mutationFields((t) => ({
    create_workflow: t.field({
      type: WorkflowWithSecret,
      description:
        'Creates a workflow (definition version 1). Its definition is checked as a whole: unknown step kinds, expressions that do not parse, GraphQL operations the schema does not have or that need scopes it is not granted, URLs the outbound policy refuses: a 422 `rule_violation` naming each step and field (all of them at once). Granting a scope your credential lacks is a 422 too (`scopes`). Its signing secret is in this answer only. A tenant holds at most 50 workflows by default (`quota_exceeded`).',
      authScopes: { scope: 'workflows:write' },
      args: { input: t.arg({ type: CreateWorkflowInput, required: true, description: 'The new workflow (REST: the JSON body).' }) },
      resolve: (_root, { input }, context) => saveNewWorkflow(context, parseInput(createWorkflowRules, input)),
    }),
    update_workflow: t.field({
      type: Workflow,
      description: 'Changes a workflow’s name or description, or saves a new definition version (a new `definition` or `scopes`, checked as on creation). Runs under way keep the version they started with.',
      authScopes: { scope: 'workflows:write' },
      args: { id: t.arg.string({ required: true, description: 'The workflow id.' }), input: t.arg({ type: UpdateWorkflowInput, required: true, description: 'The fields to change (REST: the JSON body).' }) },
      resolve: async (_root, { id, input }, context) => {
        const { version, scopes, definition, ...changes } = parseInput(updateWorkflowRules, input);
        const current = await findWorkflow(context.prisma, context.principal.tenantId, id);
        if (!current) throw notFoundWorkflow(id);
        const newVersion = scopes !== undefined || definition !== undefined;
        const nextScopes = scopes ?? current.scopes;
        const checked = newVersion ? await checkedDefinition(context, nextScopes, definition ?? current.definition) : undefined;
        return changeWorkflow(context, id, version, 'update', async (tx, workflow) => {
          // The definition was checked against the workflow as read before the transaction.
          if (workflow.version !== current.version) throw new ApiError('version_conflict', 'The workflow changed while the request was checked; retry.', { current_version: workflow.version });
          if (!checked) return updateWorkflow(tx, workflow.tenant_id, workflow.id, { ...changes, ...(changes.description === '' && { description: null }) });
          const number = workflow.current_version + 1;
          await createWorkflowVersion(tx, { tenant_id: workflow.tenant_id, workflow_id: workflow.id, version: number, definition: checked as unknown as Prisma.InputJsonValue, scopes: [...new Set(nextScopes)], created_by: context.principal.credential.id });
          return updateWorkflow(tx, workflow.tenant_id, workflow.id, {
            ...changes,
            ...(changes.description === '' && { description: null }),
            current_version: number,
            definition: checked as unknown as Prisma.InputJsonValue,
            scopes: [...new Set(nextScopes)],
            ...triggerColumns(context, checked, workflow.enabled),
          });
        });
      },
    }),
    enable_workflow: t.field({
      type: Workflow,
      description: 'Enables a workflow: its trigger starts runs again (a schedule from its next time after now; events from now on).',
      authScopes: { scope: 'workflows:write' },
      args: recordActionArgs(t.arg, 'workflow'),
      resolve: (_root, { id, version }, context) => setEnabled(context, id, version, true),
    }),
    disable_workflow: t.field({
      type: Workflow,
      description: 'Disables a workflow: its trigger starts no run, nor may the API. Runs under way go on (cancel them to stop them).',
      authScopes: { scope: 'workflows:write' },
      args: recordActionArgs(t.arg, 'workflow'),
      resolve: (_root, { id, version }, context) => setEnabled(context, id, version, false),
    }),
    rotate_workflow_signing_secret: t.field({
      type: WorkflowWithSecret,
      description: 'Replaces the workflow’s signing secret; HTTP calls from now on are signed with the new one, shown in this answer only.',
      authScopes: { scope: 'workflows:write' },
      args: recordActionArgs(t.arg, 'workflow'),
      resolve: async (_root, { id, version }, context) => {
        const secret = generateSigningSecret();
        const rotated = await changeWorkflow(context, id, version, 'rotate_secret', (tx, workflow) => updateWorkflow(tx, workflow.tenant_id, workflow.id, { signing_secret_ciphertext: context.platform.events.sealSecret(secret) }));
        return { ...rotated, signing_secret: secret };
      },
    }),
    delete_workflow: t.field({
      type: Workflow,
      description: 'Deletes a workflow with its versions and runs, and returns it as it was. Records its runs created stay. Refused with `invalid_state` while one of its runs is queued, running or waiting: cancel it first.',
      authScopes: { scope: 'workflows:write' },
      args: recordActionArgs(t.arg, 'workflow'),
      resolve: (_root, { id, version }, context) =>
        changeWorkflow(context, id, version, 'delete', async (tx, workflow) => {
          const active = await tx.workflowRun.findFirst({ where: { tenant_id: workflow.tenant_id, workflow_id: workflow.id, status: { in: ACTIVE_RUN_STATUSES } } });
          if (active) throw new ApiError('invalid_state', `Run ${active.id} of workflow ${workflow.id} is ${active.status}; cancel it before deleting the workflow.`, { current_status: active.status });
          await deleteWorkflow(tx, workflow.tenant_id, workflow.id);
          return workflow;
        }),
    }),
  }));

  return { Workflow, WorkflowWithSecret };
}

export const workflowRestRoutes: RestRoutes = {
  'Query.workflows': { method: 'GET', path: '/workflows', tags: ['Workflows'] },
  'Mutation.create_workflow': { method: 'POST', path: '/workflows', responseStatus: 201, tags: ['Workflows'] },
  'Query.workflow': { method: 'GET', path: '/workflows/:id', tags: ['Workflows'] },
  'Mutation.update_workflow': { method: 'PATCH', path: '/workflows/:id', tags: ['Workflows'] },
  'Mutation.delete_workflow': { method: 'DELETE', path: '/workflows/:id', tags: ['Workflows'] },
  'Mutation.enable_workflow': { method: 'POST', path: '/workflows/:id/enable', tags: ['Workflows'] },
  'Mutation.disable_workflow': { method: 'POST', path: '/workflows/:id/disable', tags: ['Workflows'] },
  'Mutation.rotate_workflow_signing_secret': { method: 'POST', path: '/workflows/:id/rotate-secret', tags: ['Workflows'] },
  'Query.workflow_versions': { method: 'GET', path: '/workflows/:workflow_id/versions', tags: ['Workflows'] },
  'Query.workflow_version': { method: 'GET', path: '/workflows/:workflow_id/versions/:version', tags: ['Workflows'] },
};

import { createHash, randomUUID } from 'node:crypto';
import type { Principal } from '@platform/auth';
import { latestScheduledTime, nextScheduledTime } from '@platform/automation';
import type { Logger } from '@platform/config';
import { DrainLoop, type Prisma, type PrismaClient, transactionThen } from '@platform/db';
import { type DispatchConsumer, type JobQueue, type SecretBox, type UrlPolicy, envelopeOf } from '@platform/events';
import type { EventsPort, PlatformOperationExecutor, WorkflowsPort } from '@platform/graphql-kit';
import type { GraphQLSchema } from 'graphql';
import { type EmitStep, type GraphqlStep, type HttpStep, WORKFLOW_LIMITS, type Step, type WorkflowDefinition } from '../definition/format.ts';
import { storedDefinition } from '../definition/stored.ts';
import { type RunRecord, type RunStepRecord, createRun, lockRun, runSteps, updateRun } from '../repositories/runs.ts';
import { type WorkflowRecord, type WorkflowVersionRecord, findWorkflow, findWorkflowVersion } from '../repositories/workflows.ts';
import { evaluate, StepFailure } from './expressions.ts';
import { createHttpCaller } from './http-call.ts';
import { type ForEachOutput, type NextStep, type RunContext, nextStep } from './interpreter.ts';
import { MAX_CHAIN_DEPTH, runTimeoutAt } from './constants.ts';
import { checkOperation } from './operations.ts';
import { emitRunChanged } from './representation.ts';
import { JSON_NULL, type RunEnd, endRunWithin, jsonOf } from './run-end.ts';

export const WORKFLOW_RUN_QUEUE = 'workflow-run';
export const WORKFLOW_TRIGGER_QUEUE = 'workflow-trigger';
/** How long one queue job executes a run before handing over to the next (a new queue job). */
const SLICE_MS = 30_000;
/** What a queue job of a run may take beyond its slice: the last step (an HTTP call's longest timeout, and a margin). */
export const WORKFLOW_RUN_SECONDS = SLICE_MS / 1000 + WORKFLOW_LIMITS.maxHttpTimeoutSeconds + 10;
const STEPS_PER_SLICE = 200;
const RUN_SLOTS = 8;
const TRIGGER_SLOTS = 4;
const RECOVERY_BATCH = 100;
const SCHEDULE_BATCH = 100;
const DEFAULT_SCHEDULE_POLL_SECONDS = 5;
const DEFAULT_RETRY = { max_attempts: 3, backoff_seconds: 2 } as const;
const DEFAULT_HTTP_TIMEOUT_SECONDS = 10;

/** GraphQL error codes worth another attempt: the platform was busy or briefly unavailable. */
const RETRYABLE_CODES = new Set(['rate_limited', 'service_unavailable', 'database_unavailable', 'request_timeout', 'idempotency_key_in_use', 'internal_error']);

/** Why an execution stopped before the run ended. */
const CANCELLED = Symbol('cancelled');
const STOPPING = Symbol('stopping');

export interface WorkflowEngineOptions {
  prisma: PrismaClient;
  queue: JobQueue;
  secrets: SecretBox;
  events: EventsPort;
  /** Tells the event bus a transaction committed: its events go live, and their dispatch starts. */
  committed(tx: Prisma.TransactionClient): void;
  /** Runs the platform's own GraphQL operations as the workflow (the edge's executor). */
  execute: PlatformOperationExecutor;
  /** The supergraph's schema, and the scopes each root field requires (`Mutation.create_order` → any of them). */
  schema: GraphQLSchema;
  rootFieldScopes: ReadonlyMap<string, readonly string[]>;
  /** Where HTTP steps may call (the webhooks' policy). */
  urlPolicy: UrlPolicy;
  logger: Logger;
  /** How long an execution's hold on a run outlives its last heartbeat: after that, another instance takes the run over. */
  leaseSeconds: number;
  maxWorkflows: number;
  /** The time schedules read (tests: a controllable clock). */
  clock?: () => Date;
  schedulePollSeconds?: number;
}

type StepOutcome = 'next' | 'paused';

interface Execution {
  run: RunRecord;
  version: WorkflowVersionRecord;
  workflow: WorkflowRecord;
  definition: WorkflowDefinition;
  token: string;
  signal: AbortSignal;
  rows: Map<string, RunStepRecord>;
  principal: Principal;
}

/**
 * Executes workflow runs on the platform's job queue, step by step and durably. An execution
 * claims its run with a lease (a random token fencing every write, kept alive by a heartbeat
 * while a step is under way), replays the definition over the recorded steps to find the next
 * one (interpreter.ts), records the attempt, performs it, and records its outcome before going
 * on: a step recorded as succeeded is never performed again. A platform operation carries an
 * idempotency key derived from the run, the step and the attempt, so an attempt cut short by a
 * crash and performed again after it replays the first outcome instead of writing twice; an
 * HTTP call carries one too (`Idempotency-Key` and `webhook-id`), for its receiver to do the
 * same. A run whose instance died is taken over once its lease lapses (recoverLapsed). Waits,
 * approvals and retries release the run with a queue job due when it may go on.
 */
export class WorkflowEngine {
  readonly port: WorkflowsPort;
  private readonly running = new Map<string, AbortController>();
  private readonly leaseMs: number;
  private readonly recovery: DrainLoop;
  private readonly scheduler: DrainLoop;
  private readonly http;
  private readonly clock: () => Date;

  constructor(private readonly options: WorkflowEngineOptions) {
    this.leaseMs = options.leaseSeconds * 1000;
    this.clock = options.clock ?? (() => new Date());
    this.http = createHttpCaller(options.urlPolicy);
    this.recovery = new DrainLoop({
      drainBatch: () => this.recoverLapsed(),
      batchSize: RECOVERY_BATCH,
      pollIntervalMs: Math.max(1000, this.leaseMs / 2),
      wakeDelayMs: 0,
      onFailure: (error) => options.logger.warn({ err: error }, 'could not look for workflow runs to resume; looking again at the next poll'),
      onRecovery: () => options.logger.info('looking for workflow runs to resume again'),
    });
    this.scheduler = new DrainLoop({
      drainBatch: () => this.startScheduled(),
      batchSize: SCHEDULE_BATCH,
      pollIntervalMs: (options.schedulePollSeconds ?? DEFAULT_SCHEDULE_POLL_SECONDS) * 1000,
      wakeDelayMs: 0,
      onFailure: (error) => options.logger.warn({ err: error }, 'could not start scheduled workflow runs; trying again at the next poll'),
      onRecovery: () => options.logger.info('starting scheduled workflow runs again'),
    });
    this.port = {
      queueRun: (tx, run) => this.enqueueRun(tx, run),
      resume: (tx, tenantId, runId) => this.enqueue(tx, tenantId, runId),
      wake: () => options.queue.wake(WORKFLOW_RUN_QUEUE),
      interrupt: (tenantId, runId) => this.running.get(`${tenantId}/${runId}`)?.abort(CANCELLED),
      checkOperation: (document) => checkOperation(options.schema, options.rootFieldScopes, document),
      maxWorkflows: options.maxWorkflows,
      now: () => this.clock(),
    };
  }

  async start(): Promise<void> {
    for (let slot = 0; slot < RUN_SLOTS; slot++) {
      await this.options.queue.work<{ tenant_id: string; run_id: string }>(WORKFLOW_RUN_QUEUE, { batchSize: 1 }, async ([job]) => {
        if (job) await this.execute(job.data.tenant_id, job.data.run_id);
      });
    }
    for (let slot = 0; slot < TRIGGER_SLOTS; slot++) {
      await this.options.queue.work<TriggerJob>(WORKFLOW_TRIGGER_QUEUE, { batchSize: 1 }, async ([job]) => {
        if (job) await this.trigger(job.data);
      });
    }
    this.recovery.start();
    this.scheduler.start();
  }

  /** Hands every execution of this instance over at once (their runs resume on another instance, or after a restart). */
  async stop(): Promise<void> {
    for (const controller of this.running.values()) controller.abort(STOPPING);
    await this.recovery.close();
    await this.scheduler.close();
    await this.http.close();
  }

  /**
   * For the event bus's dispatch (registered before it starts): in the dispatch's transaction, a
   * trigger job for each enabled workflow of an event's tenant whose trigger is the event's type;
   * the job checks the trigger's condition and starts the run. Every event type may trigger one.
   */
  static triggerConsumer(wake: () => void): DispatchConsumer {
    return {
      takes: () => true,
      consume: async (tx, events, queue) => {
        const matches = await tx.$queryRaw<TriggerJob[]>`
          SELECT w.tenant_id, w.id AS workflow_id, e.id AS event_id
          FROM unnest(${events.map((event) => event.tenant_id)}::text[], ${events.map((event) => event.type)}::text[], ${events.map((event) => event.id)}::text[]) AS e (tenant_id, type, id)
          JOIN workflows w ON w.tenant_id = e.tenant_id AND w.event_type = e.type AND w.enabled AND w.trigger_kind = 'event'`;
        await queue.sendWithin(tx, WORKFLOW_TRIGGER_QUEUE, matches.map((match) => ({ data: { tenant_id: match.tenant_id, workflow_id: match.workflow_id, event_id: match.event_id } })));
        return matches.length > 0;
      },
      committed: wake,
    };
  }

  /** Trigger jobs sent by a dispatch that committed are fetched now. */
  wakeTriggers(): void {
    this.options.queue.wake(WORKFLOW_TRIGGER_QUEUE);
  }

  /**
   * An event of the type a workflow's trigger names: when the trigger's condition holds for it, a
   * run with the event as input (once per event and workflow, however often it is dispatched),
   * executed at once by this worker. A run caused by an event a run produced is one deeper in the
   * chain; past MAX_CHAIN_DEPTH it is recorded as failed and emits nothing, so the chain ends.
   */
  private async trigger(job: TriggerJob): Promise<void> {
    const { prisma } = this.options;
    const workflow = await findWorkflow(prisma, job.tenant_id, job.workflow_id);
    if (!workflow?.enabled || workflow.trigger_kind !== 'event') return;
    const version = await findWorkflowVersion(prisma, job.tenant_id, job.workflow_id, workflow.current_version);
    const event = await prisma.event.findUnique({ where: { tenant_id_id: { tenant_id: job.tenant_id, id: job.event_id } } });
    if (!version || !event) return;
    const definition = storedDefinition(version);
    if (definition.trigger.type !== 'event' || definition.trigger.event_type !== event.type) return;
    const input = envelopeOf(event);
    let refused: { code: string; message: string } | undefined;
    if (definition.trigger.condition !== undefined) {
      try {
        if (!truthy(await evaluate(definition.trigger.condition, { input }, 'the trigger condition'))) return;
      } catch (error) {
        if (!(error instanceof StepFailure)) throw error;
        refused = { code: error.code, message: error.message };
      }
    }
    const chainDepth = input.source.type === 'workflow' ? (input.source.chain_depth ?? 1) + 1 : 1;
    if (chainDepth > MAX_CHAIN_DEPTH) {
      refused = { code: 'chain_depth_exceeded', message: `Not started: event ${event.id} was produced by run ${input.source.workflow_run_id} at depth ${chainDepth - 1} of a chain of runs triggering runs, and a chain stops at depth ${MAX_CHAIN_DEPTH}.` };
    }
    // The run is created claimed by this worker, which executes it at once: no queue job to fetch
    // first. Should this instance die before it ends, the lease lapses and recoverLapsed queues it.
    const token = randomUUID();
    const run = await this.transaction(async (tx) => {
      const created = await createRun(tx, {
        tenant_id: job.tenant_id,
        workflow_id: workflow.id,
        workflow_version: version.version,
        trigger: 'event',
        input,
        trigger_event_id: event.id,
        chain_depth: chainDepth,
        caused_by_run_id: input.source.type === 'workflow' ? (input.source.workflow_run_id ?? null) : null,
        timeout_at: runTimeoutAt(definition),
        ...(refused ? { refused } : { lease: { token, expiresAt: new Date(Date.now() + this.leaseMs) } }),
      });
      // A refused run emits no event: an event would carry the chain on.
      if (created && !refused) {
        await this.enqueueTimeout(tx, created);
        await emitRunChanged(this.options.events, tx, created);
      }
      return created;
    });
    if (run && !refused) await this.executeClaimed({ run, version, workflow, definition }, token, new Map());
  }

  /**
   * Workflows whose next scheduled run is due (by the engine's clock): each gets its next time and
   * a run (`input: { scheduled_for }`), in one transaction; SKIP LOCKED and one run per scheduled
   * time, so each due time starts one run whichever instances poll. Times missed while the
   * platform was down are not caught up: one run for the latest.
   */
  private async startScheduled(): Promise<number> {
    const now = this.clock();
    return this.transaction(async (tx) => {
      const due = await tx.$queryRaw<Array<{ tenant_id: string; id: string }>>`
        SELECT tenant_id, id FROM workflows WHERE next_run_at <= ${now}
        ORDER BY next_run_at LIMIT ${SCHEDULE_BATCH} FOR UPDATE SKIP LOCKED`;
      for (const { tenant_id: tenantId, id } of due) {
        const workflow = await findWorkflow(tx, tenantId, id);
        if (!workflow?.next_run_at) continue;
        const scheduled = workflow.enabled && workflow.schedule_cron ? { cron: workflow.schedule_cron, timeZone: workflow.schedule_time_zone ?? 'UTC' } : undefined;
        await tx.workflow.update({ where: { tenant_id_id: { tenant_id: tenantId, id } }, data: { next_run_at: scheduled ? nextScheduledTime(scheduled, now) : null } });
        if (!scheduled) continue;
        const version = await findWorkflowVersion(tx, tenantId, id, workflow.current_version);
        if (!version) continue;
        // The latest due time: after an outage the one run is for now's schedule, not for a day long past.
        const latest = latestScheduledTime(scheduled, now);
        const scheduledFor = latest > workflow.next_run_at ? latest : workflow.next_run_at;
        const run = await createRun(tx, {
          tenant_id: tenantId,
          workflow_id: id,
          workflow_version: version.version,
          trigger: 'schedule',
          input: { scheduled_for: scheduledFor.toISOString() },
          scheduled_for: scheduledFor,
          chain_depth: 1,
          timeout_at: runTimeoutAt(storedDefinition(version)),
        });
        if (run) await this.enqueueRun(tx, run);
      }
      return due.length;
    });
  }

  /**
   * Running runs whose lease lapsed (the instance executing them died, or lost its database for
   * longer than the lease): the lease is dropped and a queue job sent, in one transaction, so the
   * run resumes from its last recorded step on whichever instance takes the job.
   */
  private async recoverLapsed(): Promise<number> {
    return this.transaction(async (tx) => {
      const lapsed = await tx.$queryRaw<Array<{ tenant_id: string; id: string }>>`
        UPDATE workflow_runs SET lease_token = NULL, lease_expires_at = NULL, version = version + 1
        WHERE (tenant_id, id) IN (
          SELECT tenant_id, id FROM workflow_runs WHERE status = 'running' AND lease_expires_at < now()
          ORDER BY lease_expires_at LIMIT ${RECOVERY_BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING tenant_id, id`;
      for (const run of lapsed) await this.enqueue(tx, run.tenant_id, run.id);
      if (lapsed.length > 0) this.options.logger.warn({ workflow_runs: lapsed.map((run) => run.id) }, 'resuming workflow runs whose execution died');
      return lapsed.length;
    });
  }

  /** A new run's queue jobs: one now, and one at its timeout. */
  private async enqueueRun(tx: Prisma.TransactionClient, run: Pick<RunRecord, 'tenant_id' | 'id' | 'timeout_at'>): Promise<void> {
    await this.enqueue(tx, run.tenant_id, run.id);
    await this.enqueueTimeout(tx, run);
  }

  /** A queue job at the run's timeout: a run waiting for an approval (or a delay) still times out on time. */
  private enqueueTimeout(tx: Prisma.TransactionClient, run: Pick<RunRecord, 'tenant_id' | 'id' | 'timeout_at'>): Promise<void> {
    return this.enqueue(tx, run.tenant_id, run.id, run.timeout_at);
  }

  private enqueue(tx: Prisma.TransactionClient, tenantId: string, runId: string, startAfter?: Date): Promise<void> {
    return this.options.queue.sendWithin(tx, WORKFLOW_RUN_QUEUE, [{ data: { tenant_id: tenantId, run_id: runId }, ...(startAfter && { startAfter }) }]);
  }

  private async execute(tenantId: string, runId: string): Promise<void> {
    const token = randomUUID();
    const claimed = await this.claim(tenantId, runId, token);
    if (claimed) await this.executeClaimed(claimed, token);
  }

  /** Executes a run this execution holds (its lease `token`) until it ends, pauses or hands over; `recorded`: its steps, when known (none for a new run). */
  private async executeClaimed(claimed: Claimed, token: string, recorded?: Map<string, RunStepRecord>): Promise<void> {
    const { tenant_id: tenantId, id: runId } = claimed.run;
    const controller = new AbortController();
    const key = `${tenantId}/${runId}`;
    this.running.set(key, controller);
    try {
      const rows = recorded ?? new Map((await runSteps(this.options.prisma, tenantId, runId)).map((row) => [row.key, row]));
      const principal: Principal = {
        tenantId,
        scopes: new Set(claimed.version.scopes),
        credential: { type: 'workflow', id: claimed.run.workflow_id },
        causation: { workflow_run_id: runId, chain_depth: claimed.run.chain_depth },
      };
      await this.advance({ ...claimed, token, signal: controller.signal, rows, principal });
    } catch (error) {
      if (controller.signal.reason === CANCELLED) await this.endRun(claimed.run, token, { status: 'cancelled' });
      else if (controller.signal.reason === STOPPING) await this.release(claimed.run, token, new Date());
      // The lease lapses and the run is taken over (recoverLapsed): a database outage must not fail runs.
      else this.options.logger.error({ err: error, tenant_id: tenantId, workflow_run_id: runId }, 'workflow run execution failed; it resumes once its lease lapses');
    } finally {
      this.running.delete(key);
    }
  }

  /**
   * Takes the run for this execution: a run that is over, held by a live execution, or waiting for
   * a time not yet come is left alone; a cancelled one ends, one past its timeout fails. A queued
   * or waiting run becomes running (`workflow.run.updated`).
   */
  private claim(tenantId: string, runId: string, token: string): Promise<Claimed | undefined> {
    return this.transaction(async (tx) => {
      const run = await lockRun(tx, tenantId, runId);
      if (!run || !['queued', 'running', 'waiting'].includes(run.status)) return undefined;
      const now = new Date();
      if (run.lease_expires_at && run.lease_expires_at > now) return undefined;
      if (run.cancel_requested_at) {
        await this.endWithin(tx, run, { status: 'cancelled' });
        return undefined;
      }
      if (run.timeout_at <= now) {
        await this.endWithin(tx, run, { status: 'failed', error: { step: null, code: 'run_timed_out', message: `The run did not finish within its timeout (${run.timeout_at.toISOString()}).` } });
        return undefined;
      }
      const waitingUntil = (run.waiting_for as { until?: string | null } | null)?.until;
      if (run.status === 'waiting' && (waitingUntil === undefined || waitingUntil === null || Date.parse(waitingUntil) > now.getTime())) return undefined;
      const [version, workflow] = await Promise.all([findWorkflowVersion(tx, tenantId, run.workflow_id, run.workflow_version), findWorkflow(tx, tenantId, run.workflow_id)]);
      if (!version || !workflow) return undefined;
      const claimed = await updateRun(tx, tenantId, runId, { status: 'running', lease_token: token, lease_expires_at: new Date(now.getTime() + this.leaseMs), started_at: run.started_at ?? now, waiting_for: JSON_NULL });
      if (run.status !== 'running') await emitRunChanged(this.options.events, tx, claimed);
      return { run: claimed, version, workflow, definition: storedDefinition(version) };
    });
  }

  /** Steps one after the other until the run ends, pauses (a wait, an approval, a retry's delay) or its slice is over. */
  private async advance(execution: Execution): Promise<void> {
    const startedAt = Date.now();
    for (let performed = 0; ; performed++) {
      execution.signal.throwIfAborted();
      const context: RunContext = { input: execution.run.input, steps: {}, run: { id: execution.run.id, workflow_id: execution.run.workflow_id, definition_version: execution.run.workflow_version } };
      const next = nextStep(execution.definition.steps, execution.rows, context);
      if (next.type === 'done') return this.complete(execution, next.context);
      if (next.type === 'failed') return this.endRun(execution.run, execution.token, { status: 'failed', error: { step: next.key, ...next.error } });
      if (performed >= STEPS_PER_SLICE || Date.now() - startedAt >= SLICE_MS) return this.release(execution.run, execution.token, new Date());
      if ((await this.performStep(execution, next)) === 'paused') return;
    }
  }

  private async performStep(execution: Execution, next: Extract<NextStep, { type: 'step' }>): Promise<StepOutcome> {
    const { step, key, context, row } = next;
    const now = new Date();
    if (row?.status === 'waiting') return this.resumeWaiting(execution, step, key, row, now);
    if (row?.status === 'retrying' && row.next_attempt_at && row.next_attempt_at > now) {
      await this.release(execution.run, execution.token);
      return 'paused';
    }
    // A new attempt; or, after a crash mid-attempt, the same attempt again (the same idempotency key).
    const attempt = row?.status === 'running' ? row.attempts : (row?.attempts ?? 0) + 1;
    // Only steps with an effect outside the run are worth another attempt; the others are deterministic.
    const maxAttempts = step.kind === 'graphql' || step.kind === 'emit' || step.kind === 'http' ? (step.retry?.max_attempts ?? DEFAULT_RETRY.max_attempts) : 1;
    let input: Record<string, unknown>;
    try {
      input = await stepInput(step, context);
    } catch (error) {
      if (!(error instanceof StepFailure)) throw error;
      return this.failStep(execution, step, key, { code: error.code, message: error.message }, undefined);
    }
    if (!(await this.recordStep(execution, key, { step_id: step.id, kind: step.kind, status: 'running', input: jsonOf(input), attempts: attempt, max_attempts: maxAttempts, next_attempt_at: null }))) return 'paused';

    switch (step.kind) {
      case 'condition':
        return this.succeedStep(execution, key, { result: truthy(input.if) });
      case 'for_each': {
        const items = input.items === undefined ? [] : Array.isArray(input.items) ? input.items : [input.items];
        if (items.length > WORKFLOW_LIMITS.forEachItems) return this.failStep(execution, step, key, { code: 'too_many_items', message: `${items.length} items to iterate over; at most ${WORKFLOW_LIMITS.forEachItems}` }, input);
        return this.succeedStep(execution, key, { items } satisfies ForEachOutput);
      }
      case 'wait': {
        const until = step.seconds !== undefined ? new Date(now.getTime() + step.seconds * 1000) : new Date(String(input.until));
        if (Number.isNaN(until.getTime())) return this.failStep(execution, step, key, { code: 'expression_failed', message: `step "${step.id}": until must give an RFC 3339 instant, not ${JSON.stringify(input.until)}` }, input);
        if (until <= now) return this.succeedStep(execution, key, { waited_until: until.toISOString() });
        return this.pause(execution, key, { step: key, kind: 'wait', until: until.toISOString() }, until);
      }
      case 'approval': {
        const deadline = step.timeout_seconds === undefined ? undefined : new Date(now.getTime() + step.timeout_seconds * 1000);
        return this.pause(execution, key, { step: key, kind: 'approval', until: deadline?.toISOString() ?? null, message: input.message ?? null }, deadline);
      }
      case 'graphql':
      case 'emit':
      case 'http': {
        const outcome = await this.withHeartbeat(execution, (signal) => this.performAction(execution, step, key, attempt, input, signal));
        if (outcome.ok) return this.succeedStep(execution, key, outcome.output);
        if (outcome.retryable && attempt < maxAttempts) {
          const backoff = (step.retry?.backoff_seconds ?? DEFAULT_RETRY.backoff_seconds) * 1000 * 2 ** (attempt - 1);
          return this.retryStep(execution, key, { code: outcome.code, message: outcome.message }, new Date(Date.now() + backoff));
        }
        return this.failStep(execution, step, key, { code: outcome.code, message: outcome.message }, input);
      }
    }
  }

  /** A wait whose time came ends; an approval decided is recorded by the API (the run is queued again), one past its deadline fails. */
  private async resumeWaiting(execution: Execution, step: Step, key: string, row: RunStepRecord, now: Date): Promise<StepOutcome> {
    const over = row.wake_at !== null && row.wake_at <= now;
    if (step.kind === 'wait' && over) return this.succeedStep(execution, key, { waited_until: row.wake_at?.toISOString() ?? null });
    if (step.kind === 'approval' && over) return this.failStep(execution, step, key, { code: 'approval_timed_out', message: `No decision on the approval of step "${step.id}" by ${row.wake_at?.toISOString()}.` }, undefined);
    await this.pause(execution, key, execution.run.waiting_for as Prisma.InputJsonValue, row.wake_at ?? undefined);
    return 'paused';
  }

  /** A platform operation, a custom event (through `publish_event`) or an HTTP call, as one attempt. */
  private async performAction(execution: Execution, step: GraphqlStep | EmitStep | HttpStep, key: string, attempt: number, input: Record<string, unknown>, signal: AbortSignal): Promise<{ ok: true; output: unknown } | { ok: false; retryable: boolean; code: string; message: string }> {
    // An HTTP call keeps one key for all its attempts: its receiver deduplicates them (as webhook receivers do by webhook-id).
    // A platform operation gets one per attempt: the platform replays the outcome of a key, a failure included.
    const keyOf = (...parts: unknown[]) => `wf_${createHash('sha256').update(JSON.stringify([execution.run.id, key, ...parts])).digest('base64url')}`;
    if (step.kind === 'http') {
      const secret = this.options.secrets.open(execution.workflow.signing_secret_ciphertext);
      const outcome = await this.http.call({ method: step.method, url: step.url, headers: step.headers ?? {}, body: input.body, timeoutMs: (step.timeout_seconds ?? DEFAULT_HTTP_TIMEOUT_SECONDS) * 1000, messageId: keyOf(), secret, signal });
      return outcome.ok ? { ok: true, output: { status: outcome.status, body: outcome.body } } : outcome;
    }
    const operation =
      step.kind === 'emit'
        ? { document: PUBLISH_DOCUMENT, variables: { input: { type: step.event_type, data: input.data } } }
        : { document: step.document, variables: (input.variables ?? {}) as Record<string, unknown> };
    let result;
    try {
      result = await this.options.execute(execution.principal, { ...operation, idempotencyKey: keyOf(attempt) });
    } catch (error) {
      this.options.logger.warn({ err: error, workflow_run_id: execution.run.id }, 'a workflow step could not reach the platform');
      return { ok: false, retryable: true, code: 'platform_unavailable', message: 'The platform could not run the operation.' };
    }
    const [first] = result.errors ?? [];
    if (first) {
      const code = typeof first.extensions?.code === 'string' ? first.extensions.code : 'graphql_error';
      return { ok: false, retryable: RETRYABLE_CODES.has(code), code, message: (result.errors ?? []).map((error) => error.message).join('; ') };
    }
    return { ok: true, output: step.kind === 'emit' ? (result.data?.publish_event ?? null) : (result.data ?? null) };
  }

  /** Keeps the run's lease alive while `work` runs; when the lease is lost (another instance took the run over), `work`'s signal aborts. */
  private async withHeartbeat<T>(execution: Execution, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const lost = new AbortController();
    const beat = setInterval(() => {
      void this.options.prisma.workflowRun
        .updateMany({ where: { tenant_id: execution.run.tenant_id, id: execution.run.id, lease_token: execution.token }, data: { lease_expires_at: new Date(Date.now() + this.leaseMs) } })
        .then(({ count }) => count === 0 && lost.abort(new Error('the run was taken over')))
        .catch((error: unknown) => this.options.logger.warn({ err: error, workflow_run_id: execution.run.id }, 'could not renew a workflow run lease'));
    }, Math.max(250, this.leaseMs / 3));
    try {
      return await work(AbortSignal.any([execution.signal, lost.signal]));
    } finally {
      clearInterval(beat);
    }
  }

  /**
   * Writes a step's record, fenced by the execution's token (and renewing its lease); answers
   * false when the run was taken over, and aborts with CANCELLED when cancellation was asked.
   */
  private async recordStep(execution: Execution, key: string, fields: Partial<Prisma.WorkflowRunStepUncheckedCreateInput>, runChanges: Prisma.WorkflowRunUncheckedUpdateInput = {}, then?: (tx: Prisma.TransactionClient, run: RunRecord) => Promise<void>): Promise<boolean> {
    const { run, token } = execution;
    const written = await this.transaction(async (tx) => {
      const current = await this.fenced(tx, run, token);
      if (!current) return undefined;
      if (current.cancel_requested_at) return 'cancelled' as const;
      const existing = execution.rows.get(key);
      const data = { ...fields, updated_at: new Date() };
      const row = existing
        ? await tx.workflowRunStep.update({ where: { tenant_id_run_id_key: { tenant_id: run.tenant_id, run_id: run.id, key } }, data })
        : await tx.workflowRunStep.create({ data: { tenant_id: run.tenant_id, run_id: run.id, key, position: execution.rows.size, step_id: '', kind: '', status: 'running', max_attempts: 1, ...data } });
      const updated = await updateRun(tx, run.tenant_id, run.id, { lease_expires_at: new Date(Date.now() + this.leaseMs), ...runChanges });
      await then?.(tx, updated);
      return { row, run: updated };
    });
    if (written === undefined) return false;
    if (written === 'cancelled') {
      this.running.get(`${run.tenant_id}/${run.id}`)?.abort(CANCELLED);
      execution.signal.throwIfAborted();
      return false;
    }
    execution.rows.set(key, written.row);
    execution.run = written.run;
    return true;
  }

  private async succeedStep(execution: Execution, key: string, output: unknown): Promise<StepOutcome> {
    const recorded = await this.recordStep(execution, key, { status: 'succeeded', output: jsonOf(output), error: JSON_NULL, finished_at: new Date(), next_attempt_at: null });
    return recorded ? 'next' : 'paused';
  }

  private async retryStep(execution: Execution, key: string, error: { code: string; message: string }, at: Date): Promise<StepOutcome> {
    await this.recordStep(execution, key, { status: 'retrying', error, next_attempt_at: at }, { lease_token: null, lease_expires_at: null }, (tx) => this.enqueue(tx, execution.run.tenant_id, execution.run.id, at));
    return 'paused';
  }

  /** The step fails for good, and with it the run (`workflow.completed`, failed, naming the step). */
  private async failStep(execution: Execution, step: Step, key: string, error: { code: string; message: string }, input: Record<string, unknown> | undefined): Promise<StepOutcome> {
    const fields = { step_id: step.id, kind: step.kind, status: 'failed' as const, error, finished_at: new Date(), next_attempt_at: null, max_attempts: execution.rows.get(key)?.max_attempts ?? 1, ...(input !== undefined && { input: jsonOf(input) }) };
    // Paused either way: the run ended with the step, or another execution holds it now.
    await this.recordStep(execution, key, fields, {}, (tx, run) => this.endWithin(tx, run, { status: 'failed', error: { step: key, ...error } }).then(() => undefined));
    return 'paused';
  }

  /** The step waits (a delay, an approval): the run is released as `waiting`, with a queue job at `until` when there is one. */
  private async pause(execution: Execution, key: string, waitingFor: Prisma.InputJsonValue, until: Date | undefined): Promise<StepOutcome> {
    await this.recordStep(execution, key, { status: 'waiting', wake_at: until ?? null }, { status: 'waiting', waiting_for: waitingFor, lease_token: null, lease_expires_at: null }, async (tx, run) => {
      if (execution.run.status !== 'waiting') await emitRunChanged(this.options.events, tx, run);
      if (until) await this.enqueue(tx, run.tenant_id, run.id, until);
    });
    return 'paused';
  }

  /** Every step done: the run succeeds with its output (the definition's `output`, else every step's output by id). */
  private async complete(execution: Execution, context: RunContext): Promise<void> {
    let output: unknown = context.steps;
    if (execution.definition.output !== undefined) {
      try {
        output = await evaluate(execution.definition.output, context, 'the output');
      } catch (error) {
        if (!(error instanceof StepFailure)) throw error;
        return this.endRun(execution.run, execution.token, { status: 'failed', error: { step: null, code: error.code, message: error.message } });
      }
    }
    await this.endRun(execution.run, execution.token, { status: 'succeeded', output });
  }

  private async endRun(run: RunRecord, token: string, end: RunEnd): Promise<void> {
    await this.transaction(async (tx) => {
      const current = await this.fenced(tx, run, token);
      if (current) await this.endWithin(tx, current, end);
    });
  }

  private endWithin(tx: Prisma.TransactionClient, run: RunRecord, end: RunEnd): Promise<RunRecord> {
    return endRunWithin(this.options.events, tx, run, end);
  }

  /** Ends this execution's hold on the run; with `resumeAt`, a queue job goes on with it then (a handover). */
  private async release(run: RunRecord, token: string, resumeAt?: Date): Promise<void> {
    await this.transaction(async (tx) => {
      const { count } = await tx.workflowRun.updateMany({ where: { tenant_id: run.tenant_id, id: run.id, lease_token: token }, data: { lease_token: null, lease_expires_at: null, version: { increment: 1 } } });
      if (count > 0 && resumeAt) await this.enqueue(tx, run.tenant_id, run.id, resumeAt);
    });
  }

  /** The run locked for this transaction, if this execution still holds it. */
  private async fenced(tx: Prisma.TransactionClient, run: RunRecord, token: string): Promise<RunRecord | undefined> {
    const current = await lockRun(tx, run.tenant_id, run.id);
    return current?.lease_token === token ? current : undefined;
  }

  /** A transaction of the engine; once it commits, the events it emitted go live and their dispatch starts. */
  private transaction<T>(work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
    return transactionThen(this.options.prisma, work, (tx) => this.options.committed(tx));
  }
}

/** A run claimed by an execution, with what executing it needs. */
interface Claimed {
  run: RunRecord;
  version: WorkflowVersionRecord;
  workflow: WorkflowRecord;
  definition: WorkflowDefinition;
}

interface TriggerJob {
  tenant_id: string;
  workflow_id: string;
  event_id: string;
}

const PUBLISH_DOCUMENT = 'mutation WorkflowEmit($input: PublishEventInput!) { publish_event(input: $input) { id type occurred_at } }';

/** JSONata's truth: what `$boolean` would say (an empty array or string, 0 and null are false). */
function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(truthy);
  return Boolean(value);
}

/** The values a step works with, its expressions evaluated against the run's context: what the step log shows as its input. */
async function stepInput(step: Step, context: RunContext): Promise<Record<string, unknown>> {
  const named = `step "${step.id}"`;
  switch (step.kind) {
    case 'condition':
      return { if: await evaluate(step.if, context, named) };
    case 'for_each':
      return { items: await evaluate(step.items, context, named) };
    case 'graphql': {
      const variables: Record<string, unknown> = {};
      for (const [name, source] of Object.entries(step.variables ?? {})) variables[name] = await evaluate(source, context, `${named}, variable ${name}`);
      return { variables };
    }
    case 'emit':
      return { event_type: step.event_type, data: await evaluate(step.data, context, named) };
    case 'http':
      return { method: step.method, url: step.url, ...(step.body !== undefined && { body: await evaluate(step.body, context, named) }) };
    case 'wait':
      return step.until !== undefined ? { until: await evaluate(step.until, context, named) } : { seconds: step.seconds };
    case 'approval':
      return step.message !== undefined ? { message: await evaluate(step.message, context, named) } : {};
  }
}


import type { PrismaClient } from '@platform/db';
import type { RestPush, RestPushRule } from '../connectors/rest/index.ts';
import type { SourceRecord } from '../connectors/source.ts';
import { type GuardedExpression, parseExpression } from '@platform/automation';
import { remoteIdOf, savePushRecord, wasPushed } from '../repositories/push-records.ts';
import type { WriteOutcome } from './record-writer.ts';

export interface CompiledPushRule {
  rule: RestPushRule;
  body: GuardedExpression;
  filter?: GuardedExpression;
}

/** A connector's push rules by event type, their body expressions parsed (they were checked when the connector was saved). */
export function compilePushRules(rules: readonly RestPushRule[]): Map<string, CompiledPushRule> {
  const compiled = new Map<string, CompiledPushRule>();
  for (const rule of rules) {
    compiled.set(rule.event_type, { rule, body: parsedRulePart(rule, 'body', rule.body), ...(rule.filter !== undefined && { filter: parsedRulePart(rule, 'filter', rule.filter) }) });
  }
  return compiled;
}

function parsedRulePart(rule: RestPushRule, part: string, source: string): GuardedExpression {
  const parsed = parseExpression(source);
  if (!parsed.ok) throw new Error(`the push rule of ${rule.event_type} was saved with a ${part} that does not parse: ${parsed.message}`);
  return parsed.expression;
}

export interface PushContext {
  prisma: PrismaClient;
  tenantId: string;
  connectorId: string;
  jobId: string;
  rules: ReadonlyMap<string, CompiledPushRule>;
  target: RestPush;
  signal: AbortSignal;
}

/**
 * Pushes one platform event (a record whose data is the event as the API shows it) to the
 * connector's API (unless its rule's filter passes over it: `unchanged`): its rule's body expression over the event's data, its path with the record's
 * ids, `Idempotency-Key` the event id; then records the push with the id the API gave the record.
 * An event pushed already is `unchanged`. What the record is at fault for (its body does not map,
 * its record has no id in the other system yet, the API refuses it with a 4xx) is its failure, kept
 * for a replay; a failure of the API itself (unreachable, 5xx, throttled, credentials refused)
 * throws and ends the attempt under the retry policy.
 */
export async function pushRecord(context: PushContext, record: SourceRecord): Promise<WriteOutcome> {
  const { prisma, tenantId, connectorId } = context;
  if (await wasPushed(prisma, tenantId, connectorId, record.external_id)) return 'unchanged';
  const compiled = context.rules.get(record.stream);
  if (!compiled) return { errors: [{ field: 'event_type', code: 'push_rule_missing', message: `the connector has no push rule for ${record.stream} (any more)` }] };
  const { rule } = compiled;
  const event = record.data as { data?: unknown; resource?: { type: string; id: string } | null };
  if (!event.resource) return { errors: [{ field: 'record', code: 'record_unreadable', message: 'the event is about no record' }] };

  if (compiled.filter) {
    const passes = await compiled.filter.evaluate(event.data, { record });
    if (!passes.ok) return { errors: [{ field: 'filter', code: 'expression_failed', message: passes.message }] };
    // Nothing (a condition on a field the invoice lacks) passes over as false does, as in a mapping's filter.
    if (passes.value === false || passes.value === undefined) return 'unchanged';
    if (passes.value !== true) return { errors: [{ field: 'filter', code: 'expression_failed', message: `must give true or false; gave ${describe(passes.value)}` }] };
  }
  const evaluation = await compiled.body.evaluate(event.data, { record });
  if (!evaluation.ok) return { errors: [{ field: 'body', code: 'expression_failed', message: evaluation.message }] };
  if (typeof evaluation.value !== 'object' || evaluation.value === null) {
    return { errors: [{ field: 'body', code: 'expression_failed', message: `must give a JSON object or array; gave ${evaluation.value === undefined ? 'nothing' : describe(evaluation.value)}` }] };
  }
  let remoteId: string | undefined;
  if (rule.path.includes('{remote_id}')) {
    remoteId = await remoteIdOf(prisma, tenantId, connectorId, event.resource.id);
    if (remoteId === undefined) {
      return { errors: [{ field: 'path', code: 'remote_id_unknown', message: `${event.resource.type} ${event.resource.id} has no id in the other system yet: the event that creates it there was not pushed (replay its failure first)` }] };
    }
  }

  const answer = await context.target.push({ rule, body: evaluation.value, idempotencyKey: record.external_id, ids: { resource_id: event.resource.id, remote_id: remoteId } }, context.signal);
  if (!answer.ok) return { errors: [{ field: 'record', code: 'push_refused', message: answer.message }] };
  await savePushRecord(prisma, {
    tenant_id: tenantId,
    connector_id: connectorId,
    event_id: record.external_id,
    event_type: record.stream,
    resource_id: event.resource.id,
    remote_id: answer.remoteId ?? null,
    response_status: answer.status,
    sync_job_id: context.jobId,
  });
  return rule.method === 'POST' ? 'created' : 'updated';
}

function describe(value: unknown): string {
  return value === null ? 'null' : `a ${typeof value}`;
}

import { cronProblem, isTimeZone, parseExpression } from '@platform/automation';
import { isCustomEventType, scopeToReceive } from '@platform/events';
import type { FieldError } from '@platform/errors';
import type { OperationCheck } from '@platform/graphql-kit';
import { WORKFLOW_LIMITS, type Step, type WorkflowDefinition, definitionSchema } from './format.ts';
import { inputSchemaProblem } from './input-schema.ts';

/** What checking a definition needs of the platform. */
export interface DefinitionChecks {
  /** The operation against the supergraph (WorkflowsPort.checkOperation). */
  checkOperation(document: string): OperationCheck;
  /** Whether the tenant's calls may go to `url` (the webhooks' outbound policy). */
  checkUrl(url: string): Promise<{ ok: true } | { ok: false; reason: string }>;
}

export type DefinitionCheck = { ok: true; definition: WorkflowDefinition } | { ok: false; errors: FieldError[] };

/** The scope publishing a custom event takes (the `emit` step runs `publish_event`). */
const PUBLISH_SCOPE = 'events:write';

/**
 * A definition as saved: its shape (format.ts), then everything the shape cannot say, all at
 * once, each error at its field (`definition.steps.1.then.0.document`) and naming its step:
 * unique step ids, size and nesting, every expression parsed, every GraphQL document validated
 * against the supergraph with its variables, every scope a step needs among those granted to the
 * workflow, the trigger's event type receivable and its schedule or input schema sound, every URL
 * allowed by the outbound policy.
 */
export async function checkDefinition(raw: unknown, grantedScopes: ReadonlySet<string>, checks: DefinitionChecks): Promise<DefinitionCheck> {
  const shape = definitionSchema.safeParse(raw);
  if (!shape.success) return { ok: false, errors: shape.error.issues.map((issue) => ({ field: pathOf(['definition', ...issue.path]), message: issue.message })) };
  const definition = shape.data;
  if (JSON.stringify(definition).length > WORKFLOW_LIMITS.definitionLength) {
    return { ok: false, errors: [{ field: 'definition', message: `too large: at most ${WORKFLOW_LIMITS.definitionLength} characters of JSON` }] };
  }
  const errors: FieldError[] = [];
  const report = (path: Array<string | number>, message: string) => errors.push({ field: pathOf(['definition', ...path]), message });
  const expressionAt = (path: Array<string | number>, source: string | undefined, what: string) => {
    if (source === undefined) return;
    const parsed = parseExpression(source);
    if (!parsed.ok) report(path, `${what}: ${parsed.message}`);
  };

  const { trigger } = definition;
  if (trigger.type === 'event') {
    const scope = scopeToReceive(trigger.event_type);
    if (scope === undefined) report(['trigger', 'event_type'], `${trigger.event_type} is neither a platform event type (GET /v1/events/types) nor a custom one (custom.…)`);
    else if (!grantedScopes.has(scope)) report(['trigger', 'event_type'], `receiving ${trigger.event_type} events takes the scope ${scope}, which the workflow is not granted`);
    expressionAt(['trigger', 'condition'], trigger.condition, 'the trigger condition');
  } else if (trigger.type === 'schedule') {
    const problem = cronProblem(trigger.cron);
    if (problem) report(['trigger', 'cron'], problem);
    if (trigger.time_zone !== undefined && !isTimeZone(trigger.time_zone)) report(['trigger', 'time_zone'], `${trigger.time_zone} is not an IANA time zone (such as Europe/Paris)`);
  } else if (trigger.input_schema !== undefined) {
    const problem = inputSchemaProblem(trigger.input_schema);
    if (problem) report(['trigger', 'input_schema'], problem);
  }
  expressionAt(['output'], definition.output, 'the output');

  const seen = new Set<string>();
  let count = 0;
  const visit = async (steps: Step[], path: Array<string | number>, depth: number) => {
    for (const [index, step] of steps.entries()) {
      const at = [...path, index];
      const named = `step "${step.id}"`;
      count++;
      if (seen.has(step.id)) report([...at, 'id'], `${named}: another step has this id; step ids are unique in a workflow`);
      seen.add(step.id);
      switch (step.kind) {
        case 'condition':
          expressionAt([...at, 'if'], step.if, named);
          if (depth >= WORKFLOW_LIMITS.depth) report(at, `${named}: nested more than ${WORKFLOW_LIMITS.depth} deep`);
          await visit(step.then, [...at, 'then'], depth + 1);
          if (step.else) await visit(step.else, [...at, 'else'], depth + 1);
          break;
        case 'for_each':
          expressionAt([...at, 'items'], step.items, named);
          if (depth >= WORKFLOW_LIMITS.depth) report(at, `${named}: nested more than ${WORKFLOW_LIMITS.depth} deep`);
          await visit(step.steps, [...at, 'steps'], depth + 1);
          break;
        case 'graphql':
          for (const [name, source] of Object.entries(step.variables ?? {})) expressionAt([...at, 'variables', name], source, `${named}, variable ${name}`);
          checkOperationStep(step.document, step.variables ?? {}, grantedScopes, checks, (field, message) => report([...at, ...field], `${named}: ${message}`));
          break;
        case 'emit':
          expressionAt([...at, 'data'], step.data, named);
          if (!isCustomEventType(step.event_type)) report([...at, 'event_type'], `${named}: a workflow publishes custom events only (custom.… with 1 to 5 lower-case segments)`);
          if (!grantedScopes.has(PUBLISH_SCOPE)) report([...at, 'event_type'], `${named}: publishing an event takes the scope ${PUBLISH_SCOPE}, which the workflow is not granted`);
          break;
        case 'http': {
          expressionAt([...at, 'body'], step.body, named);
          const verdict = await checks.checkUrl(step.url);
          if (!verdict.ok) report([...at, 'url'], `${named}: ${verdict.reason}`);
          if (step.body !== undefined && step.method === 'GET') report([...at, 'body'], `${named}: a GET sends no body`);
          break;
        }
        case 'wait':
          expressionAt([...at, 'until'], step.until, named);
          break;
        case 'approval':
          expressionAt([...at, 'message'], step.message, named);
          break;
      }
    }
  };
  await visit(definition.steps, ['steps'], 1);
  if (count > WORKFLOW_LIMITS.steps) report(['steps'], `${count} steps in all; at most ${WORKFLOW_LIMITS.steps}`);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, definition };
}

function checkOperationStep(document: string, variables: Record<string, string>, granted: ReadonlySet<string>, checks: DefinitionChecks, report: (field: string[], message: string) => void): void {
  const check = checks.checkOperation(document);
  if (!check.ok) {
    for (const error of check.errors) report(['document'], error);
    return;
  }
  for (const field of check.rootFields) {
    if (field.anyOf.length > 0 && !field.anyOf.some((scope) => granted.has(scope))) {
      report(['document'], `${field.coordinate} takes the scope ${field.anyOf.join(' or ')}, which the workflow is not granted`);
    }
  }
  const declared = new Map(check.variables.map((variable) => [variable.name, variable.required]));
  for (const name of Object.keys(variables)) if (!declared.has(name)) report(['variables', name], `the document declares no variable $${name}`);
  for (const [name, required] of declared) if (required && !(name in variables)) report(['variables'], `the document's variable $${name} is required: give it an expression`);
}

/** `definition.steps.1.then.0.if`: the field path of the API's validation errors. */
function pathOf(path: ReadonlyArray<PropertyKey>): string {
  return path.map(String).join('.');
}


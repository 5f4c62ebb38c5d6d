import { z } from 'zod';

/**
 * The workflow definition format, as a tenant writes it (JSON, snake_case like the rest of the
 * API). Objects are strict, so a misspelt field is reported where it is instead of being ignored.
 * Strings marked "expression" are JSONata, evaluated against the run's context
 * `{ input, steps, item, index }` (see context.ts); the shapes here are checked first, then every
 * expression, operation and URL (validate.ts). Why a format of our own rather than the CNCF
 * Serverless Workflow DSL: docs/domains/workflows.md.
 */

export const WORKFLOW_LIMITS = {
  /** Steps in a definition, nested ones included. */
  steps: 100,
  /** Nesting of conditions and loops. */
  depth: 4,
  /** Items a for_each iterates over. */
  forEachItems: 100,
  /** Characters of a GraphQL document. */
  documentLength: 20_000,
  /** Characters of the definition as JSON. */
  definitionLength: 200_000,
  /** A run's longest life, and the default: approvals may take days. */
  maxTimeoutSeconds: 30 * 24 * 3600,
  defaultTimeoutSeconds: 7 * 24 * 3600,
  /** A wait's longest delay. */
  maxWaitSeconds: 30 * 24 * 3600,
  /** Attempts of a step, and the longest delay between two. */
  maxAttempts: 10,
  maxBackoffSeconds: 3600,
  /** An HTTP call's longest wait for its answer. */
  maxHttpTimeoutSeconds: 30,
} as const;

const expression = z.string().min(1, 'must be a JSONata expression').max(4000);

/** A step's id: what later expressions read its output by (`steps.<id>`), unique in the definition. */
const stepId = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/, 'must be 1 to 63 lower-case letters, digits and "_", starting with a letter');

const retryPolicy = z
  .strictObject({
    max_attempts: z.number().int().min(1).max(WORKFLOW_LIMITS.maxAttempts).optional().describe('Attempts in all (default 3; 1: no retry).'),
    backoff_seconds: z.number().int().min(1).max(WORKFLOW_LIMITS.maxBackoffSeconds).optional().describe('Delay before the second attempt, doubled for each later one (default 2).'),
  })
  .describe('How a step that failed for a reason worth retrying (a 5xx, a timeout, a rate limit) is retried.');

const headerName = z
  .string()
  .max(100)
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'must be an HTTP header name')
  .refine((name) => !/^(host|content-length|transfer-encoding|connection|idempotency-key|webhook-(id|timestamp|signature))$/i.test(name), 'is a header the platform sets itself');

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
  .max(2048)
  .refine((value) => !URL.canParse(value) || new URL(value).username + new URL(value).password === '', 'must not carry credentials');

interface StepBase {
  id: string;
  description?: string | undefined;
}
export interface ConditionStep extends StepBase {
  kind: 'condition';
  if: string;
  then: Step[];
  else?: Step[] | undefined;
}
export interface GraphqlStep extends StepBase {
  kind: 'graphql';
  document: string;
  variables?: Record<string, string> | undefined;
  retry?: RetryPolicy | undefined;
}
export interface EmitStep extends StepBase {
  kind: 'emit';
  event_type: string;
  data: string;
  retry?: RetryPolicy | undefined;
}
export interface HttpStep extends StepBase {
  kind: 'http';
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string> | undefined;
  body?: string | undefined;
  timeout_seconds?: number | undefined;
  retry?: RetryPolicy | undefined;
}
export interface WaitStep extends StepBase {
  kind: 'wait';
  seconds?: number | undefined;
  until?: string | undefined;
}
export interface ApprovalStep extends StepBase {
  kind: 'approval';
  message?: string | undefined;
  timeout_seconds?: number | undefined;
  on_reject?: 'fail' | 'continue' | undefined;
}
export interface ForEachStep extends StepBase {
  kind: 'for_each';
  items: string;
  steps: Step[];
}
export type Step = ConditionStep | GraphqlStep | EmitStep | HttpStep | WaitStep | ApprovalStep | ForEachStep;
export type StepKind = Step['kind'];
export type RetryPolicy = z.infer<typeof retryPolicy>;

const description = z.string().max(500).optional();

const stepSchema: z.ZodType<Step> = z.lazy(() =>
  z.discriminatedUnion(
    'kind',
    [
      z.strictObject({
        id: stepId,
        kind: z.literal('condition'),
        description,
        if: expression.describe('Expression: the `then` steps run when it is true, else the `else` steps.'),
        then: stepList,
        else: stepList.optional(),
      }),
      z.strictObject({
        id: stepId,
        kind: z.literal('graphql'),
        description,
        document: z.string().min(1).max(WORKFLOW_LIMITS.documentLength).describe("One query or mutation of the platform's own GraphQL API, run as the workflow."),
        variables: z.record(z.string().regex(/^[_A-Za-z][_0-9A-Za-z]*$/, 'must be a GraphQL variable name'), expression).optional().describe('Each variable of the document, as an expression.'),
        retry: retryPolicy.optional(),
      }),
      z.strictObject({
        id: stepId,
        kind: z.literal('emit'),
        description,
        event_type: z.string().max(100).describe('A custom event type (`custom.…`).'),
        data: expression.describe("Expression: the event's payload (an object)."),
        retry: retryPolicy.optional(),
      }),
      z.strictObject({
        id: stepId,
        kind: z.literal('http'),
        description,
        method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
        url: httpUrl,
        headers: z.record(headerName, z.string().max(2000)).optional(),
        body: expression.optional().describe('Expression: the JSON body.'),
        timeout_seconds: z.number().int().min(1).max(WORKFLOW_LIMITS.maxHttpTimeoutSeconds).optional(),
        retry: retryPolicy.optional(),
      }),
      z
        .strictObject({
          id: stepId,
          kind: z.literal('wait'),
          description,
          seconds: z.number().int().min(1).max(WORKFLOW_LIMITS.maxWaitSeconds).optional(),
          until: expression.optional().describe('Expression: an RFC 3339 instant to wait until.'),
        })
        .refine((step) => (step.seconds === undefined) !== (step.until === undefined), { message: 'give exactly one of seconds and until', path: ['seconds'] }),
      z.strictObject({
        id: stepId,
        kind: z.literal('approval'),
        description,
        message: expression.optional().describe('Expression: what the approver is asked.'),
        timeout_seconds: z.number().int().min(60).max(WORKFLOW_LIMITS.maxTimeoutSeconds).optional(),
        on_reject: z.enum(['fail', 'continue']).optional(),
      }),
      z.strictObject({
        id: stepId,
        kind: z.literal('for_each'),
        description,
        items: expression.describe('Expression: the list to iterate over.'),
        steps: stepList,
      }),
    ],
    { error: (issue) => (issue.code === 'invalid_union' ? 'kind must be one of condition, graphql, emit, http, wait, approval, for_each' : undefined) },
  ),
);

const stepList: z.ZodType<Step[]> = z.lazy(() => z.array(stepSchema).min(1, 'must hold at least one step').max(WORKFLOW_LIMITS.steps));

const triggerSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('event'),
      event_type: z.string().min(1).max(100).describe('A platform event type (`inventory.stock.low`) or a custom one (`custom.…`).'),
      condition: expression.optional().describe('Expression over `input` (the event): a run starts only when it is true.'),
    }),
    z.strictObject({
      type: z.literal('schedule'),
      cron: z.string().max(100).describe('Five cron fields: minute hour day-of-month month day-of-week.'),
      time_zone: z.string().max(64).optional().describe('IANA time zone of the cron times (default UTC).'),
    }),
    z.strictObject({
      type: z.literal('manual'),
      input_schema: z.record(z.string(), z.unknown()).optional().describe("JSON Schema (2020-12) the run's input must match."),
    }),
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? 'type must be one of event, schedule, manual' : undefined) },
);

export const definitionSchema = z.strictObject({
  trigger: triggerSchema,
  steps: stepList,
  timeout_seconds: z.number().int().min(1).max(WORKFLOW_LIMITS.maxTimeoutSeconds).optional().describe('A run still going after this long fails with `run_timed_out` (default 7 days).'),
  output: expression.optional().describe("Expression: the run's output (default: every step's output, by step id)."),
});

export type WorkflowDefinition = z.infer<typeof definitionSchema>;
export type Trigger = WorkflowDefinition['trigger'];

/** The step of a definition with this id, wherever it is nested. */
export function findStep(steps: readonly Step[], id: string): Step | undefined {
  for (const step of steps) {
    if (step.id === id) return step;
    const nested = step.kind === 'condition' ? [...step.then, ...(step.else ?? [])] : step.kind === 'for_each' ? step.steps : [];
    const found = findStep(nested, id);
    if (found) return found;
  }
  return undefined;
}

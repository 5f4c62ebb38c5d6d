import { type GuardedExpression, isJsonataFunction, parseExpression } from '@platform/automation';

/** A step that cannot go on, for a reason no retry changes (an expression that fails, a bad value). */
export class StepFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Parsed expressions by source: the same few expressions are evaluated for every run of a workflow. */
const parsed = new Map<string, GuardedExpression>();
const CACHED_EXPRESSIONS = 5000;

/**
 * Evaluates a definition's expression (JSONata, bounded as every tenant expression is) against a
 * run's context. A failure is a StepFailure (`expression_failed`) naming `what`.
 */
export async function evaluate(source: string, context: unknown, what: string): Promise<unknown> {
  let expression = parsed.get(source);
  if (!expression) {
    const parse = parseExpression(source);
    // Definitions are checked when saved; a source that no longer parses fails the step, it does not crash the engine.
    if (!parse.ok) throw new StepFailure('expression_failed', `${what}: ${parse.message}`);
    expression = parse.expression;
    if (parsed.size >= CACHED_EXPRESSIONS) parsed.delete(parsed.keys().next().value as string);
    parsed.set(source, expression);
  }
  const evaluation = await expression.evaluate(context);
  if (!evaluation.ok) throw new StepFailure('expression_failed', `${what}: ${evaluation.message}`);
  return plainJson(evaluation.value, what);
}

/**
 * A value as JSON holds it: what a step records, sends and hands to the next steps. An expression
 * may give a function (a lambda holds its whole environment) or nothing: they become null (a
 * function inside an object or array is left out, as JSON.stringify does).
 */
function plainJson(value: unknown, what: string): unknown {
  try {
    const text = JSON.stringify(value, (_key, inner: unknown) => (inner !== null && typeof inner === 'object' && isJsonataFunction(inner) ? undefined : inner));
    return text === undefined ? null : (JSON.parse(text) as unknown);
  } catch (error) {
    throw new StepFailure('expression_failed', `${what}: gives a value JSON cannot hold (${(error as Error).message})`);
  }
}

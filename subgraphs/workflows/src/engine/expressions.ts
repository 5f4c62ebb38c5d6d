import { type GuardedExpression, parseExpression } from '@platform/automation';

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
  return evaluation.value;
}

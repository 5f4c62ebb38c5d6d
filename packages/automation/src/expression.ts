import jsonata from 'jsonata';
import type { Expression, ExprNode } from 'jsonata';
import { EXPRESSION_LIMITS } from './limits.ts';

/**
 * One tenant expression, parsed, with every evaluation bounded:
 * - time, nesting depth and sequence length by JSONata's own guardrails (its `timeout`, `stack` and
 *   `sequence` options, checked on entry to every evaluation step and kept per evaluation, so
 *   concurrent records do not share a clock);
 * - the size of every intermediate value by an exit hook (JSONata's `__evaluate_exit`);
 * - regular expressions refused, as a single match can backtrack for minutes;
 * - `$pad` and `$distinct` guarded, as a single call of either can take seconds.
 * A built-in call runs to its end once started: these bounds are on what it is given.
 */
export interface GuardedExpression {
  /** Evaluates against `input`, with `bindings` as variables (`{ record }` binds `$record`); never throws. */
  evaluate(input: unknown, bindings?: Readonly<Record<string, unknown>>): Promise<Evaluation>;
}

export type Evaluation = { ok: true; value: unknown } | { ok: false; message: string };

export type ExpressionParse =
  | { ok: true; expression: GuardedExpression }
  | { ok: false; code: 'expression_invalid' | 'expression_too_long' | 'expression_not_allowed'; message: string };

export function parseExpression(source: unknown): ExpressionParse {
  // Definitions arrive as JSON: the declared types are not a guarantee.
  if (typeof source !== 'string') return { ok: false, code: 'expression_invalid', message: 'must be a JSONata expression, as a string' };
  if (source.length > EXPRESSION_LIMITS.expressionLength) {
    return { ok: false, code: 'expression_too_long', message: `${source.length} characters; at most ${EXPRESSION_LIMITS.expressionLength}` };
  }
  let compiled: Expression;
  try {
    compiled = jsonata(source, GUARDRAILS);
  } catch (error) {
    return { ok: false, code: 'expression_invalid', message: describeSyntaxError(error) };
  }
  const regex = findRegex(compiled.ast());
  if (regex) return { ok: false, code: 'expression_not_allowed', message: `position ${regex.position ?? 0}: ${REGEX_REFUSED}` };
  installGuards(compiled);
  return { ok: true, expression: { evaluate: (input, bindings = {}) => evaluateGuarded(compiled, input, bindings) } };
}

/** Thrown by the guards; its message is what the tenant reads. */
class GuardrailError extends Error {}

const REGEX_REFUSED =
  'regular expressions are not allowed in expressions, as their matching time cannot be bounded; use $contains, $split, $replace or $substringBefore with a string';

/** Refuses at evaluation too: `$eval` can build a regular expression the parse check never saw. */
class RefusedRegExp {
  constructor() {
    throw new GuardrailError(REGEX_REFUSED);
  }
}

const GUARDRAILS = {
  timeout: EXPRESSION_LIMITS.recordMs,
  stack: EXPRESSION_LIMITS.evaluationDepth,
  sequence: EXPRESSION_LIMITS.sequenceLength,
  RegexEngine: RefusedRegExp as unknown as RegExpConstructor,
};

/** jsonata 2.x looks its evaluation hooks up by these symbols, which no expression can bind. */
const EVALUATE_EXIT = Symbol.for('jsonata.__evaluate_exit');

function installGuards(compiled: Expression): void {
  // `assign` passes the name through to the environment; its declared type only admits strings.
  (compiled as unknown as { assign(name: symbol, value: unknown): void }).assign(EVALUATE_EXIT, checkValueSize);
  compiled.registerFunction('pad', guardedPad, '<s-ns?:s>');
  compiled.registerFunction('distinct', guardedDistinct, '<x:x>');
}

async function evaluateGuarded(compiled: Expression, input: unknown, bindings: Readonly<Record<string, unknown>>): Promise<Evaluation> {
  try {
    return { ok: true, value: await compiled.evaluate(input, { ...bindings }) };
  } catch (error) {
    return { ok: false, message: describeEvaluationError(error) };
  }
}

function checkValueSize(_node: unknown, _input: unknown, _environment: unknown, result: unknown): void {
  if (sizeOf(result, EXPRESSION_LIMITS.valueSize) > EXPRESSION_LIMITS.valueSize) {
    throw new GuardrailError(`too large: a value of more than ${EXPRESSION_LIMITS.valueSize} characters and items`);
  }
}

/** Sizes of objects and arrays measured in full (never of a measure cut short), as values are not changed once produced. */
const measuredSizes = new WeakMap<object, number>();

/** The characters of a value's strings plus one per value, counted no further than just past `budget`. */
function sizeOf(value: unknown, budget: number): number {
  if (typeof value === 'string') return value.length;
  if (value === null || typeof value !== 'object' || isJsonataFunction(value)) return 1;
  const measured = measuredSizes.get(value);
  if (measured !== undefined) return measured;
  let size = 1;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    size += sizeOf(item, budget - size);
    if (size > budget) return size;
  }
  measuredSizes.set(value, size);
  return size;
}

/** A JSONata function value (a lambda or a built-in): it holds its environment, which is no data. */
export function isJsonataFunction(value: object): boolean {
  return '_jsonata_lambda' in value || '_jsonata_function' in value;
}

// The guarded built-ins check their arguments, then leave the work to JSONata's own.
const builtinPad = jsonata('$pad($text, $width, $char)');
const builtinDistinct = jsonata('$distinct($items)');

async function guardedPad(text: string | undefined, width: number, char?: string): Promise<unknown> {
  if (Math.abs(width) > EXPRESSION_LIMITS.padWidth) throw new GuardrailError(`too large: $pad to a width of ${width}; at most ${EXPRESSION_LIMITS.padWidth}`);
  return builtinPad.evaluate(undefined, { text, width, char });
}

async function guardedDistinct(items: unknown): Promise<unknown> {
  if (Array.isArray(items) && items.length > EXPRESSION_LIMITS.distinctItems) {
    throw new GuardrailError(`too large: $distinct of ${items.length} items; at most ${EXPRESSION_LIMITS.distinctItems}`);
  }
  return builtinDistinct.evaluate(undefined, { items });
}

/** The first regular expression literal of an expression's syntax tree. */
function findRegex(node: unknown, visited = new Set<object>()): ExprNode | undefined {
  if (node === null || typeof node !== 'object' || node instanceof RegExp || visited.has(node)) return undefined;
  visited.add(node);
  // The parser names the node `regex`, which the declared node types leave out.
  if ((node as { type?: unknown }).type === 'regex') return node as ExprNode;
  for (const child of Object.values(node)) {
    const found = findRegex(child, visited);
    if (found) return found;
  }
  return undefined;
}

interface JsonataFailure {
  code?: unknown;
  position?: unknown;
  message?: unknown;
  /** What went wrong inside `$eval`. */
  error?: unknown;
}

function asFailure(error: unknown): JsonataFailure {
  return error !== null && typeof error === 'object' ? error : { message: String(error) };
}

function describeSyntaxError(error: unknown): string {
  const failure = asFailure(error);
  return `position ${String(failure.position ?? 0)}: ${String(failure.message)} (${String(failure.code)})`;
}

function describeEvaluationError(error: unknown): string {
  const failure = asFailure(error);
  const cause = failure.error ?? error;
  if (cause instanceof GuardrailError) return cause.message;
  switch (asFailure(cause).code) {
    case 'D1011':
      return `too deep: more than ${EXPRESSION_LIMITS.evaluationDepth} nested evaluation steps (a recursion that does not end?)`;
    case 'D1012':
      return `took too long: more than ${EXPRESSION_LIMITS.recordMs} ms`;
    case 'D2015':
      return `too large: a sequence of more than ${EXPRESSION_LIMITS.sequenceLength} items`;
  }
  // Limits of the JavaScript engine itself: a string past its maximum length, a stack overflow.
  if (cause instanceof RangeError) return `too large or too deep: ${cause.message}`;
  const where = failure.position === undefined ? '' : ` at position ${String(failure.position)}`;
  return failure.code === undefined ? String(failure.message) : `${String(failure.message)} (${String(failure.code)}${where})`;
}

import { ApiError, type FieldError } from '@platform/errors';
import { type DocumentNode, Kind, visit } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/** Deeper JSON than this is refused: no input of the API nests so deep, and deeper values exhaust recursive code. */
export const MAX_INPUT_DEPTH = 64;
/** More values (keys and items, at any depth) than this are refused: no operation needs them, and each costs coercion and validation. */
export const MAX_INPUT_VALUES = 10_000;

/**
 * Refuses input the platform cannot store or process: a NUL character (U+0000) in any variable
 * (value or object key) or string literal (PostgreSQL cannot store it), a number JSON cannot represent (1e309), and
 * variables nested more than MAX_INPUT_DEPTH levels or holding more than MAX_INPUT_VALUES values,
 * whether they came from a GraphQL client or from a REST path, query or body (the facade passes
 * them as variables). Without this, such a value fails deep inside as an internal error; with it,
 * the client gets a 400 naming the field.
 */
export function useStorableText(): Plugin {
  return {
    onExecute({ args }) {
      const errors: FieldError[] = [];
      const values = collectInputProblems(args.variableValues ?? {}, errors);
      if (values > MAX_INPUT_VALUES) {
        throw new ApiError('input_too_large', `The request holds more than ${MAX_INPUT_VALUES} values (keys and items); send fewer at a time.`, { limit: 'values', maximum: MAX_INPUT_VALUES });
      }
      for (const field of nulLiterals(args.document)) errors.push({ field, message: 'must not contain NUL characters (U+0000)' });
      if (errors.length > 0) throw new ApiError('validation_failed', `The request is invalid: ${errors.map((error) => `${error.field}: ${error.message}`).join('; ')}.`, { errors });
    },
  };
}

/**
 * Walks the variables without recursion (a hostile value may nest thousands of levels) and counts
 * their values; stops counting (and collecting) past MAX_INPUT_VALUES.
 */
function collectInputProblems(variables: unknown, errors: FieldError[]): number {
  const pending: Array<{ value: unknown; path: string[] }> = [{ value: variables, path: [] }];
  let values = 0;
  while (pending.length > 0) {
    if (++values > MAX_INPUT_VALUES) return values;
    const { value, path } = pending.pop() as { value: unknown; path: string[] };
    // Mutation inputs are reported relative to the input object, as REST bodies and other errors are.
    const field = () => (path[0] === 'input' ? path.slice(1) : path).join('.');
    if (typeof value === 'string') {
      if (value.includes('\u0000')) errors.push({ field: field(), message: 'must not contain NUL characters (U+0000)' });
    } else if (typeof value === 'number') {
      // JSON.parse reads 1e309 as Infinity, which JSON cannot carry back (it would be stored as null).
      if (!Number.isFinite(value)) errors.push({ field: field(), message: 'must be a finite number' });
    } else if (typeof value === 'object' && value !== null) {
      if (path.length > MAX_INPUT_DEPTH) {
        errors.push({ field: field(), message: `nests more than ${MAX_INPUT_DEPTH} levels deep` });
        continue;
      }
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) errors.push({ field: [...(path[0] === 'input' ? path.slice(1) : path), key].join('.'), message: 'must not contain NUL characters (U+0000) in keys' });
        pending.push({ value: item, path: [...path, key] });
      }
    }
  }
  return values;
}

/** Per parsed document: the envelop parser cache hands every request of a document the same DocumentNode. */
const nulLiteralsOf = new WeakMap<DocumentNode, string[]>();

function nulLiterals(document: DocumentNode): string[] {
  const known = nulLiteralsOf.get(document);
  if (known) return known;
  const fields: string[] = [];
  visit(document, {
    [Kind.ARGUMENT]: (node) => {
      visit(node.value, { [Kind.STRING]: (literal) => void (literal.value.includes('\u0000') && fields.push(node.name.value)) });
    },
  });
  nulLiteralsOf.set(document, fields);
  return fields;
}

import { ApiError, type FieldError } from '@platform/errors';
import { type DocumentNode, Kind, visit } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/** Deeper JSON than this is refused: no input of the API nests so deep, and deeper values exhaust recursive code. */
export const MAX_INPUT_DEPTH = 64;

/**
 * Refuses input the platform cannot store or process: a NUL character (U+0000) in any variable or
 * string literal (PostgreSQL cannot store it), and variables nested more than MAX_INPUT_DEPTH
 * levels, whether they came from a GraphQL client or from a REST path, query or body (the facade
 * passes them as variables). Without this, such a value fails deep inside as an internal error;
 * with it, the client gets a 400 naming the field.
 */
export function useStorableText(): Plugin {
  return {
    onExecute({ args }) {
      const errors: FieldError[] = [];
      collectInputProblems(args.variableValues ?? {}, errors);
      for (const field of nulLiterals(args.document)) errors.push({ field, message: 'must not contain NUL characters (U+0000)' });
      if (errors.length > 0) throw new ApiError('validation_failed', `The request is invalid: ${errors.map((error) => `${error.field}: ${error.message}`).join('; ')}.`, { errors });
    },
  };
}

/** Walks the variables without recursion (a hostile value may nest thousands of levels). */
function collectInputProblems(variables: unknown, errors: FieldError[]): void {
  const pending: Array<{ value: unknown; path: string[] }> = [{ value: variables, path: [] }];
  while (pending.length > 0) {
    const { value, path } = pending.pop() as { value: unknown; path: string[] };
    // Mutation inputs are reported relative to the input object, as REST bodies and other errors are.
    const field = () => (path[0] === 'input' ? path.slice(1) : path).join('.');
    if (typeof value === 'string') {
      if (value.includes('\u0000')) errors.push({ field: field(), message: 'must not contain NUL characters (U+0000)' });
    } else if (typeof value === 'object' && value !== null) {
      if (path.length > MAX_INPUT_DEPTH) {
        errors.push({ field: field(), message: `nests more than ${MAX_INPUT_DEPTH} levels deep` });
        continue;
      }
      for (const [key, item] of Object.entries(value)) pending.push({ value: item, path: [...path, key] });
    }
  }
}

function nulLiterals(document: DocumentNode): string[] {
  const fields: string[] = [];
  visit(document, {
    [Kind.ARGUMENT]: (node) => {
      visit(node.value, { [Kind.STRING]: (literal) => void (literal.value.includes('\u0000') && fields.push(node.name.value)) });
    },
  });
  return fields;
}

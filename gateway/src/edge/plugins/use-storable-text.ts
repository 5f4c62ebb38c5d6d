import { ApiError, type FieldError } from '@platform/errors';
import { type DocumentNode, Kind, visit } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * Refuses text PostgreSQL cannot store: a NUL character (U+0000) in any variable or string
 * literal, whether it came from a GraphQL client or from a REST path, query or body (the facade
 * passes them as variables). Without this, such a value reaches the database and fails there as
 * an internal error; with it, the client gets a 400 naming the field.
 */
export function useStorableText(): Plugin {
  return {
    onExecute({ args }) {
      const errors: FieldError[] = [];
      collectNul(args.variableValues ?? {}, [], errors);
      for (const field of nulLiterals(args.document)) errors.push({ field, message: 'must not contain NUL characters (U+0000)' });
      if (errors.length > 0) throw new ApiError('validation_failed', `Text values must not contain NUL characters: ${errors.map((error) => error.field).join(', ')}.`, { errors });
    },
  };
}

function collectNul(value: unknown, path: string[], errors: FieldError[]): void {
  if (typeof value === 'string') {
    // Mutation inputs are reported relative to the input object, as REST bodies and other errors are.
    if (value.includes('\u0000')) errors.push({ field: (path[0] === 'input' ? path.slice(1) : path).join('.'), message: 'must not contain NUL characters (U+0000)' });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => collectNul(item, [...path, String(index)], errors));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) collectNul(item, [...path, key], errors);
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

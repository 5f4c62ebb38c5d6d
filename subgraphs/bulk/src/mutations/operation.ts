import { ApiError } from '@platform/errors';
import { type DocumentNode, type GraphQLSchema, type OperationDefinitionNode, GraphQLError, Kind, parse, validate } from 'graphql';

/** Bounds the work of parsing a client's document (graphql-js counts tokens as it goes). */
const MAX_TOKENS = 5000;
export const MAX_MUTATION_LENGTH = 20_000;

/** A bulk mutation's document, checked: the response key of its one root field (where each line's result is). */
export interface CheckedMutation {
  rootField: string;
  /** The root field's name (`create_customer`), whatever its alias. */
  fieldName: string;
}

/**
 * Checks that `mutation` is a GraphQL document of exactly one mutation operation selecting exactly
 * one root field, valid against the supergraph's API schema: each line of the upload is run as
 * that operation with the line as its variables, and its result is that field's. Anything else is
 * a 422 naming `mutation`, before any line runs.
 */
export function checkBulkMutation(schema: GraphQLSchema, mutation: string): CheckedMutation {
  let document: DocumentNode;
  try {
    document = parse(mutation, { maxTokens: MAX_TOKENS, noLocation: true });
  } catch (error) {
    throw mutationRefused(`does not parse: ${error instanceof GraphQLError ? error.message : 'unreadable'}`);
  }
  const invalid = validate(schema, document);
  if (invalid.length > 0) throw mutationRefused(`does not validate: ${invalid.map((error) => error.message).join(' ')}`);
  const operations = document.definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
  const operation = operations[0];
  if (operations.length !== 1 || operation?.operation !== 'mutation') throw mutationRefused('must hold exactly one operation, a mutation');
  const [root, ...others] = operation.selectionSet.selections;
  if (root?.kind !== Kind.FIELD || others.length > 0 || (root.directives ?? []).length > 0) {
    throw mutationRefused('must select exactly one field at its root, without fragments or directives there: the mutation each line runs');
  }
  return { rootField: root.alias?.value ?? root.name.value, fieldName: root.name.value };
}

function mutationRefused(message: string): ApiError {
  return new ApiError('rule_violation', `The bulk mutation's document ${message}.`, { errors: [{ field: 'mutation', message }] });
}

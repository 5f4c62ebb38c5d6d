import type { OperationCheck } from '@platform/graphql-kit';
import { type FragmentDefinitionNode, type GraphQLSchema, Kind, type OperationDefinitionNode, type SelectionSetNode, parse, validate } from 'graphql';

/** Tokens of a workflow's GraphQL document: more than any operation needs, and parsing stays cheap. */
const MAX_TOKENS = 5000;

/**
 * A workflow step's GraphQL document checked against the supergraph when the workflow is saved:
 * it parses, holds exactly one operation, a query or a mutation (a subscription never ends), and
 * validates; answers its root fields with the scopes each requires, and its variables.
 */
export function checkOperation(schema: GraphQLSchema, rootFieldScopes: ReadonlyMap<string, readonly string[]>, document: string): OperationCheck {
  let parsed;
  try {
    parsed = parse(document, { maxTokens: MAX_TOKENS });
  } catch (error) {
    return { ok: false, errors: [`the document does not parse: ${(error as Error).message}`] };
  }
  const operations = parsed.definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
  if (operations.length !== 1) return { ok: false, errors: [`the document must hold exactly one operation; it holds ${operations.length}`] };
  const [operation] = operations as [OperationDefinitionNode];
  if (operation.operation === 'subscription') return { ok: false, errors: ['a step runs a query or a mutation, not a subscription'] };
  const errors = validate(schema, parsed);
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, 10).map((error) => error.message) };
  const fragments = new Map(parsed.definitions.filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION).map((fragment) => [fragment.name.value, fragment]));
  const rootType = operation.operation === 'mutation' ? 'Mutation' : 'Query';
  const fields = new Set<string>();
  collectRootFields(operation.selectionSet, fragments, fields, new Set());
  return {
    ok: true,
    kind: operation.operation,
    rootFields: [...fields].filter((name) => !name.startsWith('__')).map((name) => ({ coordinate: `${rootType}.${name}`, anyOf: [...(rootFieldScopes.get(`${rootType}.${name}`) ?? [])] })),
    variables: (operation.variableDefinitions ?? []).map((variable) => ({ name: variable.variable.name.value, required: variable.type.kind === Kind.NON_NULL_TYPE && variable.defaultValue === undefined })),
  };
}

function collectRootFields(selectionSet: SelectionSetNode, fragments: ReadonlyMap<string, FragmentDefinitionNode>, fields: Set<string>, visited: Set<string>): void {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) fields.add(selection.name.value);
    else if (selection.kind === Kind.INLINE_FRAGMENT) collectRootFields(selection.selectionSet, fragments, fields, visited);
    else if (!visited.has(selection.name.value)) {
      visited.add(selection.name.value);
      const fragment = fragments.get(selection.name.value);
      if (fragment) collectRootFields(fragment.selectionSet, fragments, fields, visited);
    }
  }
}

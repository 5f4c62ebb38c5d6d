import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  getNamedType,
  getVariableValues,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isNonNullType,
  isObjectType,
  isSpecifiedScalarType,
  parse,
  validate,
} from 'graphql';
import type { TaskStep } from './plan.ts';

/**
 * The writes an agent task may plan: the supergraph's mutations, each with its arguments and the
 * scopes that admit it, and the input types those arguments reach, printed compactly (a language
 * model is shown them; a step's variables are validated against the schema itself).
 */
export interface MutationArgument {
  name: string;
  /** As GraphQL writes it (`CreateOrderInput!`). */
  type: string;
  description: string | null;
}

export interface CatalogueMutation {
  /** The root Mutation field (`create_order`). */
  field: string;
  description: string;
  /** Any one of these admits the mutation (`crm:write`). */
  scopes: string[];
  arguments: MutationArgument[];
  /** The input object, enum and custom scalar types its arguments reach, by name (see `MutationCatalogue.types`). */
  reaches: string[];
}

export interface MutationCatalogue {
  /** The supergraph the mutations belong to: a step's document and variables are validated against it. */
  schema: GraphQLSchema;
  mutations: CatalogueMutation[];
  /** Every reached type's compact definition by name (`input CreateOrderInput { … }`). */
  types: ReadonlyMap<string, string>;
}

export type StepCheck = { ok: true; step: TaskStep } | { ok: false; errors: string[] };

/** GraphQL names (an operation's name is derived from the step id, so the id must become one). */
const GRAPHQL_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Errors reported per refused step: enough to correct it, short enough to read. */
const MAX_ERRORS = 10;

export function buildMutationCatalogue(schema: GraphQLSchema, rootFieldScopes: ReadonlyMap<string, readonly string[]>): MutationCatalogue {
  const mutationType = schema.getMutationType();
  const types = new Map<string, string>();
  const mutations = Object.values(mutationType?.getFields() ?? {}).map((field): CatalogueMutation => {
    const reached = new Set<string>();
    for (const argument of field.args) collectInputTypes(argument.type, reached);
    for (const name of reached) if (!types.has(name)) types.set(name, describeInputType(schema.getType(name) as GraphQLNamedType));
    return {
      field: field.name,
      description: field.description ?? '',
      scopes: [...(rootFieldScopes.get(`Mutation.${field.name}`) ?? [])],
      arguments: field.args.map((argument) => ({ name: argument.name, type: String(argument.type), description: argument.description ?? null })),
      reaches: [...reached],
    };
  });
  return { schema, mutations, types };
}

/** Input objects, enums and custom scalars reachable from an input type (built-in scalars need no definition). */
function collectInputTypes(type: GraphQLInputType, reached: Set<string>): void {
  const named = getNamedType(type);
  if (reached.has(named.name) || isSpecifiedScalarType(named)) return;
  reached.add(named.name);
  if (isInputObjectType(named)) for (const field of Object.values(named.getFields())) collectInputTypes(field.type, reached);
}

/** One line per field, its description as a trailing comment: SDL without the block strings. */
function describeInputType(type: GraphQLNamedType): string {
  const comment = (description: string | null | undefined) => (description ? `  # ${description.replace(/\s+/g, ' ').trim()}` : '');
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).map((field) => `  ${field.name}: ${String(field.type)}${comment(field.description)}`);
    return `input ${type.name} {${comment(type.description)}\n${fields.join('\n')}\n}`;
  }
  if (isEnumType(type)) return `enum ${type.name} { ${type.getValues().map((value) => value.name).join(' | ')} }${comment(type.description)}`;
  return `scalar ${type.name}${comment(type.description)}`;
}

/**
 * One step of a task plan: the document that calls one mutation with a variable per argument,
 * selecting the payload's `id` (or what the payload offers), checked to validate against the
 * schema and the variables checked to coerce to the arguments' types. The stored variables are
 * the ones given (plain JSON), not their coerced form.
 */
export function mutationStep(schema: GraphQLSchema, proposal: { id: string; description: string; operation: string; arguments: Record<string, unknown> }): StepCheck {
  const field = schema.getMutationType()?.getFields()[proposal.operation];
  if (!field) return refused(`"${proposal.operation}" is not a mutation of the schema`);
  if (!GRAPHQL_NAME.test(proposal.id)) return refused(`the step id "${proposal.id}" must be letters, digits and underscores, not starting with a digit`);
  if (typeof proposal.arguments !== 'object' || proposal.arguments === null || Array.isArray(proposal.arguments)) return refused(`the arguments of ${field.name} must be an object of argument values`);
  const known = new Set(field.args.map((argument) => argument.name));
  const unknown = Object.keys(proposal.arguments).filter((name) => !known.has(name));
  if (unknown.length > 0) return refused(`${field.name} has no argument ${unknown.join(', ')}; it takes ${[...known].join(', ') || 'none'}`);

  const used = field.args.filter((argument) => argument.name in proposal.arguments || isRequired(argument));
  const operationName = proposal.id.charAt(0).toUpperCase() + proposal.id.slice(1);
  const definitions = used.length > 0 ? `(${used.map((argument) => `$${argument.name}: ${String(argument.type)}`).join(', ')})` : '';
  const callArguments = used.length > 0 ? `(${used.map((argument) => `${argument.name}: $${argument.name}`).join(', ')})` : '';
  const selection = selectionOf(field);
  const document = `mutation ${operationName}${definitions} { ${field.name}${callArguments}${selection ? ` ${selection}` : ''} }`;

  const parsed = parse(document);
  const invalid = validate(schema, parsed);
  if (invalid.length > 0) return { ok: false, errors: invalid.slice(0, MAX_ERRORS).map((error) => error.message) };
  const operation = parsed.definitions[0] as OperationDefinitionNode;
  const variables = Object.fromEntries(used.filter((argument) => argument.name in proposal.arguments).map((argument) => [argument.name, proposal.arguments[argument.name]]));
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables, { maxErrors: MAX_ERRORS });
  if (coerced.errors) return { ok: false, errors: coerced.errors.map((error) => error.message) };
  return { ok: true, step: { id: proposal.id, description: proposal.description, operation: field.name, document, variables } };
}

function refused(message: string): StepCheck {
  return { ok: false, errors: [message] };
}

function isRequired(argument: GraphQLArgument): boolean {
  return isNonNullType(argument.type) && argument.defaultValue === undefined;
}

/** `{ id }` when the payload has an id; else its leaf fields; `{ __typename }` when it has none; nothing for a leaf payload. */
function selectionOf(field: GraphQLField<unknown, unknown>): string {
  const payload = getNamedType(field.type as GraphQLOutputType);
  if (isLeafType(payload)) return '';
  if (!isObjectType(payload) && !isInterfaceType(payload)) return '{ __typename }';
  const leaves = Object.values(payload.getFields()).filter((candidate) => isLeafType(getNamedType(candidate.type)) && !candidate.args.some(isRequired));
  if (leaves.some((candidate) => candidate.name === 'id')) return '{ id }';
  return leaves.length > 0 ? `{ ${leaves.map((candidate) => candidate.name).join(' ')} }` : '{ __typename }';
}

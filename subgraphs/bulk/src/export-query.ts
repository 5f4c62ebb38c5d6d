import { ApiError } from '@platform/errors';
import {
  type DefinitionNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  GraphQLError,
  Kind,
  getNamedType,
  getNullableType,
  isCompositeType,
  isLeafType,
  isListType,
  isObjectType,
  parse,
  print,
  validate,
  visit,
} from 'graphql';

/** The variables an export adds to its query to walk the list: the cursor, the page size and whether to count. */
export const PAGE_VARIABLES = { after: 'bulkExportAfter', perPage: 'bulkExportPerPage', countTotal: 'bulkExportCountTotal' } as const;
/** The response key of the page's `meta` the export selects itself (the client's own `meta` selection is dropped). */
export const META_KEY = 'bulkExportMeta';
/** The list's own paging arguments: the export sets them. */
const PAGING_ARGUMENTS = new Set(['after', 'before', 'page', 'per_page']);
/** Bounds the work of parsing a client's document (graphql-js counts tokens as it goes). */
const MAX_TOKENS = 5000;

/** A list query made ready to export: the document the job runs page by page, where its records are, and the CSV header. */
export interface PreparedExport {
  document: string;
  /** The response key of the list field at the root, and of its `data`. */
  listField: string;
  dataField: string;
  /** Each selected leaf of a record as a path of response keys (`customer.name`); lists and JSON values are one column each. */
  columns: string[];
}

/**
 * Checks that `query` is a GraphQL query of exactly one paginated list field at its root (a field
 * returning the list envelope `{ data, meta }` with cursor pagination) that validates against the
 * supergraph's API schema, and rewrites it for the export: the list paged by `after`/`per_page`
 * variables, `meta { next_cursor total }` selected under a key of its own (the total only when
 * asked: counting on every page would cost as much as the page), the envelope's other selections
 * dropped. Anything else is a 422 naming `query`.
 */
export function prepareExportQuery(schema: GraphQLSchema, query: string): PreparedExport {
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: MAX_TOKENS, noLocation: true });
  } catch (error) {
    throw queryRefused(`does not parse: ${error instanceof GraphQLError ? error.message : 'unreadable'}`);
  }
  const invalid = validate(schema, document);
  if (invalid.length > 0) throw queryRefused(`does not validate: ${invalid.map((error) => error.message).join(' ')}`);
  const operations = document.definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
  const operation = operations[0];
  if (operations.length !== 1 || operation?.operation !== 'query') throw queryRefused('must hold exactly one operation, a query');
  const [root, ...others] = operation.selectionSet.selections;
  if (root?.kind !== Kind.FIELD || others.length > 0) throw queryRefused('must select exactly one field at its root (no fragments there): the list to export');
  const listName = root.name.value;
  const definition = schema.getQueryType()?.getFields()[listName];
  const envelope = definition && getNullableType(definition.type);
  if (!definition || !isObjectType(envelope) || !isListEnvelope(envelope) || !definition.args.some((argument) => argument.name === 'after')) {
    throw queryRefused(`${listName} is not a paginated list (a field returning { data, meta } that takes a cursor)`);
  }
  const paging = (root.arguments ?? []).map((argument) => argument.name.value).filter((name) => PAGING_ARGUMENTS.has(name));
  if (paging.length > 0) throw queryRefused(`leave out ${paging.join(', ')}: the export pages through ${listName} itself`);
  const reserved = (operation.variableDefinitions ?? []).map((variable) => variable.variable.name.value).filter((name) => (Object.values(PAGE_VARIABLES) as string[]).includes(name));
  if (reserved.length > 0) throw queryRefused(`the variable names ${reserved.join(', ')} are the export's own; rename them`);
  const dataSelections = (root.selectionSet?.selections ?? []).filter((selection): selection is FieldNode => selection.kind === Kind.FIELD && selection.name.value === 'data');
  const data = dataSelections[0];
  if (dataSelections.length !== 1 || !data?.selectionSet || (data.directives ?? []).length > 0) throw queryRefused(`must select ${listName} { data { … } } once, without directives: the records to export`);

  const fragments = new Map(document.definitions.filter((node): node is FragmentDefinitionNode => node.kind === Kind.FRAGMENT_DEFINITION).map((fragment) => [fragment.name.value, fragment]));
  const recordType = getNamedType(envelope.getFields().data?.type) as GraphQLCompositeType;
  const columns = [...new Set(leafColumns(schema, fragments, recordType, data.selectionSet, ''))];

  const paged: FieldNode = {
    ...root,
    arguments: [...(root.arguments ?? []), argument('after', PAGE_VARIABLES.after), argument('per_page', PAGE_VARIABLES.perPage)],
    selectionSet: selections([data, pageMeta()]),
  };
  const rewritten: OperationDefinitionNode = {
    ...operation,
    variableDefinitions: [...(operation.variableDefinitions ?? []), variable(PAGE_VARIABLES.after, 'String', false), variable(PAGE_VARIABLES.perPage, 'Int', true), variable(PAGE_VARIABLES.countTotal, 'Boolean', true)],
    selectionSet: selections([paged]),
  };
  const prepared = withoutUnusedFragments({ ...document, definitions: document.definitions.map((node): DefinitionNode => (node === operation ? rewritten : node)) });
  // Dropping the client's `meta` selection may leave one of its variables unused: say so rather than fail later.
  const unfit = validate(schema, prepared);
  if (unfit.length > 0) throw queryRefused(`cannot be paged for export: ${unfit.map((error) => error.message).join(' ')}`);
  return { document: print(prepared), listField: root.alias?.value ?? listName, dataField: data.alias?.value ?? 'data', columns };
}

/** The variables of one page of an export: the client's, and the export's own. */
export function pageVariables(variables: Record<string, unknown>, after: string | null, perPage: number, countTotal: boolean): Record<string, unknown> {
  return { ...variables, [PAGE_VARIABLES.after]: after, [PAGE_VARIABLES.perPage]: perPage, [PAGE_VARIABLES.countTotal]: countTotal };
}

function queryRefused(message: string): ApiError {
  return new ApiError('rule_violation', `The export's query ${message}.`, { errors: [{ field: 'query', message }] });
}

function isListEnvelope(type: GraphQLObjectType): boolean {
  const fields = type.getFields();
  const data = fields.data && getNullableType(fields.data.type);
  const meta = fields.meta && getNamedType(fields.meta.type);
  return isListType(data) && isCompositeType(getNamedType(data)) && isObjectType(meta) && 'next_cursor' in meta.getFields();
}

/**
 * The CSV columns of a selection: each leaf field's path of response keys, nested objects
 * flattened (`customer.name`), a list (of anything) one column holding its JSON text. Fragments
 * contribute their fields at the same level.
 */
function leafColumns(schema: GraphQLSchema, fragments: ReadonlyMap<string, FragmentDefinitionNode>, type: GraphQLCompositeType, selectionSet: SelectionSetNode, prefix: string): string[] {
  return selectionSet.selections.flatMap((selection) => {
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      const condition = selection.typeCondition ? (schema.getType(selection.typeCondition.name.value) as GraphQLCompositeType) : type;
      return leafColumns(schema, fragments, condition, selection.selectionSet, prefix);
    }
    if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = fragments.get(selection.name.value);
      if (!fragment) return [];
      return leafColumns(schema, fragments, schema.getType(fragment.typeCondition.name.value) as GraphQLCompositeType, fragment.selectionSet, prefix);
    }
    const key = `${prefix}${selection.alias?.value ?? selection.name.value}`;
    // A field of an abstract type's member outside a fragment is only __typename (validation guarantees it).
    const fieldType = 'getFields' in type ? type.getFields()[selection.name.value]?.type : undefined;
    if (!fieldType || !selection.selectionSet || isListType(getNullableType(fieldType)) || isLeafType(getNamedType(fieldType))) return [key];
    return leafColumns(schema, fragments, getNamedType(fieldType) as GraphQLCompositeType, selection.selectionSet, `${key}.`);
  });
}

/** The document without the fragments nothing uses any more (validation refuses unused fragments). */
function withoutUnusedFragments(document: DocumentNode): DocumentNode {
  const definitions = new Map(document.definitions.filter((node): node is FragmentDefinitionNode => node.kind === Kind.FRAGMENT_DEFINITION).map((node) => [node.name.value, node]));
  const used = new Set<string>();
  const pending: Array<DefinitionNode> = document.definitions.filter((node) => node.kind === Kind.OPERATION_DEFINITION);
  for (let next = pending.pop(); next; next = pending.pop()) {
    visit(next, {
      FragmentSpread(spread) {
        const name = spread.name.value;
        const fragment = definitions.get(name);
        if (used.has(name) || !fragment) return;
        used.add(name);
        pending.push(fragment);
      },
    });
  }
  return { ...document, definitions: document.definitions.filter((node) => node.kind !== Kind.FRAGMENT_DEFINITION || used.has(node.name.value)) };
}

function name(value: string) {
  return { kind: Kind.NAME, value } as const;
}

function argument(argumentName: string, variableName: string) {
  return { kind: Kind.ARGUMENT, name: name(argumentName), value: { kind: Kind.VARIABLE, name: name(variableName) } } as const;
}

function variable(variableName: string, typeName: string, required: boolean) {
  const named = { kind: Kind.NAMED_TYPE, name: name(typeName) } as const;
  return { kind: Kind.VARIABLE_DEFINITION, variable: { kind: Kind.VARIABLE, name: name(variableName) }, type: required ? ({ kind: Kind.NON_NULL_TYPE, type: named } as const) : named } as const;
}

function selections(nodes: readonly FieldNode[]): SelectionSetNode {
  return { kind: Kind.SELECTION_SET, selections: nodes };
}

function field(fieldName: string, options: { alias?: string; selections?: readonly FieldNode[]; includeIf?: string } = {}): FieldNode {
  return {
    kind: Kind.FIELD,
    name: name(fieldName),
    ...(options.alias && { alias: name(options.alias) }),
    ...(options.selections && { selectionSet: selections(options.selections) }),
    ...(options.includeIf && { directives: [{ kind: Kind.DIRECTIVE, name: name('include'), arguments: [argument('if', options.includeIf)] }] }),
  };
}

/** `bulkExportMeta: meta { next_cursor total @include(if: $bulkExportCountTotal) }` */
function pageMeta(): FieldNode {
  return field('meta', { alias: META_KEY, selections: [field('next_cursor'), field('total', { includeIf: PAGE_VARIABLES.countTotal })] });
}

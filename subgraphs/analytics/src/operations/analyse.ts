import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLError,
  type GraphQLField,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  getNamedType,
  isAbstractType,
  isCompositeType,
  isEnumType,
  isListType,
  isNonNullType,
  isScalarType,
  isUnionType,
  parse,
  print,
  validate,
  valueFromASTUntyped,
} from 'graphql';

/** Tokens of a saved document: the edge's limit for any document (DOCUMENT_LIMITS.tokens), so a saved one always runs. */
const MAX_TOKENS = 10_000;
/** GraphQL's messages reported for a document that does not validate; the first ones say enough. */
const MAX_REPORTED_ERRORS = 10;

/** A variable of a saved operation, as its document declares it. */
export interface OperationVariable {
  name: string;
  /** The GraphQL type as written (`[String!]`, `DateTime!`). */
  type: string;
  /** Must be given: non-null without a default. */
  required: boolean;
  /** The default the document declares; null when it declares none. */
  default_value: unknown;
}

/** A root field the operation selects and the scopes any one of which admits it. */
export interface OperationRootField {
  /** `Query.orders`, `Mutation.create_order`. */
  field: string;
  scopes: string[];
}

export type JsonSchema = Record<string, unknown>;

export type OperationAnalysis =
  | { ok: true; kind: 'query' | 'mutation'; operationName: string | null; variables: OperationVariable[]; resultSchema: JsonSchema; rootFields: OperationRootField[] }
  | { ok: false; errors: string[] };

/**
 * A document to save, checked against the supergraph's API schema and described: it parses,
 * holds exactly one operation, a query or a mutation (a subscription is a stream, not a result),
 * and validates; then its variables, the JSON Schema of its result's `data` and its root fields
 * with their scopes are derived from the schema. Mutations may be saved: running one needs the
 * write scopes its fields need, as sending the document would.
 */
export function analyseOperation(schema: GraphQLSchema, rootFieldScopes: ReadonlyMap<string, readonly string[]>, document: string): OperationAnalysis {
  let parsed: DocumentNode;
  try {
    parsed = parse(document, { maxTokens: MAX_TOKENS });
  } catch (error) {
    return { ok: false, errors: [located(error as GraphQLError)] };
  }
  const operations = parsed.definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
  if (operations.length !== 1) return { ok: false, errors: [`the document must hold exactly one operation; it holds ${operations.length}`] };
  const [operation] = operations as [OperationDefinitionNode];
  if (operation.operation === 'subscription') return { ok: false, errors: ['a saved operation is a query or a mutation; a subscription streams events (use graphql-ws or SSE)'] };
  const errors = validate(schema, parsed);
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, MAX_REPORTED_ERRORS).map(located) };

  const fragments = new Map(parsed.definitions.filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION).map((fragment) => [fragment.name.value, fragment]));
  const rootType = operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  // Validation passed, so the schema has the operation's root type.
  const root = rootType as NonNullable<typeof rootType>;
  const describer = new ResultDescriber(schema, fragments);
  const resultSchema = { $schema: 'https://json-schema.org/draft/2020-12/schema', ...(operation.name && { title: operation.name.value }), ...describer.selection(root, [operation.selectionSet]) };
  const rootFields = [...new Set([...describer.collect(root, [operation.selectionSet]).values()].map((collected) => (collected.nodes[0] as FieldNode).name.value))]
    .filter((name) => !name.startsWith('__'))
    .map((name) => ({ field: `${root.name}.${name}`, scopes: [...(rootFieldScopes.get(`${root.name}.${name}`) ?? [])] }));
  return {
    ok: true,
    kind: operation.operation,
    operationName: operation.name?.value ?? null,
    variables: (operation.variableDefinitions ?? []).map((definition) => ({
      name: definition.variable.name.value,
      type: print(definition.type),
      required: definition.type.kind === Kind.NON_NULL_TYPE && definition.defaultValue === undefined,
      default_value: definition.defaultValue ? valueFromASTUntyped(definition.defaultValue) : null,
    })),
    resultSchema,
    rootFields,
  };
}

/** GraphQL's message with the line and column it points at, so the analyst finds the place. */
function located(error: GraphQLError): string {
  const [location] = error.locations ?? [];
  return location ? `${error.message} (line ${location.line}, column ${location.column})` : error.message;
}

/** The fields selected under one response key: merged like GraphQL merges them. */
interface CollectedField {
  nodes: FieldNode[];
  /** The type whose field it is (a fragment's type condition inside an abstract type). */
  owner: GraphQLCompositeType;
  /** Present in every result object: selected without a type condition narrower than the parent, and without @skip/@include. */
  always: boolean;
}

/** JSON Schema of the platform's scalars as they are serialised (see graphql-kit's platformScalars). */
const SCALAR_SCHEMAS: Record<string, JsonSchema> = {
  ID: { type: 'string' },
  String: { type: 'string' },
  Int: { type: 'integer' },
  Float: { type: 'number' },
  Boolean: { type: 'boolean' },
  DateTime: { type: 'string', format: 'date-time' },
  MinorUnits: { type: 'integer', description: 'An amount in minor units of its currency (cents).' },
  JSON: { description: 'Any JSON value.' },
};

class ResultDescriber {
  constructor(
    private readonly schema: GraphQLSchema,
    private readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  ) {}

  /** The object a selection set answers: one property per response key, required when always present. */
  selection(parent: GraphQLCompositeType, selectionSets: readonly SelectionSetNode[]): JsonSchema {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const [key, collected] of this.collect(parent, selectionSets)) {
      properties[key] = this.field(parent, collected);
      if (collected.always) required.push(key);
    }
    return { type: 'object', properties, required, additionalProperties: false };
  }

  /** Fields by response key, in document order, through fragments (as GraphQL's CollectFields does). */
  collect(parent: GraphQLCompositeType, selectionSets: readonly SelectionSetNode[], owner: GraphQLCompositeType = parent, always = true, fields = new Map<string, CollectedField>()): Map<string, CollectedField> {
    for (const selectionSet of selectionSets) {
      for (const selection of selectionSet.selections) {
        const unconditional = always && !(selection.directives ?? []).some((directive) => directive.name.value === 'skip' || directive.name.value === 'include');
        if (selection.kind === Kind.FIELD) {
          const key = selection.alias?.value ?? selection.name.value;
          const existing = fields.get(key);
          if (existing) {
            existing.nodes.push(selection);
            existing.always ||= unconditional;
          } else fields.set(key, { nodes: [selection], owner, always: unconditional });
          continue;
        }
        const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : this.fragments.get(selection.name.value);
        if (!fragment) continue;
        const condition = fragment.typeCondition ? this.schema.getType(fragment.typeCondition.name.value) : owner;
        const narrowed = isCompositeType(condition) ? condition : owner;
        // A fragment on the type itself or on an abstract type it belongs to applies to every
        // result object; one on a narrower type (a union's member) to some of them only.
        const covers = narrowed === owner || (isAbstractType(narrowed) && !isUnionType(owner) && this.schema.isSubType(narrowed, owner));
        this.collect(parent, [fragment.selectionSet], covers ? owner : narrowed, unconditional && covers, fields);
      }
    }
    return fields;
  }

  private field(parent: GraphQLCompositeType, collected: CollectedField): JsonSchema {
    const [node] = collected.nodes as [FieldNode];
    if (node.name.value === '__typename') {
      const names = isAbstractType(collected.owner) ? this.schema.getPossibleTypes(collected.owner).map((type) => type.name) : [collected.owner.name];
      return { type: 'string', enum: names };
    }
    const definition = this.definitionOf(collected.owner, node.name.value) ?? this.definitionOf(parent, node.name.value);
    // Validation passed: every selected field exists on its owner type.
    const field = definition as GraphQLField<unknown, unknown>;
    const selectionSets = collected.nodes.flatMap((each) => (each.selectionSet ? [each.selectionSet] : []));
    const described = this.type(field.type, selectionSets);
    return field.description ? { ...described, description: field.description } : described;
  }

  private definitionOf(type: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined {
    // Introspection's root fields are not among the query type's own fields.
    if (name === SchemaMetaFieldDef.name) return SchemaMetaFieldDef;
    if (name === TypeMetaFieldDef.name) return TypeMetaFieldDef;
    return 'getFields' in type ? type.getFields()[name] : undefined;
  }

  private type(type: GraphQLOutputType, selectionSets: readonly SelectionSetNode[], nullable = true): JsonSchema {
    if (isNonNullType(type)) return this.type(type.ofType, selectionSets, false);
    const described = isListType(type) ? { type: 'array', items: this.type(type.ofType, selectionSets) } : this.named(getNamedType(type), selectionSets);
    return nullable ? orNull(described) : described;
  }

  private named(type: ReturnType<typeof getNamedType>, selectionSets: readonly SelectionSetNode[]): JsonSchema {
    if (isScalarType(type)) return SCALAR_SCHEMAS[type.name] ?? { description: `A ${type.name} value.` };
    if (isEnumType(type)) return { type: 'string', enum: type.getValues().map((value) => value.name) };
    if (isCompositeType(type)) return this.selection(type, selectionSets);
    return {};
  }
}

/** The schema of a nullable field: its type or null. */
function orNull(described: JsonSchema): JsonSchema {
  if (typeof described.type === 'string') return { ...described, type: [described.type, 'null'], ...(Array.isArray(described.enum) && { enum: [...described.enum, null] }) };
  return { anyOf: [described, { type: 'null' }] };
}

import type { GraphQLInputObjectType } from 'graphql';
import type { GuardedExpression } from '@platform/automation';

/** What a tenant writes: how to turn a source record into the input of one of the platform's mutations. */
export interface MappingDefinition {
  /**
   * For each input field of the target (top-level field name of the GraphQL input object), a
   * JSONata expression evaluated against the source record: `$` is the record's `data`, `$record`
   * the whole SourceRecord (`external_id`, `stream`, `updated_at`).
   */
  fields: Record<string, string>;
  /**
   * Optional JSONata expression deciding whether the record is mapped: `false` (or nothing, as
   * when it reads a field the record lacks) skips the record, which is not an error.
   */
  filter?: string;
}

export type MappingErrorCode =
  // compiling a definition
  | 'too_many_fields'
  | 'unknown_target_field'
  | 'required_field_unmapped'
  | 'expression_too_long'
  | 'expression_invalid'
  | 'expression_not_allowed'
  // previewing
  | 'too_many_records'
  // applying to a record
  | 'expression_failed'
  | 'value_invalid'
  | 'value_missing';

export interface MappingError {
  /**
   * Where: `fields.<name>` or `filter` for an expression, `fields` for the definition as a whole,
   * or the path of a value in the target input (`lines.2.quantity`).
   */
  field: string;
  code: MappingErrorCode;
  message: string;
}

export type CompileOutcome = { ok: true; mapping: CompiledMapping } | { ok: false; errors: MappingError[] };

/** A definition checked against its target and parsed: what `applyMapping` runs, record after record. */
export interface CompiledMapping {
  readonly target: GraphQLInputObjectType;
  /** The mapped fields, in the target's field order. */
  readonly fields: readonly MappedField[];
  readonly filter?: GuardedExpression;
}

export interface MappedField {
  readonly name: string;
  readonly expression: GuardedExpression;
}

export type MappingOutcome =
  | { ok: true; skipped: true }
  /** The input for the target mutation, coerced as GraphQL coerces variables (a DateTime is a Date). */
  | { ok: true; input: Record<string, unknown> }
  | { ok: false; errors: MappingError[] };

export type PreviewRecordOutcome = { external_id: string } & MappingOutcome;

export type PreviewOutcome = { ok: true; records: PreviewRecordOutcome[] } | { ok: false; errors: MappingError[] };

/** One input field of a target, as shown to a tenant writing a mapping. */
export interface InputFieldDescription {
  name: string;
  /** The GraphQL type as written in the schema: `Int!`, `[OrderLineInput!]!`. */
  type: string;
  /** Non-null without a default: a mapping must map it. */
  required: boolean;
  description: string | null;
  /** What the field takes when not mapped, as JSON; absent when it has no default. */
  default_value?: unknown;
  /** The values of an enum type. */
  enum_values?: string[];
  /** The fields of an input object type (or of a list of them), described the same way. */
  fields?: InputFieldDescription[];
}

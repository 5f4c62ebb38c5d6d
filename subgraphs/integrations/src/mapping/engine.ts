import { type GraphQLInputObjectType, isNonNullType } from 'graphql';
import type { SourceRecord } from '../connectors/source.ts';
import { coerceToInput } from './coerce.ts';
import { type GuardedExpression, parseExpression } from '@platform/automation';
import { MAPPING_LIMITS } from './limits.ts';
import type { CompiledMapping, CompileOutcome, MappedField, MappingDefinition, MappingError, MappingOutcome, PreviewOutcome, PreviewRecordOutcome } from './types.ts';

/**
 * Checks a definition against its target input type and parses its expressions, reporting every
 * error at once in an order that does not depend on the order of the definition's keys (a JSON
 * column may reorder them): the mapped keys in the target's field order, then unknown keys by
 * name, then the filter, then the required fields left unmapped.
 */
export function compileMapping(definition: MappingDefinition, target: GraphQLInputObjectType): CompileOutcome {
  const keys = Object.keys(definition.fields);
  if (keys.length > MAPPING_LIMITS.fieldCount) {
    // Checking each key of an oversized definition would only make work for whoever sent it.
    return { ok: false, errors: [{ field: 'fields', code: 'too_many_fields', message: `${keys.length} fields; at most ${MAPPING_LIMITS.fieldCount}` }] };
  }
  const targetFields = target.getFields();
  const targetOrder = Object.keys(targetFields);
  const errors: MappingError[] = [];
  const fields: MappedField[] = [];

  const knownKeys = targetOrder.filter((name) => Object.hasOwn(definition.fields, name));
  for (const name of knownKeys) {
    const parsed = parseExpression(definition.fields[name]);
    if (parsed.ok) fields.push({ name, expression: parsed.expression });
    else errors.push({ field: `fields.${name}`, code: parsed.code, message: parsed.message });
  }
  const unknownKeys = keys.filter((key) => !Object.hasOwn(targetFields, key)).sort();
  for (const key of unknownKeys) {
    errors.push({ field: `fields.${key}`, code: 'unknown_target_field', message: `${target.name} has no field "${key}"; its fields: ${targetOrder.join(', ')}` });
  }

  let filter: GuardedExpression | undefined;
  if (definition.filter !== undefined) {
    const parsed = parseExpression(definition.filter);
    if (parsed.ok) filter = parsed.expression;
    else errors.push({ field: 'filter', code: parsed.code, message: parsed.message });
  }

  for (const field of Object.values(targetFields)) {
    if (isNonNullType(field.type) && field.defaultValue === undefined && !Object.hasOwn(definition.fields, field.name)) {
      errors.push({ field: `fields.${field.name}`, code: 'required_field_unmapped', message: `${field.name} (${String(field.type)}) is required: map it` });
    }
  }

  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, mapping: { target, fields, ...(filter && { filter }) } };
}

/**
 * Maps one record: the filter first (a record it rejects is skipped), then every field expression
 * in the target's field order, then the coercion of the result to the target input type. Reports
 * every error of the record at once; never throws.
 */
export async function applyMapping(mapping: CompiledMapping, record: SourceRecord): Promise<MappingOutcome> {
  const startedAt = performance.now();
  if (mapping.filter) {
    const evaluation = await mapping.filter.evaluate(record.data, { record });
    if (!evaluation.ok) return { ok: false, errors: [{ field: 'filter', code: 'expression_failed', message: evaluation.message }] };
    // Nothing (a condition on a field the record lacks) skips as false does.
    if (evaluation.value === false || evaluation.value === undefined) return { ok: true, skipped: true };
    if (evaluation.value !== true) {
      return { ok: false, errors: [{ field: 'filter', code: 'expression_failed', message: `must give true or false; gave ${describeType(evaluation.value)}` }] };
    }
  }

  const values: Record<string, unknown> = {};
  const errors: MappingError[] = [];
  const failedFields = new Set<string>();
  let outOfTime = false;
  for (const { name, expression } of mapping.fields) {
    if (!outOfTime && performance.now() - startedAt >= MAPPING_LIMITS.recordMs) {
      outOfTime = true;
      errors.push({ field: `fields.${name}`, code: 'expression_failed', message: `not evaluated: the record's expressions took more than ${MAPPING_LIMITS.recordMs} ms together` });
    }
    const evaluation = outOfTime ? undefined : await expression.evaluate(record.data, { record });
    if (evaluation?.ok) {
      values[name] = evaluation.value;
    } else {
      if (evaluation) errors.push({ field: `fields.${name}`, code: 'expression_failed', message: evaluation.message });
      failedFields.add(name);
    }
  }

  const coerced = coerceToInput(values, mapping.target, failedFields);
  if (!coerced.ok) return { ok: false, errors: [...errors, ...coerced.errors] };
  return errors.length > 0 ? { ok: false, errors } : { ok: true, input: coerced.input };
}

/** Compiles a definition and applies it to sample records, one after the other; changes nothing anywhere. */
export async function previewMapping(definition: MappingDefinition, target: GraphQLInputObjectType, records: readonly SourceRecord[]): Promise<PreviewOutcome> {
  if (records.length > MAPPING_LIMITS.previewRecords) {
    return { ok: false, errors: [{ field: 'records', code: 'too_many_records', message: `${records.length} records; at most ${MAPPING_LIMITS.previewRecords}` }] };
  }
  const compiled = compileMapping(definition, target);
  if (!compiled.ok) return compiled;
  const outcomes: PreviewRecordOutcome[] = [];
  for (const record of records) outcomes.push({ external_id: record.external_id, ...(await applyMapping(compiled.mapping, record)) });
  return { ok: true, records: outcomes };
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}

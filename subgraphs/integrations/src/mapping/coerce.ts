import { coerceInputValue, type GraphQLInputObjectType, type GraphQLInputType, isInputObjectType, isListType, isNonNullType } from 'graphql';
import { isJsonataFunction } from '@platform/automation';
import type { MappingError, MappingErrorCode } from './types.ts';

type Path = ReadonlyArray<string | number>;

type Report = (path: Path, code: MappingErrorCode, message: string) => void;

/**
 * Turns what the field expressions produced into the target's input as GraphQL coerces a
 * mutation's variables (each scalar's `parseValue` runs: MinorUnits refuses 19.99, a DateTime
 * becomes a Date), reporting every value that does not fit by its path, in the target's field order.
 * `failedFields`: fields whose expression failed, already reported; not reported again as missing.
 */
export function coerceToInput(
  values: Record<string, unknown>,
  target: GraphQLInputObjectType,
  failedFields: ReadonlySet<string>,
): { ok: true; input: Record<string, unknown> } | { ok: false; errors: MappingError[] } {
  const skippedFields = new Set(failedFields);
  const errors: MappingError[] = [];
  const report: Report = (path, code, message) => {
    if (!skippedFields.has(String(path[0]))) errors.push({ field: formatPath(path), code, message });
  };
  const plain = toPlainObject(values, target, [], (path, code, message) => {
    report(path, code, message);
    skippedFields.add(String(path[0]));
  });
  const input = coerceInputValue(plain, target, (path, invalidValue, error) => reportCoercionError(path, invalidValue, error.message, report));
  return errors.length > 0 ? { ok: false, errors } : { ok: true, input: input as Record<string, unknown> };
}

// graphql-js 16 says which field is missing or unknown only in its message; its path is the enclosing object's.
const NOT_PROVIDED = /^Field "([^"]+)" of required type "([^"]+)" was not provided\.$/;
const NULL_FOR_NON_NULL = /^Expected non-nullable type "([^"]+)" not to be null\.$/;
const NOT_DEFINED = /^Field "([^"]+)" is not defined by type/;

function reportCoercionError(path: Path, invalidValue: unknown, message: string, report: Report): void {
  const notProvided = NOT_PROVIDED.exec(message);
  if (notProvided) return report([...path, notProvided[1] ?? ''], 'value_missing', `required (${notProvided[2]}), but the mapping gave no value`);
  const nullForNonNull = NULL_FOR_NON_NULL.exec(message);
  if (nullForNonNull && invalidValue === null) return report(path, 'value_missing', `required (${nullForNonNull[1]}), but the mapping gave null`);
  const notDefined = NOT_DEFINED.exec(message);
  report(notDefined ? [...path, notDefined[1] ?? ''] : path, 'value_invalid', message);
}

/**
 * A copy of JSONata's output as plain JSON values, shaped by the input type where it is known:
 * JSONata's sequences are arrays carrying flags, a path matching one item gives the item itself
 * (here put back in a list where the type wants one, so errors name `lines[0]`), an object
 * property may be undefined (not given), and a function is no value for an input.
 */
function toPlainObject(values: Record<string, unknown>, type: GraphQLInputObjectType | undefined, path: Path, report: Report): Record<string, unknown> {
  const fieldTypes = type?.getFields();
  const plain: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) plain[key] = toPlainValue(value, fieldTypes?.[key]?.type, [...path, key], report);
  }
  return plain;
}

function toPlainValue(value: unknown, type: GraphQLInputType | undefined, path: Path, report: Report): unknown {
  const nullableType = type && isNonNullType(type) ? type.ofType : type;
  if (value === null || typeof value !== 'object') {
    return isListType(nullableType) && value !== null ? [toPlainValue(value, nullableType.ofType, [...path, 0], report)] : value;
  }
  if (isJsonataFunction(value)) {
    report(path, 'value_invalid', 'a function is not a value');
    return undefined;
  }
  if (isListType(nullableType)) {
    const items: unknown[] = Array.isArray(value) ? value : [value];
    return items.map((item, index) => toPlainValue(item, nullableType.ofType, [...path, index], report));
  }
  if (Array.isArray(value)) return value.map((item: unknown, index) => toPlainValue(item, undefined, [...path, index], report));
  return toPlainObject(value as Record<string, unknown>, isInputObjectType(nullableType) ? nullableType : undefined, path, report);
}

/** `lines.2.quantity`: the API's own notation for a field at fault. */
export function formatPath(path: Path): string {
  return path.join('.');
}

import { ApiError, type FieldError } from '@platform/errors';
import { type GraphQLError, type GraphQLInputType, type GraphQLScalarType, coerceInputValue, getNamedType, getNullableType, isEnumType, isListType, isNonNullType, isScalarType } from 'graphql';
import type { Route } from './route-table.ts';

const INTEGER = /^-?[0-9]{1,10}$/;
const FLOAT = /^-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;
const NUMBERS = new Set(['Int', 'Float', 'MinorUnits']);

/**
 * Checks query parameters against the operation's arguments and returns them as the operation's
 * variables: SOFA, which would otherwise parse them, ignores unknown parameters, reads
 * `reorder_below=abc` as false, hands a MinorUnits amount on as a string, and `qs` turns more than
 * 20 values of a list (`status_in=a&status_in=b…`) into an object. A list argument is given once
 * per value; any other parameter once. Every problem is reported.
 */
export function queryVariables(route: Route, searchParams: URLSearchParams): Record<string, unknown> {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const variables: Record<string, unknown> = {};
  for (const [name, value] of searchParams) {
    const arg = route.queryArgs.get(name);
    if (!arg) {
      errors.push({ field: name, message: `unknown parameter; this operation accepts: ${[...route.queryArgs.keys()].join(', ') || 'none'}` });
      continue;
    }
    const nullable = getNullableType(arg.type);
    const element = isListType(nullable) ? nullable.ofType : undefined;
    if (seen.has(name) && !element) {
      errors.push({ field: name, message: 'given more than once' });
      continue;
    }
    seen.add(name);
    const problem = value === '' ? 'must not be empty; leave the parameter out instead' : scalarProblem(element ?? arg.type, value);
    if (problem) {
      // A list's message names the value at fault among the others.
      errors.push({ field: name, message: element && value !== '' ? `${JSON.stringify(value)} ${problem}` : problem });
      continue;
    }
    const variable = variableValue(element ?? arg.type, value);
    variables[name] = element ? [...((variables[name] as unknown[] | undefined) ?? []), variable] : variable;
  }
  for (const [name, arg] of route.queryArgs) {
    if (isNonNullType(arg.type) && !seen.has(name)) errors.push({ field: name, message: 'required' });
  }
  if (errors.length > 0) {
    const code = errors.some((error) => error.message.startsWith('unknown parameter')) ? 'unknown_parameter' : 'invalid_parameter';
    throw new ApiError(code, `Invalid query parameters: ${errors.map((error) => `${error.field} (${error.message})`).join(', ')}.`, { errors });
  }
  return variables;
}

/**
 * Checks path parameters of a type other than String (a mapping's `version`) before SOFA sees
 * them: SOFA would hand the operation what it could not coerce (a 500, found by the fuzz suite).
 */
export function validatePathParameters(route: Route, params: Record<string, string>): void {
  const errors: FieldError[] = [];
  for (const [name, value] of Object.entries(params)) {
    const arg = route.field.args.find((candidate) => candidate.name === name);
    const message = arg ? scalarProblem(arg.type, value) : undefined;
    if (message) errors.push({ field: name, message });
  }
  if (errors.length > 0) throw new ApiError('invalid_parameter', `Invalid path parameters: ${errors.map((error) => `${error.field} (${error.message})`).join(', ')}.`, { errors });
}

function scalarProblem(type: GraphQLInputType, value: string): string | undefined {
  const named = getNamedType(type);
  if (isListType(getNullableType(type))) return 'only lists of scalars or enums are accepted as query parameters';
  if (isEnumType(named)) return named.getValue(value) ? undefined : `must be one of: ${named.getValues().map((entry) => entry.name).join(', ')}`;
  if (!isScalarType(named)) return 'not accepted as a query parameter';
  switch (named.name) {
    case 'Boolean':
      return value === 'true' || value === 'false' ? undefined : 'must be true or false';
    case 'Float':
      return FLOAT.test(value) && Number.isFinite(Number(value)) ? undefined : 'must be a number';
    case 'Int':
      return INTEGER.test(value) && Number(value) >= -(2 ** 31) && Number(value) <= 2 ** 31 - 1 ? undefined : 'must be an integer from -2147483648 to 2147483647';
    case 'DateTime':
      return parses(named, value) ? undefined : 'must be an RFC 3339 date-time such as 2026-11-21T09:30:00Z';
    case 'MinorUnits':
      return /^-?[0-9]{1,16}$/.test(value) && Number.isSafeInteger(Number(value)) ? undefined : 'must be an integer amount in minor units';
    default:
      return undefined;
  }
}

/** A checked query value as a GraphQL variable: what a JSON client would send for it (numbers and booleans as such). */
function variableValue(type: GraphQLInputType, value: string): unknown {
  const name = getNamedType(type).name;
  if (NUMBERS.has(name)) return Number(value);
  return name === 'Boolean' ? value === 'true' : value;
}

/** Whether a custom scalar's own parsing (the supergraph's, see installPlatformScalars) accepts the value. */
function parses(scalar: GraphQLScalarType, value: string): boolean {
  try {
    scalar.parseValue(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks a JSON body against the operation's input type, with GraphQL's own coercion rules, and
 * reports each field at fault by its path in the body (`quantity_on_hand`, `lines.0.sku`).
 */
export function validateBody(type: GraphQLInputType, body: unknown): void {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError('validation_failed', 'The request body must be a JSON object.', { errors: [{ field: '', message: 'must be a JSON object' }] });
  }
  const errors: FieldError[] = [];
  coerceInputValue(body, type, (path, _invalid, error) => {
    const missing = /^Field "(\w+)" of required type .* was not provided\.$/.exec(error.message);
    const unknown = /^Field "(\w+)" is not defined by type/.exec(error.message);
    const field = [...path, ...(missing ? [missing[1]] : unknown ? [unknown[1]] : [])].join('.');
    errors.push({ field, message: missing ? 'required' : unknown ? 'unknown field' : refusalMessage(error) });
  });
  errors.push(...nonFiniteNumbers(body, errors));
  if (errors.length > 0) {
    throw new ApiError('validation_failed', `The request body is invalid: ${errors.map((error) => `${error.field}: ${error.message}`).join('; ')}.`, { errors });
  }
}

/**
 * Checks the JSON body of a write that takes its arguments directly rather than as one `input`
 * object (actions such as `POST /crm/orders/{id}/confirm` with `{ "version": 3 }`): every field
 * must be one of the operation's arguments (not a path parameter), of the argument's type.
 */
export function validateArgumentsBody(route: Route, body: unknown): void {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError('validation_failed', 'The request body must be a JSON object.', { errors: [{ field: '', message: 'must be a JSON object' }] });
  }
  const errors: FieldError[] = [];
  for (const [name, value] of Object.entries(body)) {
    const arg = route.bodyArgs.get(name);
    if (!arg) {
      errors.push({ field: name, message: 'unknown field' });
      continue;
    }
    coerceInputValue(value, arg.type, (path, _invalid, error) => {
      errors.push({ field: [name, ...path].join('.'), message: refusalMessage(error) });
    });
  }
  errors.push(...nonFiniteNumbers(body, errors));
  if (errors.length > 0) {
    throw new ApiError('validation_failed', `The request body is invalid: ${errors.map((error) => `${error.field}: ${error.message}`).join('; ')}.`, { errors });
  }
}

/**
 * Numbers JSON can write but a double cannot hold (`1e309` parses as Infinity), each by its
 * path unless coercion `reported` that field already. Typed fields refuse them anyway; untyped
 * ones (an event's `data`) stored null in their place or failed inside the resolver with a 500.
 */
function nonFiniteNumbers(body: object, reported: FieldError[]): FieldError[] {
  const errors: FieldError[] = [];
  const pending: Array<[unknown, string[]]> = [[body, []]];
  while (pending.length > 0) {
    const [value, path] = pending.pop() as [unknown, string[]];
    const field = path.join('.');
    if (typeof value === 'number' && !Number.isFinite(value) && !reported.some((error) => error.field === field)) errors.push({ field, message: 'number out of range: it must fit a 64-bit floating-point number' });
    if (typeof value === 'object' && value !== null) for (const [key, item] of Object.entries(value)) pending.push([item, [...path, key]]);
  }
  return errors;
}

/** A scalar's own words for a refused value (graphql-js prefixes them with `Expected type "T".`), or graphql-js's message. */
function refusalMessage(error: GraphQLError): string {
  return error.originalError?.message ?? error.message;
}

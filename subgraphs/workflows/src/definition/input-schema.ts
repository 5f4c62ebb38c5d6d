import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

/**
 * The JSON Schema (2020-12) of a manual workflow's input, checked with Ajv: when saved (a schema
 * Ajv refuses is a validation error) and when a run is started (an input it refuses is a 400
 * naming each field). Tenants write these schemas, so what cannot be bounded is refused:
 * `pattern` and `patternProperties` (a regular expression's matching time cannot be bounded, as in
 * expressions) and references outside the schema (nothing is ever fetched).
 */
const ajv = new Ajv2020({ allErrors: true, strict: true, validateSchema: true, loadSchema: undefined });

const REFUSED_KEYWORDS = ['pattern', 'patternProperties', '$dynamicRef', '$id'];
const SCHEMA_LENGTH = 20_000;

const compiled = new Map<string, ValidateFunction>();

/** Why a schema cannot be an input schema, or undefined when it can. */
export function inputSchemaProblem(schema: Record<string, unknown>): string | undefined {
  const text = JSON.stringify(schema);
  if (text.length > SCHEMA_LENGTH) return `too large: at most ${SCHEMA_LENGTH} characters of JSON`;
  const refused = findKeyword(schema, REFUSED_KEYWORDS) ?? findRemoteRef(schema);
  if (refused) return refused;
  try {
    validatorOf(schema);
    return undefined;
  } catch (error) {
    return `is not a JSON Schema (2020-12) the platform can apply: ${(error as Error).message}`;
  }
}

/** The input's violations of the schema, as `input.<path>` field errors; none when it matches. */
export function inputViolations(schema: Record<string, unknown>, input: unknown): Array<{ field: string; message: string }> {
  const validate = validatorOf(schema);
  if (validate(input)) return [];
  return (validate.errors ?? []).map((error) => {
    const missing = error.keyword === 'required' ? `/${String((error.params as { missingProperty?: string }).missingProperty)}` : '';
    const path = `${error.instancePath}${missing}`.split('/').filter(Boolean);
    return { field: ['input', ...path].join('.'), message: error.keyword === 'required' ? 'is required' : (error.message ?? 'is invalid') };
  });
}

function validatorOf(schema: Record<string, unknown>): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    // A bounded cache: schemas are few per tenant, and compiling one takes a millisecond or so.
    if (compiled.size >= 1000) compiled.delete(compiled.keys().next().value as string);
    compiled.set(key, validate);
  }
  return validate;
}

function findKeyword(value: unknown, keywords: string[]): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (keywords.includes(key)) return `the keyword ${key} is not allowed in an input schema (regular expressions and schema identifiers are refused)`;
    const found = findKeyword(child, keywords);
    if (found) return found;
  }
  return undefined;
}

function findRemoteRef(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && (typeof child !== 'string' || !child.startsWith('#'))) return 'a $ref must point inside the schema (#/…): nothing is fetched';
    const found = findRemoteRef(child);
    if (found) return found;
  }
  return undefined;
}

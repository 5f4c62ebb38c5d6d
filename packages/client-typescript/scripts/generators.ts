import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { generate } from '@graphql-codegen/cli';
import openapiTS, { COMMENT_HEADER, type OpenAPITSOptions, astToString } from 'openapi-typescript';
import ts from 'typescript';
import config from '../codegen.ts';

/**
 * The package's two generators, shared by `npm run codegen` (which writes their output into the
 * package) and the drift test (which writes it into a temporary directory and compares).
 * Each returns the generated files as paths relative to the package root, with their content.
 */

export const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const OPENAPI_DOCUMENT = fileURLToPath(new URL('../../../docs/api/openapi.json', import.meta.url));
export const REST_TYPES = 'src/rest/generated/openapi.ts';

/**
 * openapi-typescript's options. `JsonValue` (a recursive `anyOf`: any JSON value) would be emitted
 * as `components["schemas"]["JsonValue"]` referring to itself inside the `components` interface,
 * which TypeScript refuses (TS2502, "referenced directly or indirectly in its own type
 * annotation"); its documented `inject` and `transform` options declare it as a top-level
 * recursive type alias instead, which TypeScript accepts.
 */
export const OPENAPI_TS_OPTIONS: OpenAPITSOptions = {
  silent: true,
  inject: 'type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };\n',
  transform: (_schema, options) => (options.path === '#/components/schemas/JsonValue' ? ts.factory.createTypeReferenceNode('JsonValue') : undefined),
};

/** REST: openapi-typescript over docs/api/openapi.json, exactly as its CLI would write it. */
export async function generateRest(): Promise<Map<string, string>> {
  const document = JSON.parse(await readFile(OPENAPI_DOCUMENT, 'utf8'));
  const ast = await openapiTS(document, OPENAPI_TS_OPTIONS);
  return new Map([[REST_TYPES, COMMENT_HEADER + astToString(ast)]]);
}

/** GraphQL: GraphQL Code Generator's client preset over docs/api/schema.graphql and src/graphql/operations. */
export async function generateGraphql(): Promise<Map<string, string>> {
  const files = (await generate({ ...config, cwd: PACKAGE_ROOT, silent: true }, false)) as Array<{ filename: string; content: string }>;
  return new Map(files.map((file) => [file.filename.startsWith('/') ? file.filename.slice(PACKAGE_ROOT.length) : file.filename, file.content]));
}

export async function generateAll(): Promise<Map<string, string>> {
  return new Map([...(await generateRest()), ...(await generateGraphql())]);
}

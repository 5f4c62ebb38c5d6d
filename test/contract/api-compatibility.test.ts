import { readFile } from 'node:fs/promises';
import { publishedContract } from '@platform/gateway';
import { parseDeprecation } from '@platform/graphql-kit';
import { type GraphQLSchema, type IntrospectionQuery, buildClientSchema, buildSchema, getIntrospectionQuery, isEnumType, isInputObjectType, isInterfaceType, isObjectType, lexicographicSortSchema, printSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHANGELOG_FILE, type CompatibilityVerdict, type ContractSnapshots, checkCompatibility, openApiText, readSnapshots, snapshotsOf, unrecordedReport } from '../support/api-contract.ts';
import { graphqlData, platformUrl, signedInAccount } from '../support/fixtures.ts';

/**
 * The public API cannot break by accident: the contract the code builds (the supergraph's API
 * schema, the OpenAPI document) is compared with its committed snapshots in docs/api/ by GraphQL
 * Inspector and oasdiff; a breaking change fails unless CHANGELOG.md records it, and any other
 * change until `npm run api:snapshot` refreshes the snapshots. That the check itself catches what
 * it should is test/unit/api-compatibility.test.ts.
 */
describe('the public API contract', () => {
  let current: ContractSnapshots;
  let committed: ContractSnapshots | undefined;
  let verdict: CompatibilityVerdict;

  beforeAll(async () => {
    current = snapshotsOf(await publishedContract());
    committed = await readSnapshots();
    if (committed) verdict = await checkCompatibility(committed, current, await readFile(CHANGELOG_FILE, 'utf8'));
  }, 600_000);

  it('has no breaking change CHANGELOG.md does not record', () => {
    expect(committed, 'docs/api/ holds no snapshot: run `npm run api:snapshot`').toBeDefined();
    expect(verdict.unrecorded, unrecordedReport(verdict.unrecorded)).toEqual([]);
  });

  it('is what docs/api/ holds', () => {
    const stale = [committed?.graphql !== current.graphql && 'docs/api/schema.graphql', committed?.openApi !== current.openApi && 'docs/api/openapi.json'].filter(Boolean);
    expect(stale, `${stale.join(' and ')} differ from the code: run \`npm run api:snapshot\` and commit the result (review its diff: it is the change of the public API)`).toEqual([]);
  });

  it('is what the platform serves', async () => {
    const served = await fetch(`${platformUrl}/v1/openapi.json`);
    expect(openApiText(await served.json())).toBe(current.openApi);
    const { api } = await signedInAccount();
    const introspection = await graphqlData<IntrospectionQuery>(api, getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }));
    expect(`${printSchema(lexicographicSortSchema(buildClientSchema(introspection)))}\n`).toBe(current.graphql);
  });

  it('declares every deprecation with its dates (docs/api-conventions.md, "Compatibility and deprecation")', () => {
    const schema = buildSchema(current.graphql);
    const declarations = deprecations(schema);
    for (const { coordinate, reason } of declarations) expect(() => parseDeprecation(reason, coordinate)).not.toThrow();
  });
});

/** Every `@deprecated` of the schema: fields, their arguments, input fields and enum values. */
function deprecations(schema: GraphQLSchema): Array<{ coordinate: string; reason: string }> {
  const found: Array<{ coordinate: string; reason: string }> = [];
  const note = (coordinate: string, reason: string | null | undefined) => {
    if (reason != null) found.push({ coordinate, reason });
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        note(`${type.name}.${field.name}`, field.deprecationReason);
        for (const argument of field.args) note(`${type.name}.${field.name}(${argument.name}:)`, argument.deprecationReason);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) note(`${type.name}.${field.name}`, field.deprecationReason);
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) note(`${type.name}.${value.name}`, value.deprecationReason);
    }
  }
  return found;
}

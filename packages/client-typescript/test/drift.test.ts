import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDrift, differingFiles } from '../scripts/drift.ts';
import { PACKAGE_ROOT } from '../scripts/generators.ts';

describe('generated code', () => {
  it('is what the pinned generators produce from the committed OpenAPI document, GraphQL schema and operations', async () => {
    const failure = await checkDrift();
    expect(failure, failure).toBeUndefined();
  });

  it('a changed, added or missing generated file is reported by name', async () => {
    const copy = await mkdtemp(join(tmpdir(), 'platform-client-drift-'));
    try {
      await cp(join(PACKAGE_ROOT, 'src'), join(copy, 'src'), { recursive: true });
      expect(await differingFiles(PACKAGE_ROOT, copy)).toEqual([]);
      await writeFile(join(copy, 'src/rest/generated/openapi.ts'), '// edited by hand\n', { flag: 'a' });
      await writeFile(join(copy, 'src/graphql/generated/extra.ts'), 'export {};\n');
      await rm(join(copy, 'src/graphql/generated/gql.ts'));
      expect(await differingFiles(PACKAGE_ROOT, copy)).toEqual(['src/graphql/generated/extra.ts', 'src/graphql/generated/gql.ts', 'src/rest/generated/openapi.ts']);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
});

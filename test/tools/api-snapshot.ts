import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { publishedContract } from '@platform/gateway';
import { CHANGELOG_FILE, SNAPSHOT_FILES, checkCompatibility, readSnapshots, snapshotsOf, unrecordedReport } from '../support/api-contract.ts';

/**
 * `npm run api:snapshot`: writes the public contract as the code builds it to docs/api/ (the
 * GraphQL API schema and the OpenAPI document), unless it breaks the committed one in a way
 * CHANGELOG.md does not record: then it names each change and writes nothing.
 */
const current = snapshotsOf(await publishedContract());
const committed = await readSnapshots();
if (committed) {
  const { unrecorded } = await checkCompatibility(committed, current, await readFile(CHANGELOG_FILE, 'utf8'));
  if (unrecorded.length > 0) {
    process.stderr.write(`${unrecordedReport(unrecorded)}\nThe snapshots in docs/api/ are left as they were.\n`);
    process.exit(1);
  }
}
await mkdir(dirname(SNAPSHOT_FILES.graphql), { recursive: true });
await writeFile(SNAPSHOT_FILES.graphql, current.graphql);
await writeFile(SNAPSHOT_FILES.openApi, current.openApi);
const unchanged = committed?.graphql === current.graphql && committed.openApi === current.openApi;
process.stdout.write(unchanged ? 'docs/api/ already holds the current contract.\n' : 'docs/api/schema.graphql and docs/api/openapi.json now hold the current contract.\n');

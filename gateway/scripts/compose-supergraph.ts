// Composes the supergraph from the subgraphs' schemas and writes its SDL, the file every gateway of
// a fleet loads (SUPERGRAPH_PATH). A composition error exits 1 naming each problem: the build, and
// CI through gateway/test/compose-supergraph.test.ts, fail instead of a gateway at start.
//
//   node --import tsx gateway/scripts/compose-supergraph.ts <output file> [<module exporting `subgraphs`>]
import { writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { composeSupergraph } from '../src/supergraph/supergraph.ts';
import type { SubgraphModule } from '../src/supergraph/subgraphs.ts';

const [output, modulesFile] = process.argv.slice(2);
if (!output) {
  process.stderr.write('usage: compose-supergraph.ts <output file> [<module exporting subgraphs>]\n');
  process.exit(2);
}
const { subgraphs } = (await import(modulesFile ? pathToFileURL(resolve(modulesFile)).href : '../src/supergraph/subgraphs.ts')) as { subgraphs: SubgraphModule[] };
try {
  const { supergraphSdl } = composeSupergraph(subgraphs, (name) => `subgraph://${name}`);
  await writeFile(output, supergraphSdl);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}

import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PACKAGE_ROOT, generateAll } from './generators.ts';

/** `npm run codegen -w @platform/client`: rewrites src/rest/generated and src/graphql/generated. */
const files = await generateAll();
for (const folder of ['src/rest/generated', 'src/graphql/generated']) await rm(join(PACKAGE_ROOT, folder), { recursive: true, force: true });
for (const [path, content] of files) {
  await mkdir(dirname(join(PACKAGE_ROOT, path)), { recursive: true });
  await writeFile(join(PACKAGE_ROOT, path), content);
  console.log(`wrote ${path}`);
}

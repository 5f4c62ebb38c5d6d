import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LEAK_PATTERNS } from '../fuzz/oracle.ts';

const ROOT = join(import.meta.dirname, '..', '..');
/** Where the platform's own code lives (tests and benches aside). */
const SOURCE_DIRECTORIES = ['gateway/src', 'rest-facade/src', 'subgraphs', 'packages'];

function sourceFiles(directory: string): string[] {
  return readdirSync(join(ROOT, directory), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.endsWith('.test.ts') && !/(^|\/)(node_modules|test|dist|generated)\//.test(file))
    .map((file) => join(directory, file));
}

/** Every regular expression literal of a file, with where it is. */
function literalsOf(file: string): Array<{ where: string; source: string; flags: string }> {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Array<{ where: string; source: string; flags: string }> = [];
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const text = node.getText(source);
      const end = text.lastIndexOf('/');
      found.push({ where: `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`, source: text.slice(1, end), flags: text.slice(end + 1) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * No regular expression that reads client input can be made to backtrack for seconds (ReDoS):
 * recheck, the analyser eslint-plugin-redos and others are built on, proves each literal of the
 * platform's code linear, and the fuzz oracle's leak patterns too (one of them, quadratic, stalled
 * the fuzzer for 6 s on a 64 KB answer and made the cases beside it look like hangs).
 */
describe('regular expressions', () => {
  const literals = SOURCE_DIRECTORIES.flatMap(sourceFiles).flatMap(literalsOf);

  it('finds the platform’s literals (the scan reads the source)', () => {
    expect(literals.length).toBeGreaterThan(40);
  });

  // recheck gives up on a literal after its timeout ("unknown"); on a loaded machine its default (10 s) was too short.
  it('has none that backtracks more than linearly, in the platform or in the fuzz oracle', { timeout: 300_000 }, () => {
    const checked = [...literals, ...LEAK_PATTERNS.map(([what, pattern]) => ({ where: `fuzz oracle: ${what}`, source: pattern.source, flags: pattern.flags }))];
    const unsafe = checked.flatMap(({ where, source, flags }) => {
      const diagnostics = checkSync(source, flags, { timeout: 60_000 });
      return diagnostics.status === 'safe' ? [] : [`${where} /${source}/${flags}: ${diagnostics.status}${diagnostics.status === 'vulnerable' ? `, e.g. ${diagnostics.attack.pattern}` : ''}`];
    });
    expect(unsafe).toEqual([]);
  });
});

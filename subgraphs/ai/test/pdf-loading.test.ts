import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const module = (path: string) => JSON.stringify(new URL(path, import.meta.url).href);

// In a process of its own: what a module installs into the globals stays there for the process's life.
const script = `
const nativeParse = JSON.parse;
await import(${module('../src/index.ts')});
const { extractDocument, closeExtraction } = await import(${module('../src/extraction/index.ts')});
const loaded = JSON.parse === nativeParse;
const { invoicePdf, sampleDocuments } = await import(${module('../testing/index.ts')});
const [doc] = sampleDocuments(1);
const extraction = await extractDocument({ content: await invoicePdf(doc, 'classic'), contentType: 'application/pdf' }, { timeoutMs: 30000, maxPages: 5 });
await closeExtraction();
console.log(JSON.stringify({ jsonParseNativeOnceLoaded: loaded, method: extraction.method, total: extraction.total.value }));
`;

describe('pdf.js loading', () => {
  it('is loaded at the first PDF read, not with the subgraph (its polyfills would replace JSON.parse for every request)', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 60_000 });
    const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { jsonParseNativeOnceLoaded: boolean; method: string; total: number | null };
    expect(result).toMatchObject({ jsonParseNativeOnceLoaded: true, method: 'pdf_text' });
    expect(result.total).toBeGreaterThan(0);
  });
});

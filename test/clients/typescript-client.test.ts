import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientSmokeFixture, runSmokeProgram, startClientSmokeFixture } from '../support/client-smoke.ts';

/**
 * The TypeScript client (@platform/client) against a real platform: packages/client-typescript/smoke/smoke.ts
 * with the fixture's variables (token, iterating a filtered list, a write retried after a lost answer and
 * created once, typed 412/409 problems, 429s waited out, a verified webhook, typed GraphQL, a live subscription).
 */
const PACKAGE = fileURLToPath(new URL('../../packages/client-typescript', import.meta.url));

describe('TypeScript client library', () => {
  let fixture: ClientSmokeFixture;
  beforeAll(async () => {
    fixture = await startClientSmokeFixture();
  }, 180_000);
  afterAll(async () => {
    await fixture?.stop();
  });

  it('passes its smoke program against the platform', async () => {
    const result = await runSmokeProgram({ command: process.execPath, args: ['--import', 'tsx', 'smoke/smoke.ts'], cwd: PACKAGE, env: fixture.env, timeoutMs: 150_000 });
    process.stdout.write(result.output);
    expect(result.exitCode, result.output).toBe(0);
    expect(result.output).toContain('ok   8.');
    expect(fixture.droppedResponses()).toBeGreaterThan(0);
  }, 180_000);
});

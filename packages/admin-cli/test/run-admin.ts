import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const mainScript = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const packageDir = fileURLToPath(new URL('..', import.meta.url));

export interface AdminResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the operator command line as an operator would: its own process, this environment plus `env`. */
export function runAdmin(env: NodeJS.ProcessEnv, args: string[]): Promise<AdminResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', mainScript, ...args], { cwd: packageDir, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

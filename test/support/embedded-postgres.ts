import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The embedded PostgreSQL a platform started in its `DATA_DIR`. The server is a child process of
 * the platform that outlives it when the platform is killed (SIGKILL reaches only the Node
 * process), and the next platform on the same folder joins it (see `openDatabase`): so after a
 * crash, nobody owns it and the test that caused the crash stops it.
 */

/** The pid of the live server of `dataDir`, from its postmaster.pid; undefined when none runs. */
export async function embeddedServerPid(dataDir: string): Promise<number | undefined> {
  const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
}

/** Stops the server of `dataDir` if one runs: fast shutdown (SIGINT), SIGKILL after 15 s. */
export async function stopEmbeddedServer(dataDir: string): Promise<void> {
  const pid = await embeddedServerPid(dataDir);
  if (pid === undefined) return;
  process.kill(pid, 'SIGINT');
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await sleep(100)) {
    if (!isAlive(pid)) return;
  }
  process.kill(pid, 'SIGKILL');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

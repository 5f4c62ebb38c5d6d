/** What the benches share: their environment knobs and the CPU their servers use. */
import { readFile, readdir } from 'node:fs/promises';

/** An environment knob that must be a positive integer, or its fallback when unset. */
export function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got ${raw}`);
  return value;
}

interface ProcessStat {
  pid: number;
  parent: number;
  command: string;
  cpuSeconds: number;
}

async function processStats(): Promise<ProcessStat[]> {
  const stats: ProcessStat[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const text = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => undefined);
    if (!text) continue;
    // "pid (command) state ppid ... utime stime": the command may hold spaces and parentheses.
    const close = text.lastIndexOf(')');
    const fields = text.slice(close + 2).split(' ');
    stats.push({ pid: Number(entry), parent: Number(fields[1]), command: text.slice(text.indexOf('(') + 1, close), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100 });
  }
  return stats;
}

/**
 * CPU seconds (user + system) used so far by a process and every process below it (a primary
 * and its workers, PostgreSQL's postmaster and its backends), by the running ones: a process that
 * ended between two readings takes its time with it, so compare readings of long-lived trees.
 */
export async function treeCpuSeconds(root: number): Promise<number> {
  const stats = await processStats();
  const children = new Map<number, ProcessStat[]>();
  for (const stat of stats) children.set(stat.parent, [...(children.get(stat.parent) ?? []), stat]);
  let total = 0;
  const pending = stats.filter((stat) => stat.pid === root);
  for (let stat = pending.pop(); stat; stat = pending.pop()) {
    total += stat.cpuSeconds;
    pending.push(...(children.get(stat.pid) ?? []));
  }
  return total;
}

/** CPU seconds used so far by every running PostgreSQL process of the machine. */
export async function postgresCpuSeconds(): Promise<number> {
  return (await processStats()).filter((stat) => stat.command === 'postgres').reduce((sum, stat) => sum + stat.cpuSeconds, 0);
}

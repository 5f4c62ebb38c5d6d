// The bench's floor on every core: `node --import tsx test/bench/baseline-cluster.ts <databaseUrl>
// <tenantId> <workers>` forks that many baseline servers (baseline-server.ts) on one port with
// node:cluster, as the platform's own workers share its port, and prints `baseline on <url>`.
import cluster from 'node:cluster';
import { startBaseline } from './baseline-server.ts';

const [databaseUrl, tenantId, workers] = process.argv.slice(2) as [string, string, string];

if (cluster.isPrimary) {
  const urls = await Promise.all(
    Array.from({ length: Number(workers) }, () => {
      const worker = cluster.fork();
      return new Promise<string>((resolve) => worker.once('message', (url: string) => resolve(url)));
    }),
  );
  process.stdout.write(`baseline on ${urls[0]}\n`);
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    process.exit(0);
  });
} else {
  const baseline = await startBaseline(databaseUrl, tenantId);
  process.send?.(baseline.url);
  process.on('SIGTERM', () => void baseline.stop().then(() => process.exit(0)));
}

// TEMPORARY profiling script (delete afterwards).
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { startPlatform } from '@platform/gateway';
import { createFixture, fetchToken } from './fixture.ts';
import { startBaseline } from './baseline-server.ts';

const OUT = process.env.PROF_OUT ?? '/tmp/prof';
const REST_N = Number(process.env.REST_N ?? 3000);
const GQL_N = Number(process.env.GQL_N ?? 2000);
const PROFILE = process.env.PROFILE !== '0';

const clientSource = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function once(opts, body) {
  return new Promise((resolve, reject) => {
    const req = http.request({ ...opts, agent }, (res) => {
      let n = 0; res.on('data', (c) => { n += c.length; }); res.on('end', () => resolve({ status: res.statusCode, n }));
    });
    req.on('error', reject); if (body) req.write(body); req.end();
  });
}
(async () => {
  const { port, headers, mode, n, pages } = workerData;
  const times = [];
  for (let i = 0; i < n; i++) {
    const page = (i % pages) + 1;
    const t0 = process.hrtime.bigint();
    let r;
    if (mode === 'rest') r = await once({ host: '127.0.0.1', port, method: 'GET', path: '/v1/inventory/items?per_page=25&page=' + page, headers });
    else {
      const body = JSON.stringify({ query: 'query List($page: Int, $per_page: Int) { inventory_items(page: $page, per_page: $per_page) { data { id name quantity_on_hand reorder_point warehouse_id last_synced_at } meta { total page per_page } } }', variables: { page, per_page: 25 } });
      r = await once({ host: '127.0.0.1', port, method: 'POST', path: '/graphql', headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, body);
    }
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (r.status !== 200) throw new Error('status ' + r.status);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  parentPort.postMessage({ mean, p50: times[Math.floor(times.length / 2)], p90: times[Math.floor(times.length * 0.9)], p99: times[Math.floor(times.length * 0.99)] });
})().catch((e) => { throw e; });
`;

function runClient(data: unknown): Promise<{ mean: number; p50: number; p90: number; p99: number }> {
  return new Promise((resolve, reject) => {
    const w = new Worker(clientSource, { eval: true, workerData: data });
    w.once('message', resolve);
    w.once('error', reject);
  });
}

const dataDir = await mkdtemp(join(tmpdir(), 'platform-prof-'));
await chmod(dataDir, 0o755);
const platform = await startPlatform({ port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent', seedDemo: false });
try {
  const fixture = await createFixture(platform.prisma, 2000);
  const token = await fetchToken(platform.url, fixture);
  const port = Number(new URL(platform.url).port);
  const headers = { authorization: `Bearer ${token}`, 'x-service-tenant': fixture.tenantId };
  const pages = 80;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  for (const mode of ['rest', 'graphql'] as const) {
    const n = mode === 'rest' ? REST_N : GQL_N;
    await runClient({ port, headers, mode, n: 300, pages }); // warm-up
    if (PROFILE) await session.post('Profiler.start');
    const stats = await runClient({ port, headers, mode, n, pages });
    if (PROFILE) {
      const { profile } = await session.post('Profiler.stop');
      await writeFile(join(OUT, `${mode}.cpuprofile`), JSON.stringify(profile));
    }
    console.log(mode, Object.fromEntries(Object.entries(stats).map(([k, v]) => [k, Number(v.toFixed(3))])));
  }
  session.disconnect();
  const baseline = await startBaseline(platform.databaseUrl, fixture.tenantId);
  const bport = Number(new URL(baseline.url).port);
  await runClient({ port: bport, headers: {}, mode: 'rest', n: 300, pages });
  const bstats = await runClient({ port: bport, headers: {}, mode: 'rest', n: REST_N, pages });
  console.log('baseline', Object.fromEntries(Object.entries(bstats).map(([k, v]) => [k, Number(v.toFixed(3))])));
  await baseline.stop();
} finally {
  await platform.stop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(0);

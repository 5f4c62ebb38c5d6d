// Load generation for the bench: autocannon, run in a worker thread so that the load generator
// does not share an event loop with the in-process servers it measures.
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';

export interface LoadSpec {
  /** e.g. http://127.0.0.1:4000 */
  origin: string;
  /** Path and query without `page`, e.g. /v1/inventory/items?per_page=25 */
  path: string;
  /** GET requests cycle through page=1..pages. */
  pages: number;
  /** GET requests cycle through these paths (with their query) instead, as they are: no page parameter is added. */
  paths?: string[];
  /** A JSON body: the requests are POSTs of it to `path` (no page parameter). */
  body?: string;
  /** JSON bodies: the requests are POSTs to `path` cycling through them. */
  bodies?: string[];
  /** Each POST carries an Idempotency-Key of its own. */
  idempotencyKeys?: boolean;
  headers: Record<string, string>;
  connections: number;
  durationSeconds: number;
}

export interface LoadResult {
  /** Responses per second of measured time. */
  requestsPerSecond: number;
  /** Responses received. */
  responses: number;
  /** Latency percentiles in ms over every 2xx response (exact, from per-response times). */
  p50: number;
  p95: number;
  p99: number;
  /** Connection errors, timeouts included. */
  errors: number;
  non2xx: number;
  statusCodes: Record<string, number>;
}

/** Runs one autocannon measurement in a worker thread (loading TypeScript there through tsx). */
export function measureInWorker(spec: LoadSpec): Promise<LoadResult> {
  const entry = new URL('./load-worker.ts', import.meta.url).href;
  // Worker threads do not inherit `--import tsx`, so the worker imports its TypeScript entry via tsx's API.
  const bootstrap = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(import.meta.url)}))`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(bootstrap, { eval: true, workerData: spec });
    worker.once('message', (result: LoadResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`load worker exited with code ${code} before reporting`)));
  });
}

/** Runs one autocannon measurement in this thread. */
export async function measure(spec: LoadSpec): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  const options: autocannon.Options = {
    url: spec.origin,
    connections: spec.connections,
    duration: spec.durationSeconds,
    headers: spec.headers,
    requests: [
      spec.body === undefined && spec.bodies === undefined
        ? { method: 'GET', setupRequest: (request) => ({ ...request, path: spec.paths ? (spec.paths[next++ % spec.paths.length] as string) : `${spec.path}&page=${(next++ % spec.pages) + 1}` }) }
        : {
            method: 'POST',
            path: spec.path,
            body: spec.body,
            headers: { ...spec.headers, 'content-type': 'application/json' },
            setupRequest: (request) => ({
              ...request,
              ...(spec.bodies && { body: spec.bodies[next++ % spec.bodies.length] }),
              ...(spec.idempotencyKeys && { headers: { ...request.headers, 'idempotency-key': randomUUID() } }),
            }),
          },
    ],
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, result) => (error ? reject(error) : resolve(result)));
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
  latencies.sort((a, b) => a - b);
  // Off the main thread autocannon returns its raw, unaggregated result (no requests.average), so
  // throughput is computed from the response count and the measured duration.
  const responses = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  return {
    requestsPerSecond: responses / result.duration,
    responses,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0])),
  };
}

/** Nearest-rank percentile of sorted values; NaN when there are none. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

import { Worker } from 'node:worker_threads';
const entry = new URL('./load-worker.ts', import.meta.url).href;
const bootstrap = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(import.meta.url)}))`;
const worker = new Worker(bootstrap, { eval: true, workerData: { origin: 'http://127.0.0.1:1', path: '/x?a=1', pages: 3, headers: {}, connections: 1, durationSeconds: 1 } });
worker.on('message', (m) => console.log('msg', JSON.stringify(m).slice(0, 300)));
worker.on('error', (e) => console.log('err', e));
worker.on('exit', (c) => console.log('exit', c));

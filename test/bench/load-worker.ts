// Worker-thread entry of the bench's load generator: measures workerData and posts the result.
import { parentPort, workerData } from 'node:worker_threads';
import { type LoadSpec, measure } from './load.ts';

parentPort?.postMessage(await measure(workerData as LoadSpec));

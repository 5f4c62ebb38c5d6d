/**
 * OCR with tesseract.js: its wasm core, worker script and the English model all ship in
 * node_modules, and `langPath` points at the model's package so nothing is fetched. Workers run
 * in worker threads (recognition never blocks the event loop) and are costly to start (about a
 * second), so the process keeps a small pool, created on first use and closed by `closeOcr()`.
 * A recognition that outlives its deadline cannot be cancelled inside tesseract: its worker is
 * terminated and replaced, so a stuck page never holds a worker for another request.
 */
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import Tesseract from 'tesseract.js';
import { type Word } from './layout.ts';
import { ExtractionError } from './types.ts';

// The LSTM model (tesseract's default engine reads it); `4.0.0` beside it holds the legacy engine's larger model.
const languagePath = path.join(path.dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

/** At most this many pages are recognised at once in the process; other requests wait their turn (within their own deadline). */
const MAX_WORKERS = Math.max(1, Math.min(2, availableParallelism() - 1));

/** Words read with less confidence than this (0..100), and at most two characters long, are specks of dirt read as letters. */
const SPECK_CONFIDENCE = 40;

interface Waiter {
  resolve: (worker: Tesseract.Worker) => void;
  reject: (reason: unknown) => void;
}

const idle: Tesseract.Worker[] = [];
const waiters: Waiter[] = [];
/** Workers started and not terminated, busy or idle. */
let started = 0;
/** Bumped by `closeOcr`: a worker of an older generation is terminated when its page is done instead of returning to the pool. */
let generation = 0;

async function startWorker(): Promise<Tesseract.Worker> {
  const worker = await Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
    langPath: languagePath,
    cacheMethod: 'none',
    gzip: true,
    // A failed job rejects its own promise; without a handler tesseract.js would also throw it from its message listener and crash the process.
    errorHandler: () => undefined,
  });
  // Sparse text finds words wherever they are (letterheads, table cells, totals) instead of guessing text blocks; rows are rebuilt from
  // positions. Tesseract's diagnostics ("Estimating resolution as …") would go to the process's stderr.
  await worker.setParameters({ tessedit_pageseg_mode: Tesseract.PSM.SPARSE_TEXT, debug_file: '/dev/null' });
  return worker;
}

/** Hands a worker to the next waiter, or back to the pool. */
function release(worker: Tesseract.Worker, workerGeneration: number): void {
  if (workerGeneration !== generation) {
    discard(worker);
    return;
  }
  const waiter = waiters.shift();
  if (waiter) waiter.resolve(worker);
  else idle.push(worker);
}

/** Terminates a worker; a waiter, if any, gets a fresh one. */
function discard(worker: Tesseract.Worker): void {
  started -= 1;
  void worker.terminate().catch(() => undefined);
  if (waiters.length > 0) launch();
}

function launch(): void {
  started += 1;
  const workerGeneration = generation;
  startWorker().then(
    (worker) => release(worker, workerGeneration),
    (error: unknown) => {
      started -= 1;
      waiters.shift()?.reject(error);
    },
  );
}

function acquire(signal: AbortSignal): Promise<Tesseract.Worker> {
  signal.throwIfAborted();
  const worker = idle.pop();
  if (worker) return Promise.resolve(worker);
  return new Promise((resolve, reject) => {
    const waiter: Waiter = {
      resolve: (acquired) => {
        signal.removeEventListener('abort', giveUp);
        resolve(acquired);
      },
      reject: (reason) => {
        signal.removeEventListener('abort', giveUp);
        reject(reason);
      },
    };
    const giveUp = () => {
      waiters.splice(waiters.indexOf(waiter), 1);
      reject(signal.reason);
    };
    signal.addEventListener('abort', giveUp, { once: true });
    waiters.push(waiter);
    if (started < MAX_WORKERS) launch();
  });
}

/**
 * A text line's words, specks left out (symbols that carry meaning, `%`, `#` and currency
 * signs, are kept). Each word's box is rebuilt from the line's baseline and height: a speck
 * touching a word stretches its box, which would otherwise move it off its row.
 */
function wordsOfLine(line: Tesseract.Line): Word[] {
  const { baseline, rowAttributes } = line;
  const slope = (baseline.y1 - baseline.y0) / Math.max(1, baseline.x1 - baseline.x0);
  const height = rowAttributes.rowHeight - rowAttributes.descenders;
  return line.words
    .filter((word) => /[\p{L}\p{N}%#$€£¥₹]/u.test(word.text) && (word.confidence >= SPECK_CONFIDENCE || word.text.length > 2))
    .map((word) => {
      const bottom = baseline.y0 + slope * ((word.bbox.x0 + word.bbox.x1) / 2 - baseline.x0);
      return { text: word.text, x0: word.bbox.x0, x1: word.bbox.x1, top: bottom - height, bottom, confidence: word.confidence / 100 };
    });
}

/** The words of an image (PNG or JPEG), deskewed: positions are in pixels of the straightened image. */
export async function recogniseWords(image: Buffer, signal: AbortSignal): Promise<Word[]> {
  const worker = await acquire(signal);
  const workerGeneration = generation;
  let onAbort = () => {};
  try {
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
    });
    const recognition = worker.recognize(image, { rotateAuto: true }, { blocks: true, text: false }).catch(() => {
      throw new ExtractionError('unreadable_document', 'the image is corrupt or truncated and cannot be decoded');
    });
    const { data } = await Promise.race([recognition, aborted]);
    release(worker, workerGeneration);
    return (data.blocks ?? []).flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines.flatMap(wordsOfLine)));
  } catch (error) {
    // Still recognising (deadline) or in an unknown state (failure): either way this worker is done.
    discard(worker);
    throw error;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** Terminates the pool's workers (busy ones when their page is done); the next recognition starts a new pool. */
export async function closeOcr(): Promise<void> {
  generation += 1;
  const stopping = idle.splice(0);
  started -= stopping.length;
  await Promise.all(stopping.map((worker) => worker.terminate().catch(() => undefined)));
}

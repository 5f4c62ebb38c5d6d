import { createHash, randomBytes } from 'node:crypto';
import { type IncomingMessage, type Server, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createServerAdapter } from '@whatwg-node/server';
import { afterEach, describe, expect, it } from 'vitest';
import { type MultipartUpload, UploadError, readMultipartUpload } from '../src/connectors/csv/index.ts';

const MiB = 1024 * 1024;
const BOUNDARY = '----upload-test-boundary-7MA4YWxkTrZu0gW';

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  content: string | AsyncIterable<Buffer>;
}

/** A multipart/form-data body made as it is sent. */
async function* multipartBody(parts: Part[], { close = true } = {}): AsyncGenerator<Buffer> {
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.contentType === undefined ? '' : `Content-Type: ${part.contentType}\r\n`;
    yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`);
    if (typeof part.content === 'string') yield Buffer.from(part.content);
    else yield* part.content;
    yield Buffer.from('\r\n');
  }
  if (close) yield Buffer.from(`--${BOUNDARY}--\r\n`);
}

/** `bytes` random bytes in 64 KiB chunks, made as they are read; `sent` counts them and `hash` is theirs. */
function generatedFile(bytes: number) {
  const hash = createHash('sha256');
  const file = {
    sent: 0,
    digest: () => hash.copy().digest('hex'),
    async *content(): AsyncGenerator<Buffer> {
      while (file.sent < bytes) {
        const chunk = randomBytes(Math.min(64 * 1024, bytes - file.sent));
        file.sent += chunk.length;
        hash.update(chunk);
        yield chunk;
      }
    },
  };
  return file;
}

type Handler = (request: Request) => Promise<unknown>;

/**
 * A streamed Request body (undici reads async iterables). Not Readable.toWeb: Node 20's adapter
 * throws an uncaught ERR_INVALID_STATE when the web stream is cancelled while the Node stream flows.
 */
const streamedBody = (stream: AsyncIterable<Uint8Array>) => stream as unknown as BodyInit;

/** A loopback HTTP server handing each request, as a web Request, to the current handler; `received` counts the body bytes it has read. */
let server: Server | undefined;
let received = 0;

async function serve(handler: Handler): Promise<{ url: string; outcome: () => Promise<unknown> }> {
  let settle: (value: Promise<unknown>) => void = () => {};
  const outcome = new Promise<unknown>((resolve) => {
    settle = resolve;
  });
  // Awaited by the test once the request is sent; a refusal must not count as unhandled until then.
  outcome.catch(() => {});
  received = 0;
  server = createServer((incoming: IncomingMessage, response) => {
    const counted = incoming.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          received += chunk.length;
          callback(null, chunk);
        },
      }),
    );
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === 'string') headers.set(name, value);
    // The request stream itself is the body, as @whatwg-node/server (the platform's server) passes it.
    const request = new Request(`http://127.0.0.1${incoming.url}`, { method: incoming.method, headers, body: streamedBody(counted), duplex: 'half' } as RequestInit);
    const result = handler(request);
    settle(result);
    result.then(
      () => response.writeHead(200, { connection: 'close' }).end(),
      () => response.writeHead(400, { connection: 'close' }).end(),
    );
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/upload`, outcome: () => outcome };
}

async function closeServer(): Promise<void> {
  const running = server;
  server = undefined;
  if (running === undefined) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
}

afterEach(closeServer);

/** Sends a streamed body; resolves with the status, or with the error when the server stopped reading it. */
async function send(url: string, body: AsyncIterable<Buffer>, contentType = `multipart/form-data; boundary=${BOUNDARY}`): Promise<number | Error> {
  const outgoing = httpRequest(url, { method: 'POST', headers: { 'content-type': contentType } });
  const answered = new Promise<number>((resolve, reject) => {
    outgoing.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    outgoing.on('error', reject);
  });
  // When the server stops reading, the write fails first and the answer is never awaited.
  answered.catch(() => {});
  try {
    await pipeline(Readable.from(body), outgoing);
    return await answered;
  } catch (error) {
    return error as Error;
  }
}

async function sha256(stream: AsyncIterable<Uint8Array>, onChunk: (bytes: number) => void = () => {}): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) {
    hash.update(chunk);
    onChunk(chunk.length);
  }
  return hash.digest('hex');
}

async function uploadError(promise: Promise<unknown>): Promise<UploadError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(UploadError);
  return error as UploadError;
}

/** A Request whose body is what `fetch` would send for this FormData. */
async function formRequest(form: FormData): Promise<Request> {
  const encoded = new Response(form);
  const body = new Uint8Array(await encoded.arrayBuffer());
  return new Request('http://127.0.0.1/upload', { method: 'POST', headers: { 'content-type': encoded.headers.get('content-type') ?? '' }, body });
}

describe('readMultipartUpload over HTTP', () => {
  it('streams a 20 MB file through intact, holding a small part of it at a time', { timeout: 60_000 }, async () => {
    // RSS counts garbage until a collection, and vitest gives no --expose-gc: the flag is set in this worker.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const transfer = async (bytes: number) => {
      const file = generatedFile(bytes);
      let consumed = 0;
      let nextCollection = MiB;
      let peakRss = 0;
      let peakInFlight = 0;
      const { url, outcome } = await serve(async (request) => {
        const upload = await readMultipartUpload(request, { fieldName: 'file', maxBytes: 32 * MiB });
        const hash = await sha256(upload.stream, (chunkBytes) => {
          consumed += chunkBytes;
          // What the server read from the socket and has not handed over yet: held by the upload's pipeline.
          peakInFlight = Math.max(peakInFlight, received - consumed);
          if (consumed >= nextCollection) {
            gc();
            nextCollection += MiB;
          }
          peakRss = Math.max(peakRss, process.memoryUsage().rss);
        });
        return { upload, hash };
      });
      gc();
      const before = process.memoryUsage().rss;
      const status = await send(url, multipartBody([{ name: 'note', content: 'monthly stock' }, { name: 'file', filename: 'stock.csv', contentType: 'text/csv', content: file.content() }]));
      const { upload, hash } = (await outcome()) as { upload: MultipartUpload; hash: string };
      return { status, upload, hash, expected: file.digest(), sent: file.sent, peakInFlight, rssGrowth: Math.max(peakRss - before, 0) };
    };
    // A first transfer loads and compiles what the upload path uses, so that does not count as the upload's.
    await transfer(4 * MiB);
    await closeServer();
    const result = await transfer(20 * MiB);
    expect(result.status).toBe(200);
    expect(result.upload.filename).toBe('stock.csv');
    expect(result.upload.contentType).toBe('text/csv');
    expect(result.sent).toBe(20 * MiB);
    expect(result.hash).toBe(result.expected);
    expect(result.peakInFlight).toBeLessThan(2 * MiB);
    expect(result.rssGrowth).toBeLessThan(10 * MiB);
  });

  it('reads the request only as fast as the file is consumed (busboy pauses)', { timeout: 30_000 }, async () => {
    const file = generatedFile(20 * MiB);
    let resumed: () => void = () => {};
    const resume = new Promise<void>((resolve) => {
      resumed = resolve;
    });
    const { url, outcome } = await serve(async (request) => {
      const upload = await readMultipartUpload(request, { fieldName: 'file', maxBytes: 32 * MiB });
      await resume;
      return sha256(upload.stream);
    });
    const sending = send(url, multipartBody([{ name: 'file', filename: 'big.bin', content: file.content() }]));
    await sleep(500);
    // The socket's buffers hold some more, but the server has read a small part of the 20 MB.
    expect(received).toBeLessThan(2 * MiB);
    expect(file.sent).toBeLessThan(10 * MiB);
    resumed();
    expect(await sending).toBe(200);
    expect(await outcome()).toBe(file.digest());
    expect(received).toBeGreaterThan(20 * MiB);
  });

  it('refuses a file larger than maxBytes as its bytes arrive, and stops reading the request', { timeout: 30_000 }, async () => {
    const file = generatedFile(50 * MiB);
    let consumed = 0;
    const { url, outcome } = await serve(async (request) => {
      const upload = await readMultipartUpload(request, { fieldName: 'file', maxBytes: 1 * MiB });
      return sha256(upload.stream, (bytes) => {
        consumed += bytes;
      });
    });
    await send(url, multipartBody([{ name: 'file', filename: 'huge.bin', content: file.content() }]));
    const error = await uploadError(outcome());
    expect(error.code).toBe('upload_too_large');
    expect(error.status).toBe(413);
    // Part of the file was streamed before the limit was crossed; none beyond it.
    expect(consumed).toBeGreaterThan(0);
    expect(consumed).toBeLessThanOrEqual(1 * MiB);
    // Read stops at the file's limit (plus what was in flight), not at the whole request's cap a MiB later.
    expect(received).toBeLessThan(1.5 * MiB);
    expect(file.sent).toBeLessThan(10 * MiB);
  });

  it('accepts a file of exactly maxBytes', async () => {
    const file = generatedFile(256 * 1024);
    const { url, outcome } = await serve(async (request) => sha256((await readMultipartUpload(request, { fieldName: 'file', maxBytes: 256 * 1024 })).stream));
    expect(await send(url, multipartBody([{ name: 'file', filename: 'exact.bin', content: file.content() }]))).toBe(200);
    expect(await outcome()).toBe(file.digest());
  });

  it('refuses a request whose Content-Length is over the limit without reading it', async () => {
    const request = new Request('http://127.0.0.1/upload', {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(10 * MiB) },
      body: 'x',
    });
    expect((await uploadError(readMultipartUpload(request, { fieldName: 'file', maxBytes: MiB }))).code).toBe('upload_too_large');
    expect(request.bodyUsed).toBe(false);
  });

  it("works behind the platform's server (@whatwg-node/server, whose Request body is not a native stream): streams, and refuses too large", { timeout: 30_000 }, async () => {
    const hashes: string[] = [];
    const adapter = createServerAdapter(async (request: Request) => {
      try {
        const upload = await readMultipartUpload(request, { fieldName: 'file', maxBytes: 4 * MiB });
        hashes.push(await sha256(upload.stream));
        return new Response('stored');
      } catch (error) {
        if (error instanceof UploadError) return new Response(error.code, { status: error.status, headers: { connection: 'close' } });
        throw error;
      }
    });
    server = createServer(adapter);
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/upload`;
    const file = generatedFile(3 * MiB);
    expect(await send(url, multipartBody([{ name: 'file', filename: 'a.csv', content: file.content() }]))).toBe(200);
    expect(hashes).toEqual([file.digest()]);
    const huge = generatedFile(50 * MiB);
    const refused = await send(url, multipartBody([{ name: 'file', filename: 'b.csv', content: huge.content() }]));
    // The answer (413) or, when the server closed the connection while the client still wrote, the write's error.
    if (typeof refused === 'number') expect(refused).toBe(413);
    expect(huge.sent).toBeLessThan(20 * MiB);
    expect(hashes).toHaveLength(1);
  });

  it('refuses a form whose other fields carry more than the file limit allows, as they arrive', async () => {
    const filler = generatedFile(8 * MiB);
    const { url, outcome } = await serve(async (request) => readMultipartUpload(request, { fieldName: 'file', maxBytes: MiB }));
    await send(url, multipartBody([{ name: 'padding', content: filler.content() }, { name: 'file', filename: 'a.csv', content: 'id\n1\n' }]));
    expect((await uploadError(outcome())).code).toBe('upload_too_large');
    expect(filler.sent).toBeLessThan(6 * MiB);
  });

  it('refuses a second file after the first was streamed', async () => {
    const { url, outcome } = await serve(async (request) => sha256((await readMultipartUpload(request, { fieldName: 'file', maxBytes: MiB })).stream));
    await send(url, multipartBody([
      { name: 'file', filename: 'a.csv', content: 'id\n1\n' },
      { name: 'file', filename: 'b.csv', content: 'id\n2\n' },
    ]));
    expect((await uploadError(outcome())).code).toBe('upload_too_many_files');
  });

  it('refuses a second file that arrives before the consumer begins reading the first', async () => {
    const { url, outcome } = await serve(async (request) => {
      const upload = await readMultipartUpload(request, { fieldName: 'file', maxBytes: MiB });
      // The consumer is busy (storing the upload's record) while the rest of the form arrives.
      await sleep(200);
      return sha256(upload.stream);
    });
    await send(url, multipartBody([
      { name: 'file', filename: 'a.csv', content: 'id\n1\n' },
      { name: 'file', filename: 'b.csv', content: 'id\n2\n' },
    ]));
    expect((await uploadError(outcome())).code).toBe('upload_too_many_files');
  });

  it('refuses a form that ends before its closing boundary', async () => {
    const { url, outcome } = await serve(async (request) => sha256((await readMultipartUpload(request, { fieldName: 'file', maxBytes: MiB })).stream));
    await send(url, multipartBody([{ name: 'file', filename: 'a.csv', content: 'id\n1\n' }], { close: false }));
    expect((await uploadError(outcome())).code).toBe('upload_malformed');
  });
});

describe('readMultipartUpload refusals', () => {
  const options = { fieldName: 'file', maxBytes: MiB };

  it('refuses a request that is not multipart/form-data', async () => {
    const json = new Request('http://127.0.0.1/upload', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const error = await uploadError(readMultipartUpload(json, options));
    expect([error.code, error.status]).toEqual(['upload_not_multipart', 415]);
    const urlencoded = new Request('http://127.0.0.1/upload', { method: 'POST', body: new URLSearchParams({ file: 'x' }) });
    expect((await uploadError(readMultipartUpload(urlencoded, options))).code).toBe('upload_not_multipart');
    const noBoundary = new Request('http://127.0.0.1/upload', { method: 'POST', headers: { 'content-type': 'multipart/form-data; charset=utf-8' }, body: 'x' });
    expect((await uploadError(readMultipartUpload(noBoundary, options))).code).toBe('upload_not_multipart');
  });

  it('refuses a form without the file: no file at all, a text field of its name, or a file under another name', async () => {
    const textOnly = new FormData();
    textOnly.set('note', 'hello');
    expect((await uploadError(readMultipartUpload(await formRequest(textOnly), options))).code).toBe('upload_missing_file');
    const textNamedFile = new FormData();
    textNamedFile.set('file', 'id\n1\n');
    expect((await uploadError(readMultipartUpload(await formRequest(textNamedFile), options))).code).toBe('upload_missing_file');
    const otherName = new FormData();
    otherName.set('attachment', new Blob(['id\n1\n'], { type: 'text/csv' }), 'a.csv');
    expect((await uploadError(readMultipartUpload(await formRequest(otherName), options))).code).toBe('upload_missing_file');
    const noBody = new Request('http://127.0.0.1/upload', { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });
    expect((await uploadError(readMultipartUpload(noBody, options))).code).toBe('upload_missing_file');
  });

  it('refuses two files, whatever their names', async () => {
    const form = new FormData();
    form.set('attachment', new Blob(['x']), 'a.txt');
    form.set('file', new Blob(['id\n1\n']), 'b.csv');
    expect((await uploadError(readMultipartUpload(await formRequest(form), options))).code).toBe('upload_too_many_files');
  });

  it('reads a FormData upload with other fields, giving its name and type', async () => {
    const form = new FormData();
    form.set('note', 'monthly');
    form.set('file', new Blob(['id,name\n1,Apple\n'], { type: 'text/csv' }), 'stock.csv');
    const upload = await readMultipartUpload(await formRequest(form), options);
    expect([upload.filename, upload.contentType]).toEqual(['stock.csv', 'text/csv']);
    const chunks: Uint8Array[] = [];
    for await (const chunk of upload.stream) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString()).toBe('id,name\n1,Apple\n');
  });

  it('stops reading the request when the consumer stops reading the file', async () => {
    const file = generatedFile(8 * MiB);
    const body = Readable.from(multipartBody([{ name: 'file', filename: 'a.bin', content: file.content() }]));
    const request = new Request('http://127.0.0.1/upload', {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: streamedBody(body),
      duplex: 'half',
    } as RequestInit);
    const upload = await readMultipartUpload(request, { fieldName: 'file', maxBytes: 16 * MiB });
    for await (const chunk of upload.stream) {
      expect(chunk.length).toBeGreaterThan(0);
      break;
    }
    await sleep(100);
    const sentAtStop = file.sent;
    await sleep(200);
    expect(file.sent).toBe(sentAtStop);
    expect(file.sent).toBeLessThan(2 * MiB);
    expect(body.destroyed).toBe(true);
  });
});

import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Busboy, { type BusboyInstance } from '@fastify/busboy';

export type UploadErrorCode = 'upload_not_multipart' | 'upload_missing_file' | 'upload_too_many_files' | 'upload_too_large' | 'upload_malformed';

const STATUS_BY_CODE: Record<UploadErrorCode, number> = {
  upload_not_multipart: 415,
  upload_missing_file: 400,
  upload_too_many_files: 400,
  upload_too_large: 413,
  upload_malformed: 400,
};

/** An upload refused; `code` is stable (clients branch on it), `status` the HTTP status to answer with. */
export class UploadError extends Error {
  readonly status: number;

  constructor(
    readonly code: UploadErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
    this.status = STATUS_BY_CODE[code];
  }
}

export interface MultipartUploadOptions {
  /** The form field carrying the file. */
  fieldName: string;
  /** The largest file accepted, in bytes. */
  maxBytes: number;
}

export interface MultipartUpload {
  filename: string;
  contentType: string;
  /**
   * The file's bytes as they arrive. The request is read only as fast as this is: a consumer that
   * stops reading stops the upload. It ends without error only once the whole request has been
   * read and found valid (one file, within `maxBytes`), so what was stored of it must be discarded
   * when it throws an UploadError. Stopping early (`break`, or an error in the loop) stops reading
   * the request.
   */
  stream: AsyncIterable<Uint8Array>;
}

/** What the form may carry beyond the file: part headers, boundaries, a few small fields. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 16 * 1024;
const FILE_BUFFER_BYTES = 64 * 1024;

/**
 * Reads a `multipart/form-data` request carrying one file in `fieldName`, streamed (busboy over the
 * request's body, native or @whatwg-node's). Resolves as soon as the file part begins; refuses
 * (UploadError) a request that is not multipart, carries no such file or more than one file, or
 * whose file is larger than `maxBytes` (found as its bytes arrive: reading stops at once). Other
 * fields are read and ignored.
 */
export async function readMultipartUpload(request: Request, options: MultipartUploadOptions): Promise<MultipartUpload> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new UploadError('upload_not_multipart', `the request must be multipart/form-data (it is ${contentType === '' ? 'untyped' : contentType.split(';')[0]})`);
  }
  const maxRequestBytes = options.maxBytes + FORM_OVERHEAD_BYTES;
  const tooLarge = () => new UploadError('upload_too_large', `the file is larger than ${options.maxBytes} bytes`);
  if (Number(request.headers.get('content-length') ?? 0) > maxRequestBytes) throw tooLarge();
  if (request.body === null) throw new UploadError('upload_missing_file', `the form has no "${options.fieldName}" file`);
  let busboy: BusboyInstance;
  try {
    busboy = Busboy({
      headers: { 'content-type': contentType },
      fileHwm: FILE_BUFFER_BYTES,
      limits: { fileSize: options.maxBytes, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
    });
  } catch (error) {
    throw new UploadError('upload_not_multipart', `the request is not valid multipart/form-data: ${error instanceof Error ? error.message : String(error)}`);
  }
  // Read through async iteration, not Readable.fromWeb: the platform's server (@whatwg-node/server) gives
  // Requests whose body is its own stream class, which fromWeb refuses. Destroying `body` cancels the body.
  const body = Readable.from(request.body as unknown as AsyncIterable<Uint8Array>, { objectMode: false });

  return new Promise<MultipartUpload>((resolve, reject) => {
    let found = false;
    let files = 0;
    let failure: UploadError | undefined;
    let file: Readable | undefined;
    /**
     * Refuses the upload (the first reason stands) and fails whoever waits on it. A well-formed form
     * refused for what it carries (no file, two files) is read to its end and dropped, within
     * REFUSED_UPLOAD_DISCARD: a client still sending when the connection closes sees a reset,
     * not the answer. Any other refusal (too large, malformed, abandoned) stops reading at once.
     */
    const fail = (error: unknown): UploadError => {
      if (failure !== undefined) return failure;
      failure = error instanceof UploadError ? error : new UploadError('upload_malformed', `the form could not be read: ${error instanceof Error ? error.message : String(error)}`);
      if (failure.code === 'upload_too_many_files' || failure.code === 'upload_missing_file') stopReadingAfter(body, failure);
      else body.destroy(failure);
      file?.destroy(failure);
      if (!found) reject(failure);
      return failure;
    };

    const parsed = pipeline(body, limitBytes(maxRequestBytes, tooLarge), busboy).then(
      () => {
        if (failure !== undefined) throw failure;
        if (!found) fail(new UploadError('upload_missing_file', `the form has no "${options.fieldName}" file`));
      },
      (error: unknown) => {
        throw fail(error);
      },
    );
    // Awaited by the file's stream; until then (or when it is abandoned) a failure is reported through `fail`.
    parsed.catch(() => {});

    busboy.on('file', (fieldName, part, filename, _transferEncoding, mimeType) => {
      files++;
      if (files > 1 || fieldName !== options.fieldName) {
        part.resume();
        if (files > 1) fail(new UploadError('upload_too_many_files', 'the form must carry one file'));
        return;
      }
      file = part;
      part.on('limit', () => fail(tooLarge()));
      // A refusal destroys the part with the error before its consumer may have begun reading it;
      // the consumer gets the error from its read (fileBytes), and an unheard 'error' would end the process.
      part.on('error', () => {});
      found = true;
      resolve({ filename, contentType: mimeType, stream: fileBytes(part, parsed, fail) });
    });
  });
}

async function* fileBytes(file: Readable, parsed: Promise<void>, fail: (error: unknown) => UploadError): AsyncGenerator<Uint8Array> {
  let complete = false;
  try {
    for await (const chunk of file) yield chunk as Buffer;
    await parsed;
    complete = true;
  } catch (error) {
    // The part's own errors (a body cut short) become the upload's refusal.
    throw fail(error);
  } finally {
    if (!complete) fail(new UploadError('upload_malformed', 'the upload was abandoned before its end'));
  }
}

/**
 * After an upload is refused, what of the request is still read and dropped so the client reads the
 * answer rather than a reset (as the listener does after a 413), and for how long: here when the
 * form's reader had begun, by the upload route (use-connector-uploads.ts) when it had not.
 */
export const REFUSED_UPLOAD_DISCARD = { bytes: 32 * 1024 * 1024, ms: 5_000 } as const;

/** Lets `body` flow on to its end (busboy drops the rest of the form), within REFUSED_UPLOAD_DISCARD. */
function stopReadingAfter(body: Readable, failure: UploadError): void {
  let left = REFUSED_UPLOAD_DISCARD.bytes;
  const cut = setTimeout(() => body.destroy(failure), REFUSED_UPLOAD_DISCARD.ms);
  body.on('data', (chunk: Buffer) => {
    left -= chunk.byteLength;
    if (left < 0) body.destroy(failure);
  });
  body.once('close', () => clearTimeout(cut));
}

/** Refuses a request body larger than `maxBytes` as soon as it is: fields and extra parts cannot keep the request going. */
function limitBytes(maxBytes: number, tooLarge: () => UploadError) {
  return async function* (source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    let total = 0;
    for await (const chunk of source) {
      total += chunk.length;
      if (total > maxBytes) throw tooLarge();
      yield chunk;
    }
  };
}

/**
 * Turns a document of any accepted type into rows of text: a PDF's text layer (pages without a
 * usable one are rendered and recognised), an image by OCR, plain text as is, and an e-mail by
 * its attached document or else its text.
 */
import { loadImage } from '@napi-rs/canvas';
import PostalMime from 'postal-mime';
import { type Row, rowsOfPage, rowsOfPlainText } from './layout.ts';
import { recogniseWords } from './ocr.ts';
import { ExtractionError, type ExtractionInput, type ExtractionMethod, type ExtractionOptions } from './types.ts';

export interface DocumentText {
  method: ExtractionMethod;
  pages: number;
  rows: Row[];
  /** An e-mail's sender name: the supplier when the document itself does not say. */
  sender: string | null;
}

type Kind = 'pdf' | 'image' | 'text' | 'email';

const kindOfMediaType: Record<string, Kind> = {
  'application/pdf': 'pdf',
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/jpg': 'image',
  'text/plain': 'text',
  'message/rfc822': 'email',
};
export const supportedContentTypes = ['application/pdf', 'image/png', 'image/jpeg', 'text/plain', 'message/rfc822'];

/** A page whose text layer has fewer letters and digits than this is a scan (or a picture of text): it is recognised instead. */
const MIN_TEXT_LAYER_CHARACTERS = 20;
/** Larger images are refused: decoding alone would take hundreds of megabytes. */
const MAX_IMAGE_PIXELS = 40_000_000;

function isPdf(content: Buffer): boolean {
  return content.subarray(0, 1024).includes('%PDF-');
}

function isImage(content: Buffer): boolean {
  const png = content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff;
  return png || jpeg;
}

/** `application/octet-stream` (what many clients send for any file) is told apart by the content or the file name. */
function kindOf(mediaType: string, content: Buffer, filename: string | undefined): Kind {
  const kind = kindOfMediaType[mediaType];
  if (kind) return kind;
  if (mediaType === 'application/octet-stream') {
    if (isPdf(content)) return 'pdf';
    if (isImage(content)) return 'image';
    if (/\.eml$/i.test(filename ?? '')) return 'email';
    if (/\.txt$/i.test(filename ?? '')) return 'text';
  }
  throw new ExtractionError('unsupported_content_type', `documents of type ${mediaType || '(none)'} are not read; send ${supportedContentTypes.join(', ')}`, { supported_content_types: supportedContentTypes });
}

function decodeText(content: Buffer, charset: string | undefined): string {
  if (content.includes(0)) throw new ExtractionError('unreadable_document', 'the text holds binary data (NUL bytes): send a PDF or an image as such');
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset ?? 'utf-8', { fatal: true });
  } catch {
    throw new ExtractionError('unreadable_document', `the text's charset ${charset} is not one this service knows`);
  }
  try {
    return decoder.decode(content);
  } catch {
    if (charset) throw new ExtractionError('unreadable_document', `the text is not valid ${charset}`);
    // No charset given and not UTF-8: the usual other encoding of Western documents.
    return new TextDecoder('windows-1252').decode(content);
  }
}

async function readImage(content: Buffer, signal: AbortSignal): Promise<Row[]> {
  if (!isImage(content)) throw new ExtractionError('unreadable_document', 'the content is not a PNG or JPEG image');
  let size: { width: number; height: number };
  try {
    size = await loadImage(content);
  } catch {
    throw new ExtractionError('unreadable_document', 'the image is corrupt or truncated and cannot be decoded');
  }
  if (size.width * size.height > MAX_IMAGE_PIXELS) {
    throw new ExtractionError('image_too_large', `the image is ${size.width} × ${size.height} pixels; at most ${MAX_IMAGE_PIXELS / 1_000_000} million pixels are read (300 dpi A4 is 8.7 million)`, { width: size.width, height: size.height, max_pixels: MAX_IMAGE_PIXELS });
  }
  return rowsOfPage(1, await recogniseWords(content, signal));
}

async function readPdf(content: Buffer, options: ExtractionOptions, signal: AbortSignal): Promise<DocumentText> {
  if (!isPdf(content)) throw new ExtractionError('unreadable_document', 'the content is not a PDF (no %PDF- header)');
  // Loaded at the first PDF, not with the platform: pdf.js's legacy build installs core-js polyfills
  // into the process's globals, JSON.parse among them (a slower replacement every request would use).
  const { openPdf, pdfPageWords, renderPdfPage } = await import('./pdf.ts');
  const document = await openPdf(content, signal);
  try {
    if (document.numPages > options.maxPages) {
      throw new ExtractionError('too_many_pages', `the PDF has ${document.numPages} pages; at most ${options.maxPages} are read`, { pages: document.numPages, max_pages: options.maxPages });
    }
    const rows: Row[] = [];
    let recognised = false;
    for (let number = 1; number <= document.numPages; number += 1) {
      signal.throwIfAborted();
      const page = await document.getPage(number);
      const words = await pdfPageWords(page);
      const characters = words.reduce((sum, word) => sum + (word.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0), 0);
      if (characters >= MIN_TEXT_LAYER_CHARACTERS) {
        rows.push(...rowsOfPage(number, words));
      } else {
        rows.push(...rowsOfPage(number, await recogniseWords(await renderPdfPage(document, page, signal), signal)));
        recognised = true;
      }
      page.cleanup();
    }
    return { method: recognised ? 'ocr' : 'pdf_text', pages: document.numPages, rows, sender: null };
  } finally {
    await document.destroy();
  }
}

/** Attachments read in preference to the body, most useful first. */
const attachmentPreference = ['application/pdf', 'image/png', 'image/jpeg'];

async function readEmail(content: Buffer, options: ExtractionOptions, signal: AbortSignal): Promise<DocumentText> {
  let email: Awaited<ReturnType<typeof PostalMime.parse>>;
  try {
    email = await PostalMime.parse(content, { attachmentEncoding: 'arraybuffer' });
  } catch (error) {
    throw new ExtractionError('unreadable_document', `the e-mail cannot be parsed (${error instanceof Error ? error.message : String(error)})`);
  }
  const sender = email.from && 'name' in email.from && email.from.name.trim() !== '' ? email.from.name.trim() : null;
  const attachment = email.attachments
    .map((candidate) => ({ candidate, rank: attachmentPreference.indexOf(candidate.mimeType === 'application/octet-stream' && /\.pdf$/i.test(candidate.filename ?? '') ? 'application/pdf' : candidate.mimeType) }))
    .filter(({ rank }) => rank >= 0)
    .sort((a, b) => a.rank - b.rank)[0]?.candidate;
  if (attachment) {
    const file = Buffer.from(attachment.content as ArrayBuffer);
    const read = await readDocumentText({ content: file, contentType: attachment.mimeType, ...(attachment.filename && { filename: attachment.filename }) }, options, signal);
    return { ...read, sender: read.sender ?? sender };
  }
  if (!email.text?.trim()) throw new ExtractionError('unreadable_document', 'the e-mail has no plain-text body and no PDF or image attached');
  return { method: 'text', pages: 1, rows: rowsOfPlainText(email.text), sender };
}

/** The document's text as rows, read the way its type calls for. */
export async function readDocumentText(input: ExtractionInput, options: ExtractionOptions, signal: AbortSignal): Promise<DocumentText> {
  if (input.content.length === 0) throw new ExtractionError('unreadable_document', 'the document is empty');
  const [mediaType = '', ...parameters] = input.contentType.split(';').map((part) => part.trim());
  const charset = parameters
    .map((parameter) => parameter.split('='))
    .find(([name]) => name?.trim().toLowerCase() === 'charset')
    ?.slice(1)
    .join('=')
    .trim()
    .replaceAll('"', '') || undefined;
  switch (kindOf(mediaType.toLowerCase(), input.content, input.filename)) {
    case 'pdf':
      return readPdf(input.content, options, signal);
    case 'image':
      return { method: 'ocr', pages: 1, rows: await readImage(input.content, signal), sender: null };
    case 'email':
      return readEmail(input.content, options, signal);
    case 'text': {
      const text = decodeText(input.content, charset);
      return { method: 'text', pages: text.split('\f').length, rows: rowsOfPlainText(text), sender: null };
    }
  }
}

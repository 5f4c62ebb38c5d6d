import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, Util, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { type Word } from './layout.ts';
import { ExtractionError } from './types.ts';

// pdf.js reads its fonts, character maps and image decoders from these folders of its package: nothing is fetched.
const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const assets = {
  standardFontDataUrl: `${path.join(pdfjsRoot, 'standard_fonts')}/`,
  cMapUrl: `${path.join(pdfjsRoot, 'cmaps')}/`,
  wasmUrl: `${path.join(pdfjsRoot, 'wasm')}/`,
  iccUrl: `${path.join(pdfjsRoot, 'iccs')}/`,
};

/** Rendering resolution for OCR: tesseract is tuned for text at about 300 dpi; 250 keeps 8 pt print legible with two thirds of the pixels. */
const RENDER_DPI = 250;
/** A page never renders larger than this (a poster-sized page is scaled down), so memory stays bounded. */
const MAX_RENDER_PIXELS = 16_000_000;
/** Embedded images larger than this are not decoded (a 300 dpi A4 scan is 8.7 million pixels). */
const MAX_IMAGE_PIXELS = 50_000_000;

/** Opens a PDF, refusing corrupt and password-protected files with a clear reason; `signal` abandons the parse. */
export async function openPdf(content: Buffer, signal: AbortSignal): Promise<PDFDocumentProxy> {
  // No code generated from font data (pdf.js's eval path has had injection flaws), no embedded image over the pixel bound, no console warnings.
  const task = getDocument({ data: new Uint8Array(content), ...assets, isEvalSupported: false, maxImageSize: MAX_IMAGE_PIXELS, verbosity: 0 });
  const abandon = () => void task.destroy();
  signal.addEventListener('abort', abandon, { once: true });
  try {
    return await task.promise;
  } catch (error) {
    signal.throwIfAborted();
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') throw new ExtractionError('unreadable_document', 'the PDF is protected by a password; send it without the password protection');
    throw new ExtractionError('unreadable_document', `the file is not a readable PDF (${error instanceof Error ? error.message : String(error)})`);
  } finally {
    signal.removeEventListener('abort', abandon);
  }
}

/** The words of a page's text layer, in points from the top-left corner (the page's rotation applied). */
export async function pdfPageWords(page: PDFPageProxy): Promise<Word[]> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  return content.items.flatMap((item) => ('str' in item ? wordsOfItem(item, Util.transform(viewport.transform, item.transform) as number[]) : []));
}

/** A text run holds whole phrases (or several columns, from text-to-PDF converters): its words are placed in proportion to their characters. */
function wordsOfItem(item: TextItem, [, , c = 0, d = 0, x = 0, baseline = 0]: number[]): Word[] {
  const height = Math.hypot(c, d);
  const charWidth = item.width / Math.max(1, item.str.length);
  return [...item.str.matchAll(/\S+/g)].map((match) => ({
    text: match[0],
    x0: x + match.index * charWidth,
    x1: x + (match.index + match[0].length) * charWidth,
    top: baseline - height,
    bottom: baseline,
    confidence: 1,
  }));
}

interface RenderCanvas {
  toBuffer(mime: 'image/png'): Buffer;
}

/** Renders a page as a PNG for OCR, white background, at `RENDER_DPI` (less for very large pages). */
export async function renderPdfPage(document: PDFDocumentProxy, page: PDFPageProxy, signal: AbortSignal, dpi = RENDER_DPI): Promise<Buffer> {
  const unscaled = page.getViewport({ scale: 1 });
  const scale = Math.min(dpi / 72, Math.sqrt(MAX_RENDER_PIXELS / (unscaled.width * unscaled.height)));
  const viewport = page.getViewport({ scale });
  // pdf.js draws with its own copy of @napi-rs/canvas (its paths are that copy's objects), so the canvas must come from its factory.
  const { canvas } = (document.canvasFactory as { create(width: number, height: number): { canvas: RenderCanvas } }).create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const task = page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport, background: '#ffffff' });
  const cancel = () => task.cancel();
  signal.addEventListener('abort', cancel, { once: true });
  try {
    await task.promise;
  } finally {
    signal.removeEventListener('abort', cancel);
  }
  signal.throwIfAborted();
  return canvas.toBuffer('image/png');
}

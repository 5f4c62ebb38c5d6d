/**
 * The one shape every reader (PDF text layer, OCR, plain text) produces: pages of rows of cells
 * of words, each with its horizontal extent. The parsers work on this alone, so a label is found
 * the same way whether the document was typeset, scanned or typed, and table columns are matched
 * by position rather than by the order cells happen to arrive in.
 */

/** A word with its box, in the page's own units (PDF points, image pixels or character columns), y growing downwards. */
export interface Word {
  text: string;
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  /** 0..1: how sure the reader is of the text (1 for a text layer). */
  confidence: number;
}

/** Words of a row that sit together, separated from their neighbours by a column gap. */
export interface Cell {
  text: string;
  x0: number;
  x1: number;
  confidence: number;
  words: Word[];
}

export interface Row {
  /** 1-based. */
  page: number;
  /** 1-based, top to bottom on its page. */
  line: number;
  /** The row's cells joined by two spaces (as a person would read the row). */
  text: string;
  cells: Cell[];
  /** Vertical extent, in the page's units. */
  top: number;
  bottom: number;
}

/** Word spaces are about a third of the text height and column gaps wider than it: a gap over this many heights (of the taller neighbour) starts a new cell. */
const CELL_GAP_FACTOR = 0.8;
/** Words whose middles are within this many text heights of a row's middle are on that row. */
const ROW_TOLERANCE = 0.6;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export function cellOf(words: Word[]): Cell {
  return {
    text: words.map((word) => word.text).join(' '),
    x0: Math.min(...words.map((word) => word.x0)),
    x1: Math.max(...words.map((word) => word.x1)),
    confidence: words.reduce((sum, word) => sum + word.confidence, 0) / words.length,
    words,
  };
}

function rowOf(page: number, line: number, words: Word[], gapFactor: number): Row {
  const sorted = [...words].sort((a, b) => a.x0 - b.x0);
  const groups: Word[][] = [];
  for (const word of sorted) {
    const group = groups.at(-1);
    const last = group?.at(-1);
    if (group && last && word.x0 - last.x1 <= gapFactor * Math.max(last.bottom - last.top, word.bottom - word.top)) group.push(word);
    else groups.push([word]);
  }
  const cells = groups.map(cellOf);
  return { page, line, text: cells.map((cell) => cell.text).join('  '), cells, top: Math.min(...words.map((word) => word.top)), bottom: Math.max(...words.map((word) => word.bottom)) };
}

/**
 * Groups a page's words into rows, top to bottom: a word joins the row above if its middle is within
 * `ROW_TOLERANCE` text heights of its own (the page must be upright: OCR deskews it first).
 */
export function rowsOfPage(page: number, words: Word[], gapFactor = CELL_GAP_FACTOR): Row[] {
  const visible = words.filter((word) => word.text.trim() !== '');
  const tolerance = ROW_TOLERANCE * median(visible.map((word) => word.bottom - word.top));
  const bands: Array<{ middle: number; words: Word[] }> = [];
  for (const word of [...visible].sort((a, b) => a.top + a.bottom - (b.top + b.bottom))) {
    const middle = (word.top + word.bottom) / 2;
    const band = bands.at(-1);
    if (band && middle - band.middle <= tolerance) {
      band.words.push(word);
      band.middle += (middle - band.middle) / band.words.length;
    } else {
      bands.push({ middle, words: [word] });
    }
  }
  return bands.map((band, index) => rowOf(page, index + 1, band.words, gapFactor));
}

/** Plain text: a line is a row, character columns are positions, and two or more spaces (or a tab) separate cells. */
export function rowsOfPlainText(text: string): Row[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\f')
    .flatMap((pageText, pageIndex) => {
      const words = pageText.split('\n').flatMap((line, lineIndex) =>
        [...line.replace(/\t/g, '    ').matchAll(/\S+/g)].map((match) => ({ text: match[0], x0: match.index, x1: match.index + match[0].length, top: lineIndex, bottom: lineIndex + 1, confidence: 1 })),
      );
      // One space is a gap of 1 column and a height is 1 line: a factor of 1.5 splits cells at two spaces or more.
      return rowsOfPage(pageIndex + 1, words, 1.5).map((row) => ({ ...row, line: (row.cells[0]?.words[0]?.top ?? 0) + 1 }));
    });
}

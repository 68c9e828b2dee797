import type * as PdfJsModule from 'unpdf/pdfjs';

/**
 * A PDF's text as lines with their page, position and cells, read with PDF.js (the copy unpdf ships,
 * already our PDF text reader). Items on one baseline form a line; a gap wider than a few spaces
 * splits the line into cells, so a table reads as rows whose cells keep their x position.
 */

export interface Cell {
  x: number;
  xEnd: number;
  text: string;
}

export interface Line {
  page: number;
  /** Distance from the top of the page, in points. */
  top: number;
  x: number;
  size: number;
  cells: Cell[];
  /** The text pieces as PDF.js gave them (a table's columns split them where gaps are narrow). */
  items: Cell[];
  text: string;
}

export interface PdfText {
  pageCount: number;
  /** Characters of text on each page (index 0 is page 1). */
  pageChars: number[];
  lines: Line[];
}

export class PdfProblem extends Error {
  readonly status: 'encrypted' | 'corrupt' | 'too_large';
  constructor(status: 'encrypted' | 'corrupt' | 'too_large', message: string) {
    super(message);
    this.status = status;
  }
}

interface RawItem {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
}

const CELL_GAP = 14;

function toLines(page: number, pageHeight: number, items: RawItem[]): Line[] {
  const sorted = items.filter((item) => item.str.trim()).sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: RawItem[][] = [];
  for (const item of sorted) {
    const row = rows.at(-1);
    const tolerance = Math.max(2, (row?.[0]?.size ?? item.size) * 0.4);
    if (row?.[0] && Math.abs(row[0].y - item.y) <= tolerance) row.push(item);
    else rows.push([item]);
  }
  return rows.map((row) => {
    row.sort((a, b) => a.x - b.x);
    const cells: Cell[] = [];
    const pieces = row.map((item) => ({ x: item.x, xEnd: item.x + item.width, text: item.str.trim() })).filter((piece) => piece.text);
    for (const item of row) {
      const last = cells.at(-1);
      if (last && item.x - last.xEnd < Math.max(CELL_GAP, item.size * 1.2)) {
        last.text += (item.x - last.xEnd > item.size * 0.15 && !last.text.endsWith(' ') ? ' ' : '') + item.str;
        last.xEnd = Math.max(last.xEnd, item.x + item.width);
      } else {
        cells.push({ x: item.x, xEnd: item.x + item.width, text: item.str });
      }
    }
    for (const cell of cells) cell.text = cell.text.replaceAll(/\s+/g, ' ').trim();
    const first = row[0] as RawItem;
    return {
      page,
      top: pageHeight - first.y,
      x: first.x,
      size: Math.max(...row.map((item) => item.size)),
      cells,
      items: pieces,
      text: cells.map((cell) => cell.text).join('  '),
    };
  });
}

type PdfJs = typeof PdfJsModule;

let pdfjsModule: Promise<PdfJs> | null = null;
/** PDF.js is ~1.7 MB of code: loaded at the first document, not at start-up (decision 012). */
function loadPdfJs(): Promise<PdfJs> {
  pdfjsModule ??= import('unpdf/pdfjs');
  return pdfjsModule;
}

/** Reads every page's text; throws PdfProblem for a password, a broken file or too many pages. */
export async function readPdfLines(bytes: Uint8Array, maxPages: number): Promise<PdfText> {
  const pdfjs = await loadPdfJs();
  // PDF.js takes ownership of the buffer it is given: hand it a copy.
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    verbosity: 0,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
  });
  let document: Awaited<typeof task.promise>;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy();
    if (error instanceof pdfjs.PasswordException) throw new PdfProblem('encrypted', 'The PDF is protected by a password.');
    const reason = error instanceof Error ? error.message : String(error);
    throw new PdfProblem('corrupt', `The PDF could not be opened: ${reason.slice(0, 200)}`);
  }
  try {
    if (document.numPages > maxPages) {
      throw new PdfProblem('too_large', `The PDF has ${document.numPages} pages; at most ${maxPages} are read.`);
    }
    const lines: Line[] = [];
    const pageChars: number[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const [, , , pageTop] = page.view;
      const content = await page.getTextContent();
      const items: RawItem[] = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const [a, b, , , x, y] = item.transform as number[];
        items.push({ str: item.str, x: x ?? 0, y: y ?? 0, width: item.width, size: Math.hypot(a ?? 0, b ?? 0) || item.height });
      }
      pageChars.push(items.reduce((sum, item) => sum + item.str.trim().length, 0));
      lines.push(...toLines(number, pageTop ?? 792, items));
      page.cleanup();
    }
    return { pageCount: document.numPages, pageChars, lines };
  } catch (error) {
    if (error instanceof PdfProblem) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new PdfProblem('corrupt', `The PDF could not be read: ${reason.slice(0, 200)}`);
  } finally {
    await task.destroy();
  }
}

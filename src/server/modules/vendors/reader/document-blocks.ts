import type { Line } from './pdf-lines.ts';

/**
 * Lines grouped into what a reader sees: headings (larger type), paragraphs, list items (a bullet or
 * number, then text) and table rows (cells aligned under a row of column starts, wrapped cell lines
 * joined back into their cell). Running headers and footers repeated on most pages are dropped.
 */

export interface Block {
  kind: 'heading' | 'paragraph' | 'item' | 'row';
  page: number;
  text: string;
  /** A row's cells by column; the row's table header when it had one. */
  cells: string[];
  header: string[];
}

const MARKER = /^(?:[•·▪◦●○■\-–—*]|\(?\d{1,2}[.)]|\(?[a-z][.)])$/;
const LEADING_MARKER = /^(?:[•·▪◦●○■*]|\(?\d{1,2}[.)]|\([a-z]\)|[a-z]\))\s+/;

function furnitureKey(line: Line): string {
  return line.text.toLowerCase().replaceAll(/\d+/g, '#');
}

/** Lines that repeat near the same height on at least half the pages (running headers, page numbers). */
function withoutFurniture(lines: Line[], pageCount: number): Line[] {
  if (pageCount < 3) return lines;
  const pagesOf = new Map<string, Set<number>>();
  for (const line of lines) {
    const key = `${furnitureKey(line)}@${Math.round(line.top / 20)}`;
    const pages = pagesOf.get(key) ?? new Set<number>();
    pages.add(line.page);
    pagesOf.set(key, pages);
  }
  return lines.filter((line) => (pagesOf.get(`${furnitureKey(line)}@${Math.round(line.top / 20)}`)?.size ?? 0) < pageCount / 2);
}

/** The most common type size of full lines of prose (not table cells), weighted by characters: the body text. */
function bodySize(allLines: Line[]): number {
  const weight = new Map<number, number>();
  const prose = allLines.filter((line) => line.cells.length === 1 && line.text.length >= 50);
  for (const line of prose.length > 0 ? prose : allLines)
    weight.set(Math.round(line.size), (weight.get(Math.round(line.size)) ?? 0) + line.text.length);
  return [...weight.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 10;
}

interface Table {
  page: number;
  columns: number[];
  header: string[];
  rows: { page: number; cells: string[] }[];
  lastTop: number;
}

function columnOf(columns: number[], x: number): number {
  let index = 0;
  columns.forEach((start, at) => {
    if (start <= x + 3) index = at;
  });
  return index;
}

const HEADER_WORDS =
  /criteri|control|test|result|organi[sz]ation|service|method|related|item|detail|section|page|description|#|no\.|tsc|exception|response|scope|finding/i;

function isHeaderRow(cells: string[]): boolean {
  return (
    cells.length >= 2 &&
    cells.every((cell) => cell.split(/\s+/).length <= 5 && !/[.;]$/.test(cell)) &&
    cells.some((cell) => HEADER_WORDS.test(cell))
  );
}

function belongsToTable(table: Table, line: Line, gap: number): boolean {
  if (line.page !== table.page || gap > line.size * 3) return false;
  const aligned = line.items.every((item) => table.columns.some((start) => Math.abs(start - item.x) <= 3));
  if (!aligned) return false;
  // One piece at a column's start that runs past the next column's start is prose under the table.
  return !line.items.some((item) => {
    const next = table.columns.find((start) => start > item.x + 3);
    return next !== undefined && item.xEnd > next + 2;
  });
}

function tableBlocks(table: Table): Block[] {
  return table.rows.map((row) => {
    const cells = row.cells.map((cell) => cell.trim());
    const text = cells.length === 2 ? `${cells[0]}: ${cells[1]}` : cells.filter(Boolean).join(' | ');
    return { kind: 'row' as const, page: row.page, text, cells, header: table.header };
  });
}

/** Groups a document's lines into blocks in reading order. */
export function toBlocks(allLines: Line[], pageCount: number): Block[] {
  const lines = withoutFurniture(allLines, pageCount);
  const body = bodySize(lines);
  const blocks: Block[] = [];
  let table: Table | null = null;
  let previous: Line | null = null;
  let open: Block | null = null;
  const flush = () => {
    if (table) blocks.push(...tableBlocks(table));
    table = null;
  };
  for (const line of lines) {
    const gap = previous && previous.page === line.page ? line.top - previous.top : Infinity;
    const first = line.cells[0]?.text ?? '';
    if (table && belongsToTable(table, line, gap)) {
      const current: Table = table;
      const column = columnOf(current.columns, line.cells[0]?.x ?? 0);
      const row = current.rows.at(-1);
      if (!row || (column === 0 && gap > line.size * 1.3)) current.rows.push({ page: line.page, cells: current.columns.map(() => '') });
      const target = current.rows.at(-1) as Table['rows'][number];
      for (const cell of line.items) {
        const index = columnOf(current.columns, cell.x);
        target.cells[index] = `${target.cells[index] ?? ''} ${cell.text}`.trim();
      }
      current.lastTop = line.top;
      previous = line;
      open = null;
      continue;
    }
    flush();
    const isMarker = line.cells.length >= 2 && MARKER.test(first);
    if (line.cells.length >= 2 && !isMarker) {
      const cells = line.cells.map((cell) => cell.text);
      const header = isHeaderRow(cells) ? cells : [];
      table = {
        page: line.page,
        columns: line.cells.map((cell) => cell.x),
        header,
        rows: header.length > 0 ? [] : [{ page: line.page, cells }],
        lastTop: line.top,
      };
      previous = line;
      open = null;
      continue;
    }
    const text = isMarker
      ? line.cells
          .slice(1)
          .map((cell) => cell.text)
          .join(' ')
      : line.text;
    const isHeading = line.size >= body + 0.8;
    const continues =
      open !== null &&
      !isMarker &&
      !LEADING_MARKER.test(line.text) &&
      gap <= line.size * 1.45 &&
      (open.kind === 'heading') === isHeading &&
      (previous === null || Math.abs(previous.size - line.size) < 0.5);
    if (continues && open) {
      open.text = open.text.endsWith('-') ? `${open.text.slice(0, -1)}${text}` : `${open.text} ${text}`;
    } else {
      const leading = !isMarker && LEADING_MARKER.exec(line.text);
      open = {
        kind: isHeading ? 'heading' : isMarker || leading ? 'item' : 'paragraph',
        page: line.page,
        text: leading ? line.text.slice(leading[0].length) : text,
        cells: [],
        header: [],
      };
      blocks.push(open);
    }
    previous = line;
  }
  flush();
  return blocks;
}

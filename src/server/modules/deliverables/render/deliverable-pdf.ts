import { type Block, type DocumentHeading, type ListItem, type TextRun, plainText } from './document-blocks.ts';
import { toWinAnsi } from './win-ansi.ts';

/**
 * A deliverable as a PDF (pdfkit, standard fonts): a title block (title, organization, version,
 * date), then the Markdown's headings, paragraphs, lists, tables, code and quotes, and page numbers.
 */

type Doc = PDFKit.PDFDocument;

const BODY_SIZE = 10.5;
const HEADING_SIZES = [18, 15, 13, 12, 11, 11];
const INK = '#111827';
const MUTED = '#4b5563';
const LINK = '#1d4ed8';
const LINE = '#d1d5db';
const SHADE = '#f3f4f6';
const LIST_INDENT = 16;

const bottomOf = (doc: Doc) => doc.page.height - doc.page.margins.bottom;
const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

/** Starts a new page when fewer than `needed` points are left on this one. */
function ensureSpace(doc: Doc, needed: number): void {
  if (doc.y + needed > bottomOf(doc)) doc.addPage();
}

function fontFor(run: TextRun, baseBold: boolean): string {
  if (run.code) return 'Courier';
  const bold = baseBold || run.bold === true;
  if (bold && run.italic) return 'Helvetica-BoldOblique';
  if (bold) return 'Helvetica-Bold';
  if (run.italic) return 'Helvetica-Oblique';
  return 'Helvetica';
}

interface RunsOptions {
  x: number;
  y?: number;
  width: number;
  size?: number;
  color?: string;
  bold?: boolean;
}

/** Writes styled runs as one flowing paragraph (pdfkit's `continued` text). */
function writeRuns(doc: Doc, runs: readonly TextRun[], options: RunsOptions): void {
  const size = options.size ?? BODY_SIZE;
  const shown = runs.filter((run) => run.text.length > 0);
  if (shown.length === 0) return;
  shown.forEach((run, index) => {
    doc
      .font(fontFor(run, options.bold === true))
      .fontSize(run.code ? size - 1 : size)
      .fillColor(run.link ? LINK : (options.color ?? INK));
    const style = {
      continued: index < shown.length - 1,
      link: run.link ?? null,
      underline: run.link !== undefined,
      strike: run.strike === true,
      width: options.width,
      lineGap: 2,
    };
    if (index === 0) doc.text(toWinAnsi(run.text), options.x, options.y, style);
    else doc.text(toWinAnsi(run.text), style);
  });
}

function writeHeading(doc: Doc, depth: number, runs: readonly TextRun[], x: number, width: number): void {
  const size = HEADING_SIZES[depth - 1] ?? BODY_SIZE;
  doc.moveDown(depth <= 2 ? 0.8 : 0.5);
  ensureSpace(doc, size * 4);
  writeRuns(doc, runs, { x, width, size, bold: true });
  doc.moveDown(0.3);
}

function listMarker(ordered: boolean, number: number, item: ListItem): string {
  const box = item.checked === null ? '' : item.checked ? '[x] ' : '[ ] ';
  return `${ordered ? `${number}.` : '•'} ${box}`.trimEnd();
}

function writeList(doc: Doc, block: Extract<Block, { kind: 'list' }>, x: number, width: number): void {
  block.items.forEach((item, index) => {
    ensureSpace(doc, BODY_SIZE * 2);
    const y = doc.y;
    const marker = listMarker(block.ordered, block.start + index, item);
    const indent = Math.max(LIST_INDENT, doc.font('Helvetica').fontSize(BODY_SIZE).widthOfString(`${marker} `) + 4);
    doc.fillColor(INK).text(toWinAnsi(marker), x, y, { width: indent, lineBreak: false });
    doc.y = y;
    writeBlocks(doc, item.blocks, x + indent, width - indent, { tight: true });
  });
  doc.moveDown(0.4);
}

function writeCode(doc: Doc, text: string, x: number, width: number): void {
  const content = toWinAnsi(text);
  doc.font('Courier').fontSize(9);
  const height = doc.heightOfString(content, { width: width - 16 }) + 12;
  ensureSpace(doc, Math.min(height, 120));
  const y = doc.y;
  if (y + height <= bottomOf(doc)) doc.rect(x, y, width, height).fill(SHADE);
  doc.fillColor(INK).text(content, x + 8, y + 6, { width: width - 16 });
  doc.y = Math.max(doc.y, y + height);
  doc.moveDown(0.5);
}

function writeTable(doc: Doc, block: Extract<Block, { kind: 'table' }>, x: number, width: number): void {
  const columns = Math.max(block.header.length, ...block.rows.map((row) => row.length), 1);
  const columnWidth = width / columns;
  const rowHeight = (cells: readonly TextRun[][], bold: boolean) =>
    Math.max(
      BODY_SIZE + 8,
      ...cells.map(
        (cell) =>
          doc
            .font(bold ? 'Helvetica-Bold' : 'Helvetica')
            .fontSize(9.5)
            .heightOfString(toWinAnsi(plainText(cell)) || ' ', { width: columnWidth - 8 }) + 8,
      ),
    );
  const writeRow = (cells: readonly TextRun[][], bold: boolean) => {
    const height = rowHeight(cells, bold);
    ensureSpace(doc, height);
    const y = doc.y;
    if (bold) doc.rect(x, y, width, height).fill(SHADE);
    for (let column = 0; column < columns; column += 1) {
      const left = x + column * columnWidth;
      doc.lineWidth(0.5).strokeColor(LINE).rect(left, y, columnWidth, height).stroke();
      writeRuns(doc, cells[column] ?? [], { x: left + 4, y: y + 4, width: columnWidth - 8, size: 9.5, bold });
    }
    doc.x = x;
    doc.y = y + height;
  };
  doc.moveDown(0.3);
  writeRow(block.header, true);
  for (const row of block.rows) writeRow(row, false);
  doc.moveDown(0.6);
}

function writeQuote(doc: Doc, blocks: readonly Block[], x: number, width: number): void {
  const startPage = doc.bufferedPageRange().count;
  const startY = doc.y;
  writeBlocks(doc, blocks, x + 12, width - 12, { color: MUTED });
  if (doc.bufferedPageRange().count === startPage) {
    doc
      .lineWidth(2)
      .strokeColor(LINE)
      .moveTo(x + 2, startY)
      .lineTo(x + 2, doc.y - 4)
      .stroke();
  }
}

function writeRule(doc: Doc, x: number, width: number): void {
  doc.moveDown(0.5);
  doc
    .lineWidth(0.5)
    .strokeColor(LINE)
    .moveTo(x, doc.y)
    .lineTo(x + width, doc.y)
    .stroke();
  doc.moveDown(0.8);
}

function writeBlocks(
  doc: Doc,
  blocks: readonly Block[],
  x: number,
  width: number,
  options: { tight?: boolean; color?: string } = {},
): void {
  for (const block of blocks) {
    switch (block.kind) {
      case 'heading':
        writeHeading(doc, block.depth, block.runs, x, width);
        break;
      case 'paragraph':
        writeRuns(doc, block.runs, { x, width, color: options.color });
        doc.moveDown(options.tight ? 0.2 : 0.6);
        break;
      case 'list':
        writeList(doc, block, x, width);
        break;
      case 'code':
        writeCode(doc, block.text, x, width);
        break;
      case 'quote':
        writeQuote(doc, block.blocks, x, width);
        break;
      case 'table':
        writeTable(doc, block, x, width);
        break;
      case 'rule':
        writeRule(doc, x, width);
        break;
    }
  }
}

function writeTitleBlock(doc: Doc, heading: DocumentHeading): void {
  const x = doc.page.margins.left;
  const width = contentWidth(doc);
  doc.font('Helvetica-Bold').fontSize(22).fillColor(INK).text(toWinAnsi(heading.title), x, doc.page.margins.top, { width });
  doc.moveDown(0.3);
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor(MUTED)
    .text(
      toWinAnsi(`${heading.organizationName} · Version ${heading.version} · ${heading.publishedAt.toISOString().slice(0, 10)}`),
      x,
      undefined,
      {
        width,
      },
    );
  doc.moveDown(0.6);
  doc
    .lineWidth(1)
    .strokeColor(INK)
    .moveTo(x, doc.y)
    .lineTo(x + width, doc.y)
    .stroke();
  doc.moveDown(1);
}

function writePageNumbers(doc: Doc, heading: DocumentHeading): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin would start a new page: lift the margin while the footer is drawn.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        toWinAnsi(`${heading.title} · v${heading.version} · Page ${index + 1} of ${count}`),
        doc.page.margins.left,
        doc.page.height - 36,
        {
          width: contentWidth(doc),
          align: 'center',
          lineBreak: false,
        },
      );
    doc.page.margins.bottom = bottom;
  }
}

export async function renderDeliverablePdf(heading: DocumentHeading, blocks: readonly Block[]): Promise<Buffer> {
  // pdfkit (~33 MB resident, ~230 ms to load with its fonts) loads with the first PDF, not with the server.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 60, bottom: 60, left: 60, right: 60 },
    bufferPages: true,
    info: {
      Title: heading.title,
      Author: 'ComplianceCore',
      Subject: `${heading.organizationName}, version ${heading.version}`,
      CreationDate: heading.publishedAt,
    },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  writeTitleBlock(doc, heading);
  writeBlocks(doc, blocks, doc.page.margins.left, contentWidth(doc));
  writePageNumbers(doc, heading);
  doc.end();
  return finished;
}

import PDFDocument from 'pdfkit';

/**
 * A small page-aware layer over pdfkit for the reader's corpus: every block is kept whole on one page
 * (a new page is started when it would not fit), so the writer knows the page each value lands on.
 */

export interface WriterOptions {
  /** A running header and "Page N of M" footer on every page. */
  furniture?: { header: string } | null;
  userPassword?: string;
  /** Restrictions only: the file opens without a password. */
  ownerPassword?: string;
  font?: 'Helvetica' | 'Times-Roman';
}

const MARGIN = 72;
const PAGE_HEIGHT = 792;
const BOTTOM = PAGE_HEIGHT - MARGIN;

export class CorpusWriter {
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;
  private readonly font: string;
  private readonly bold: string;
  private readonly options: WriterOptions;
  page = 1;

  constructor(options: WriterOptions = {}) {
    this.options = options;
    this.doc = new PDFDocument({
      size: 'LETTER',
      margin: MARGIN,
      bufferPages: true,
      ...(options.userPassword ? { userPassword: options.userPassword, ownerPassword: `${options.userPassword}-owner` } : {}),
      ...(options.ownerPassword ? { ownerPassword: options.ownerPassword, permissions: { printing: 'lowResolution' as const } } : {}),
      info: { Title: 'Corpus document', CreationDate: new Date(Date.UTC(2025, 0, 1)) },
    });
    this.font = options.font ?? 'Helvetica';
    this.bold = this.font === 'Times-Roman' ? 'Times-Bold' : 'Helvetica-Bold';
    this.doc.font(this.font).fontSize(10);
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.done = new Promise((resolve) => this.doc.on('end', () => resolve(Buffer.concat(this.chunks))));
  }

  newPage(): number {
    this.doc.addPage();
    this.page += 1;
    return this.page;
  }

  private ensure(height: number): void {
    if (this.doc.y + height > BOTTOM) this.newPage();
  }

  heading(text: string, size = 14): number {
    this.doc.font(this.bold).fontSize(size);
    this.ensure(this.doc.heightOfString(text) + 40);
    this.doc.moveDown(0.6).text(text, MARGIN, this.doc.y).moveDown(0.4);
    this.doc.font(this.font).fontSize(10);
    return this.page;
  }

  paragraph(text: string, options: { size?: number; bold?: boolean; align?: 'left' | 'center' } = {}): number {
    this.doc.font(options.bold ? this.bold : this.font).fontSize(options.size ?? 10);
    this.ensure(this.doc.heightOfString(text, { width: 468 }) + 6);
    this.doc.text(text, MARGIN, this.doc.y, { width: 468, align: options.align ?? 'left' }).moveDown(0.5);
    this.doc.font(this.font).fontSize(10);
    return this.page;
  }

  /** A bulleted or numbered list; returns the page of each item. */
  list(items: string[], marker: 'bullet' | 'number' | 'dash'): number[] {
    return items.map((item, index) => {
      const mark = marker === 'bullet' ? '•' : marker === 'dash' ? '–' : `${index + 1}.`;
      this.ensure(this.doc.heightOfString(item, { width: 440 }) + 4);
      const top = this.doc.y;
      this.doc.text(mark, MARGIN + 4, top);
      this.doc.text(item, MARGIN + 28, top, { width: 440 }).moveDown(0.3);
      return this.page;
    });
  }

  /** A table with a bold header row repeated on each page; each row is kept on one page. */
  table(widths: number[], header: string[], rows: string[][]): number[] {
    const drawRow = (cells: string[], bold: boolean) => {
      this.doc.font(bold ? this.bold : this.font).fontSize(9);
      const height = Math.max(...cells.map((cell, index) => this.doc.heightOfString(cell, { width: (widths[index] ?? 80) - 8 })));
      const top = this.doc.y;
      let x = MARGIN;
      cells.forEach((cell, index) => {
        this.doc.text(cell, x, top, { width: (widths[index] ?? 80) - 8 });
        x += widths[index] ?? 80;
      });
      this.doc.y = top + height + 6;
      this.doc
        .moveTo(MARGIN, this.doc.y - 3)
        .lineTo(MARGIN + widths.reduce((sum, width) => sum + width, 0), this.doc.y - 3)
        .lineWidth(0.3)
        .stroke();
      return height + 6;
    };
    this.doc.fontSize(9);
    this.ensure(60);
    drawRow(header, true);
    const pages = rows.map((cells) => {
      this.doc.font(this.font).fontSize(9);
      const height = Math.max(...cells.map((cell, index) => this.doc.heightOfString(cell, { width: (widths[index] ?? 80) - 8 })));
      if (this.doc.y + height + 6 > BOTTOM) {
        this.newPage();
        drawRow(header, true);
      }
      drawRow(cells, false);
      return this.page;
    });
    this.doc.font(this.font).fontSize(10).moveDown(0.5);
    return pages;
  }

  async finish(): Promise<Uint8Array> {
    const furniture = this.options.furniture;
    if (furniture) {
      const { count } = this.doc.bufferedPageRange();
      for (let index = 0; index < count; index++) {
        this.doc.switchToPage(index);
        this.doc.font(this.font).fontSize(8);
        this.doc.page.margins.bottom = 0;
        this.doc.text(furniture.header, MARGIN, 40, { width: 468, lineBreak: false });
        this.doc.text(`Page ${index + 1} of ${count}`, MARGIN, PAGE_HEIGHT - 50, { width: 468, align: 'right', lineBreak: false });
      }
    }
    this.doc.end();
    return new Uint8Array(await this.done);
  }
}

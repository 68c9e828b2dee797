import type {
  SubserviceMethod,
  VendorDocumentFieldKey,
  VendorDocumentKind,
} from '../../../../../shared/schemas/vendor-document-extraction.ts';

/**
 * A small page-aware PDF writer for the held-out corpus: it draws headings, prose (one or two
 * columns), numbered and bulleted lists and ruled tables with pdfkit, and records on which 1-based
 * page each true value was written, so the truth follows the layout even when a table runs onto a
 * new page. Written without looking at the reader or its own corpus.
 */

export interface TruthField {
  key: VendorDocumentFieldKey;
  value: string;
  /** Every page that states the value; the reader's page must be one of them. */
  pages: number[];
}
export interface TruthException {
  criterion: string;
  page: number;
}
export interface TruthCuec {
  text: string;
  criteria: string[];
  page: number;
}
export interface TruthSubservice {
  name: string;
  /** Other names the document gives the same organization (e.g. its legal name). */
  aliases: string[];
  method: SubserviceMethod;
  page: number;
}
export interface HoldoutTruth {
  kind: VendorDocumentKind;
  fields: TruthField[];
  exceptions: TruthException[];
  cuecs: TruthCuec[];
  subserviceOrganizations: TruthSubservice[];
}
export interface HoldoutDocument {
  name: string;
  bytes: Uint8Array;
  truth: HoldoutTruth;
}

export interface PageDecor {
  header?: string;
  /** `{n}` and `{total}` are replaced by the page number and count. */
  footer?: string;
}

export interface WriterOptions {
  font: 'Helvetica' | 'Times-Roman' | 'Courier';
  boldFont: 'Helvetica-Bold' | 'Times-Bold' | 'Courier-Bold';
  bodySize: number;
  decor: PageDecor;
  landscape?: boolean;
}

type Doc = PDFKit.PDFDocument;

export class HoldoutWriter {
  readonly truth: HoldoutTruth;
  private doc!: Doc;
  private readonly chunks: Buffer[] = [];
  private done!: Promise<Uint8Array>;

  private readonly options: WriterOptions;

  constructor(kind: VendorDocumentKind, options: WriterOptions) {
    this.options = options;
    this.truth = { kind, fields: [], exceptions: [], cuecs: [], subserviceOrganizations: [] };
  }

  async open(): Promise<this> {
    const { default: PDFDocument } = await import('pdfkit');
    this.doc = new PDFDocument({
      size: 'LETTER',
      layout: this.options.landscape ? 'landscape' : 'portrait',
      margins: { top: 72, bottom: 72, left: 66, right: 66 },
      bufferPages: true,
      info: { Title: 'Held-out document', CreationDate: new Date(Date.UTC(2026, 0, 1)) },
    });
    this.done = new Promise((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
      this.doc.on('end', () => resolve(new Uint8Array(Buffer.concat(this.chunks))));
      this.doc.on('error', reject);
    });
    this.doc.font(this.options.font).fontSize(this.options.bodySize);
    return this;
  }

  /** The 1-based page being written. */
  get page(): number {
    const range = this.doc.bufferedPageRange();
    return range.start + range.count;
  }

  newPage(layout: 'portrait' | 'landscape' = this.options.landscape ? 'landscape' : 'portrait'): this {
    this.doc.addPage({ size: 'LETTER', layout, margins: { top: 72, bottom: 72, left: 66, right: 66 } });
    this.doc.font(this.options.font).fontSize(this.options.bodySize);
    return this;
  }

  field(key: VendorDocumentFieldKey, value: string): this {
    const existing = this.truth.fields.find((f) => f.key === key);
    if (existing) {
      if (existing.value !== value) throw new Error(`holdout truth: ${key} written as ${existing.value} and ${value}`);
      if (!existing.pages.includes(this.page)) existing.pages.push(this.page);
    } else this.truth.fields.push({ key, value, pages: [this.page] });
    return this;
  }

  subservice(name: string, method: SubserviceMethod, aliases: string[] = []): this {
    this.truth.subserviceOrganizations.push({ name, aliases, method, page: this.page });
    return this;
  }

  heading(text: string, size = this.options.bodySize + 4, align: 'left' | 'center' = 'left'): this {
    this.doc.moveDown(0.6);
    this.doc.font(this.options.boldFont).fontSize(size).text(text, this.doc.page.margins.left, this.doc.y, { align, width: this.width });
    this.doc.font(this.options.font).fontSize(this.options.bodySize).moveDown(0.4);
    return this;
  }

  para(text: string, opts: { columns?: number; align?: 'left' | 'center' | 'justify'; bold?: boolean; size?: number } = {}): this {
    this.doc.font(opts.bold ? this.options.boldFont : this.options.font).fontSize(opts.size ?? this.options.bodySize);
    this.doc.text(text, this.doc.page.margins.left, this.doc.y, {
      width: this.width,
      align: opts.align ?? 'left',
      columns: opts.columns,
      columnGap: 18,
    });
    this.doc.font(this.options.font).fontSize(this.options.bodySize).moveDown(0.5);
    return this;
  }

  /** A numbered or bulleted list with hanging indents; `onItem` sees each item's page. */
  list(items: string[], marker: (i: number) => string, onItem?: (i: number, page: number) => void): this {
    const left = this.doc.page.margins.left;
    items.forEach((item, i) => {
      const height = this.doc.heightOfString(item, { width: this.width - 24 });
      if (this.doc.y + height > this.bottom) this.newPage();
      const y = this.doc.y;
      this.doc.text(marker(i), left, y, { width: 22, lineBreak: false });
      this.doc.text(item, left + 24, y, { width: this.width - 24 });
      onItem?.(i, this.page);
      this.doc.moveDown(0.35);
    });
    this.doc.x = left;
    return this;
  }

  /** A ruled table; the header row is repeated on a new page; `onRow` sees each body row's page. */
  table(headers: string[], fractions: number[], rows: string[][], onRow?: (i: number, page: number) => void): this {
    const widths = fractions.map((f) => f * this.width);
    const pad = 4;
    const drawRow = (cells: string[], bold: boolean): void => {
      const font = bold ? this.options.boldFont : this.options.font;
      this.doc.font(font).fontSize(this.options.bodySize - 1);
      const height = Math.max(...cells.map((c, i) => this.doc.heightOfString(c, { width: (widths[i] ?? 0) - 2 * pad }))) + 2 * pad;
      if (this.doc.y + height > this.bottom) {
        this.newPage();
        if (!bold) drawRow(headers, true);
        this.doc.font(font).fontSize(this.options.bodySize - 1);
      }
      const top = this.doc.y;
      let x = this.doc.page.margins.left;
      cells.forEach((cell, i) => {
        const w = widths[i] ?? 0;
        this.doc.rect(x, top, w, height).lineWidth(0.5).stroke();
        this.doc.text(cell, x + pad, top + pad, { width: w - 2 * pad });
        x += w;
      });
      this.doc.x = this.doc.page.margins.left;
      this.doc.y = top + height;
    };
    drawRow(headers, true);
    rows.forEach((row, i) => {
      drawRow(row, false);
      onRow?.(i, this.page);
    });
    this.doc.font(this.options.font).fontSize(this.options.bodySize).moveDown(0.8);
    return this;
  }

  async finish(): Promise<HoldoutDocument['bytes']> {
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i += 1) {
      this.doc.switchToPage(i);
      const page = this.doc.page;
      const bottomMargin = page.margins.bottom;
      page.margins.bottom = 0;
      this.doc.font(this.options.font).fontSize(8);
      const { header, footer } = this.options.decor;
      if (header)
        this.doc.text(header, page.margins.left, 36, {
          width: page.width - page.margins.left - page.margins.right,
          align: 'right',
          lineBreak: false,
        });
      if (footer) {
        const text = footer.replace('{n}', String(i + 1)).replace('{total}', String(range.count));
        this.doc.text(text, page.margins.left, page.height - 44, {
          width: page.width - page.margins.left - page.margins.right,
          align: 'center',
          lineBreak: false,
        });
      }
      page.margins.bottom = bottomMargin;
    }
    this.doc.end();
    return this.done;
  }

  private get width(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  private get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }
}

import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  Footer,
  HeadingLevel,
  LevelFormat,
  Packer,
  PageNumber,
  Paragraph,
  type ParagraphChild,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import type { Block, DocumentHeading, TextRun as Run } from './document-blocks.ts';

/**
 * A deliverable as a Word document (the `docx` library): a title block (title, organization,
 * version, date), then the Markdown's headings, paragraphs, lists (real Word numbering), tables,
 * code and quotes, with page numbers in the footer.
 */

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
] as const;
const CODE_FONT = 'Courier New';
const SHADE = 'F3F4F6';
const INDENT_STEP = 720;

function listLevels(format: (typeof LevelFormat)[keyof typeof LevelFormat], text: (level: number) => string) {
  return Array.from({ length: 9 }, (_, level) => ({
    level,
    format,
    text: text(level),
    alignment: AlignmentType.START,
    style: { paragraph: { indent: { left: INDENT_STEP * (level + 1), hanging: 360 } } },
  }));
}

const NUMBERING = {
  config: [
    { reference: 'bullets', levels: listLevels(LevelFormat.BULLET, (level) => ['•', '◦', '▪'][level % 3] ?? '•') },
    { reference: 'numbers', levels: listLevels(LevelFormat.DECIMAL, (level) => `%${level + 1}.`) },
  ],
};

function textRuns(run: Run): TextRun[] {
  return run.text.split('\n').map(
    (line, index) =>
      new TextRun({
        text: line,
        break: index > 0 ? 1 : undefined,
        bold: run.bold,
        italics: run.italic,
        strike: run.strike,
        font: run.code ? CODE_FONT : undefined,
        style: run.link ? 'Hyperlink' : undefined,
      }),
  );
}

function inline(runs: readonly Run[]): ParagraphChild[] {
  return runs.flatMap((run): ParagraphChild[] =>
    run.link ? [new ExternalHyperlink({ link: run.link, children: textRuns(run) })] : textRuns(run),
  );
}

interface Context {
  /** Left indent of paragraphs inside list items and quotes, in twentieths of a point. */
  indent: number;
  listLevel: number;
  quote: boolean;
  /** Gives each ordered list its own numbering instance, so every list counts from its start. */
  nextListInstance: () => number;
}

function tableOf(block: Extract<Block, { kind: 'table' }>): Table {
  const columns = Math.max(block.header.length, ...block.rows.map((row) => row.length), 1);
  const row = (cells: readonly Run[][], isHeader: boolean) =>
    new TableRow({
      tableHeader: isHeader,
      children: Array.from(
        { length: columns },
        (_, column) =>
          new TableCell({
            shading: isHeader ? { type: ShadingType.CLEAR, fill: SHADE, color: 'auto' } : undefined,
            children: [new Paragraph({ children: inline((cells[column] ?? []).map((run) => (isHeader ? { ...run, bold: true } : run))) })],
          }),
      ),
    });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [row(block.header, true), ...block.rows.map((cells) => row(cells, false))],
  });
}

function listParagraphs(block: Extract<Block, { kind: 'list' }>, context: Context): (Paragraph | Table)[] {
  const instance = context.nextListInstance();
  return block.items.flatMap((item) => {
    const [first, ...rest] = item.blocks;
    const box = item.checked === null ? [] : [new TextRun({ text: item.checked ? '☒ ' : '☐ ' })];
    const marker = block.ordered
      ? { numbering: { reference: 'numbers', level: context.listLevel, instance } }
      : { numbering: { reference: 'bullets', level: context.listLevel, instance } };
    const lead = new Paragraph({
      ...marker,
      children: [...box, ...(first && (first.kind === 'paragraph' || first.kind === 'heading') ? inline(first.runs) : [])],
    });
    const leadConsumed = first && (first.kind === 'paragraph' || first.kind === 'heading');
    const inner: Context = { ...context, indent: INDENT_STEP * (context.listLevel + 1), listLevel: context.listLevel + 1 };
    return [lead, ...blocksOf(leadConsumed ? rest : item.blocks, inner)];
  });
}

function blocksOf(blocks: readonly Block[], context: Context): (Paragraph | Table)[] {
  const indent = context.indent ? { left: context.indent } : undefined;
  return blocks.flatMap((block): (Paragraph | Table)[] => {
    switch (block.kind) {
      case 'heading':
        return [new Paragraph({ heading: HEADINGS[block.depth - 1] ?? HeadingLevel.HEADING_6, children: inline(block.runs) })];
      case 'paragraph':
        return [
          new Paragraph({
            indent,
            children: inline(context.quote ? block.runs.map((run) => ({ ...run, italic: true })) : block.runs),
            border: context.quote ? { left: { style: BorderStyle.SINGLE, size: 12, color: 'D1D5DB', space: 8 } } : undefined,
          }),
        ];
      case 'list':
        return listParagraphs(block, context);
      case 'code':
        return block.text.split('\n').map(
          (line) =>
            new Paragraph({
              indent,
              spacing: { before: 0, after: 0 },
              shading: { type: ShadingType.CLEAR, fill: SHADE, color: 'auto' },
              children: [new TextRun({ text: line || ' ', font: CODE_FONT, size: 18 })],
            }),
        );
      case 'quote':
        return blocksOf(block.blocks, { ...context, indent: context.indent + 360, quote: true });
      case 'table':
        return [tableOf(block)];
      case 'rule':
        return [new Paragraph({ border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: 'D1D5DB', space: 1 } }, children: [] })];
    }
  });
}

export function renderDeliverableDocx(heading: DocumentHeading, blocks: readonly Block[]): Promise<Buffer> {
  let listInstance = 0;
  const context: Context = { indent: 0, listLevel: 0, quote: false, nextListInstance: () => (listInstance += 1) };
  const document = new Document({
    creator: 'ComplianceCore',
    title: heading.title,
    description: `${heading.organizationName}, version ${heading.version}`,
    numbering: NUMBERING,
    sections: [
      {
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun({
                    size: 16,
                    children: [`${heading.title} · v${heading.version} · Page `, PageNumber.CURRENT, ' of ', PageNumber.TOTAL_PAGES],
                  }),
                ],
              }),
            ],
          }),
        },
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(heading.title)] }),
          new Paragraph({
            border: { bottom: { style: BorderStyle.SINGLE, size: 8, color: '111827', space: 4 } },
            children: [
              new TextRun({
                text: `${heading.organizationName} · Version ${heading.version} · ${heading.publishedAt.toISOString().slice(0, 10)}`,
                color: '4B5563',
              }),
            ],
          }),
          ...blocksOf(blocks, context),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

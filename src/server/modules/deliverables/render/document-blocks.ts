import type { Nodes, PhrasingContent, Root, RootContent, Table } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

/**
 * A deliverable's Markdown as the few kinds of block a document is made of (headings, paragraphs,
 * lists, tables, code, quotes, rules), each holding runs of styled text. The PDF and DOCX renderers
 * both draw from this, so they agree on what the Markdown says. Raw HTML is dropped.
 */

export interface TextRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  strike?: boolean;
  /** Only http(s) and mailto targets are kept. */
  link?: string;
}

export interface ListItem {
  blocks: Block[];
  /** A task list item's box: true ticked, false empty, null none. */
  checked: boolean | null;
}

export type Block =
  | { kind: 'heading'; depth: number; runs: TextRun[] }
  | { kind: 'paragraph'; runs: TextRun[] }
  | { kind: 'list'; ordered: boolean; start: number; items: ListItem[] }
  | { kind: 'code'; text: string }
  | { kind: 'quote'; blocks: Block[] }
  | { kind: 'table'; header: TextRun[][]; rows: TextRun[][][] }
  | { kind: 'rule' };

type Style = Omit<TextRun, 'text'>;

const SAFE_LINK = /^(https?:|mailto:)/i;

function runsOf(nodes: readonly PhrasingContent[], style: Style = {}): TextRun[] {
  return nodes.flatMap((node): TextRun[] => {
    switch (node.type) {
      case 'text':
        return [{ ...style, text: node.value }];
      case 'strong':
        return runsOf(node.children, { ...style, bold: true });
      case 'emphasis':
        return runsOf(node.children, { ...style, italic: true });
      case 'delete':
        return runsOf(node.children, { ...style, strike: true });
      case 'inlineCode':
        return [{ ...style, code: true, text: node.value }];
      case 'break':
        return [{ ...style, text: '\n' }];
      case 'link':
        return runsOf(node.children, SAFE_LINK.test(node.url) ? { ...style, link: node.url } : style);
      case 'image':
        return node.alt ? [{ ...style, italic: true, text: `[${node.alt}]` }] : [];
      case 'linkReference':
        return runsOf(node.children, style);
      case 'footnoteReference':
        return [{ ...style, text: `[${node.identifier}]` }];
      default:
        return [];
    }
  });
}

const cellRuns = (table: Table) => table.children.map((row) => row.children.map((cell) => runsOf(cell.children)));

function blocksOf(nodes: readonly (RootContent | Nodes)[]): Block[] {
  return nodes.flatMap((node): Block[] => {
    switch (node.type) {
      case 'heading':
        return [{ kind: 'heading', depth: node.depth, runs: runsOf(node.children) }];
      case 'paragraph':
        return [{ kind: 'paragraph', runs: runsOf(node.children) }];
      case 'list':
        return [
          {
            kind: 'list',
            ordered: node.ordered === true,
            start: node.start ?? 1,
            items: node.children.map((item) => ({ blocks: blocksOf(item.children), checked: item.checked ?? null })),
          },
        ];
      case 'code':
        return [{ kind: 'code', text: node.value }];
      case 'blockquote':
        return [{ kind: 'quote', blocks: blocksOf(node.children) }];
      case 'table': {
        const [header = [], ...rows] = cellRuns(node);
        return [{ kind: 'table', header, rows }];
      }
      case 'thematicBreak':
        return [{ kind: 'rule' }];
      case 'footnoteDefinition':
        return blocksOf(node.children);
      default:
        return [];
    }
  });
}

const processor = unified().use(remarkParse).use(remarkGfm);

export function markdownBlocks(markdown: string): Block[] {
  return blocksOf((processor.parse(markdown) as Root).children);
}

/** The plain text of runs (table cell widths, tests). */
export const plainText = (runs: readonly TextRun[]) => runs.map((run) => run.text).join('');

/** What goes on a document's title block. */
export interface DocumentHeading {
  title: string;
  organizationName: string;
  version: number;
  publishedAt: Date;
}

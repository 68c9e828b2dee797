import type { Element, ElementContent } from 'hast';

function text(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  return node.type === 'element' ? node.children.map(text).join('') : '';
}

function firstRow(table: Element): Element | undefined {
  for (const child of table.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'tr') return child;
    const row = firstRow(child);
    if (row) return row;
  }
  return undefined;
}

/**
 * A name for a Markdown table, from its header cells ("Table: Control, Status, Reference"): a page with
 * several tables gets regions a screen reader can tell apart, where a bare "Table" would repeat.
 */
export function tableName(table: Element | undefined): string {
  const headings = (table ? (firstRow(table)?.children ?? []) : []).map((cell) => text(cell).trim()).filter(Boolean);
  return headings.length > 0 ? `Table: ${headings.join(', ')}` : 'Table';
}

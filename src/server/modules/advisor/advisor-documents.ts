import { markdownToPlainText } from '../../../shared/content-markdown.ts';
import { loadContent } from '../../../shared/content-reader.server.ts';

/**
 * The Markdown a seeded row came from. searchable_content keeps plain text (no blank lines, no
 * heading marks, table cells run together), which is right for search but loses the paragraphs an
 * answer quotes; the advisor reads the file's Markdown instead while it still matches the row.
 */

let bySlug: Map<string, string> | null = null;

function load(): Map<string, string> {
  if (!bySlug) {
    try {
      bySlug = new Map(loadContent().map((document) => [`${document.kind}/${document.slug}`, document.body]));
    } catch {
      // content/ unreadable (a broken file is reported by the content module): use stored text.
      bySlug = new Map();
    }
  }
  return bySlug;
}

/** The row's Markdown, or null when it has none or the row no longer matches its file. */
export function sourceMarkdown(row: { slug: string; body: string; metadata: Record<string, unknown> }): string | null {
  if (row.metadata.source !== 'content') return null;
  const markdown = load().get(row.slug);
  if (markdown === undefined) return null;
  return row.body.startsWith(markdownToPlainText(markdown)) ? markdown : null;
}

import { inlinePlainText, markdownToPlainText, parseFaq } from '../../../shared/content-markdown.ts';
import type { ContentDocument, PageSection } from '../../../shared/schemas/content.ts';
import type { CONTENT_TYPES } from '../../db/schema/content.ts';

/** One searchable_content row as seeded from content/. `slug` is `<kind>/<file slug>`. */
export interface ContentRow {
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  contentType: (typeof CONTENT_TYPES)[number];
  category: string;
  urlPath: string;
  metadata: Record<string, unknown>;
  isPublished: boolean;
  /** From the front matter's date: press articles are listed newest first by it. */
  createdAt: Date | null;
}

/** Marks rows this module owns, so removing a file unpublishes only rows that came from files. */
export const CONTENT_SOURCE = 'content';

function dayToDate(day: string | undefined): Date | null {
  return day ? new Date(`${day}T00:00:00.000Z`) : null;
}

function sectionText(section: PageSection): string[] {
  const lines = [section.heading, section.intro ?? ''];
  if (section.style === 'split') return [...lines, ...section.columns.flatMap((column) => [column.title, ...column.items])];
  return [...lines, ...section.items.flatMap((item) => [item.title, item.text])];
}

/** Cuts at a word boundary so a search result never ends mid-word. */
function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

function join(parts: readonly string[]): string {
  return parts.filter((part) => part.trim().length > 0).join('\n');
}

function baseRow(document: ContentDocument, extra: Record<string, unknown>): Omit<ContentRow, 'contentType' | 'category'> {
  const { data } = document;
  return {
    slug: `${document.kind}/${document.slug}`,
    title: data.title,
    excerpt: data.excerpt,
    body: join([markdownToPlainText(document.body), data.keywords.join(', ')]),
    urlPath: document.urlPath,
    metadata: {
      source: CONTENT_SOURCE,
      kind: document.kind,
      file: document.file,
      ...(data.updated ? { updated: data.updated } : {}),
      ...extra,
    },
    isPublished: data.published,
    createdAt: dayToDate(data.date ?? data.updated),
  };
}

/** The rows one content file contributes to the search index (the FAQ contributes one per question). */
export function contentRows(document: ContentDocument): ContentRow[] {
  const { data } = document;
  switch (data.type) {
    case 'documentation':
    case 'knowledge-base':
    case 'support':
      return [
        {
          ...baseRow(document, { order: data.order, ...(data.framework ? { framework: data.framework } : {}) }),
          contentType: data.type,
          category: data.category,
        },
      ];
    case 'framework': {
      const row = baseRow(document, {
        name: data.name,
        fullName: data.fullName,
        authority: data.authority,
        assessment: data.assessment,
        whoNeedsIt: data.whoNeedsIt,
        requirements: data.requirements,
      });
      const requirements = data.requirements.map((item) => `${item.ref} ${item.title}: ${item.summary}`);
      return [{ ...row, body: join([row.body, data.whoNeedsIt, ...requirements]), contentType: 'framework', category: 'frameworks' }];
    }
    case 'press':
      return [
        {
          ...baseRow(document, {
            date: data.date,
            ...(data.publication ? { publication: data.publication } : {}),
            ...(data.author ? { author: data.author } : {}),
          }),
          contentType: 'article',
          category: 'press',
        },
      ];
    case 'legal':
      return [{ ...baseRow(document, { effective: data.effective }), contentType: 'legal', category: 'legal' }];
    case 'page': {
      const row = baseRow(document, {});
      const extra = [data.heading, data.lede, ...(data.stats ?? []).map((stat) => `${stat.value} ${stat.label}`)];
      const sections = data.sections.flatMap(sectionText);
      return [{ ...row, body: join([...extra, row.body, ...sections]), contentType: 'page', category: data.category }];
    }
    case 'faq':
      return parseFaq(document.body).flatMap((group) =>
        group.items.map((item) => {
          const answer = markdownToPlainText(item.answer);
          return {
            ...baseRow(document, { group: group.title }),
            slug: `faq/${item.id}`,
            title: item.question,
            excerpt: truncate(inlinePlainText(answer.split('\n')[0] ?? ''), 300),
            body: answer,
            urlPath: `${document.urlPath}#${item.id}`,
            contentType: 'support' as const,
            category: 'FAQ',
          };
        }),
      );
  }
}

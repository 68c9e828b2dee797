/**
 * Small, pure readings of the Markdown in content/: heading anchors (shared by the table of
 * contents and the rendered headings, so links always land), plain text for the search index,
 * and the FAQ's question/answer structure.
 */

/** `Your rights under GDPR` → `your-rights-under-gdpr`. */
export function headingId(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replaceAll(/[\u0300-\u036F]/g, '')
    .replaceAll('&', ' and ')
    .replaceAll(/[^a-z0-9]+/g, '-')
    .replaceAll(/^-+|-+$/g, '');
}

export interface Heading {
  id: string;
  text: string;
}

/** Removes inline Markdown (emphasis, code, links) from one line, keeping the words. */
export function inlinePlainText(line: string): string {
  return line
    .replaceAll(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replaceAll(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replaceAll(/(\*\*|__)(.+?)\1/g, '$2')
    .replaceAll(/(\*|_)(.+?)\1/g, '$2')
    .replaceAll(/`([^`]+)`/g, '$1')
    .trim();
}

/** The headings of one level outside code fences, in order. */
export function extractHeadings(markdown: string, depth = 2): Heading[] {
  const marker = `${'#'.repeat(depth)} `;
  let inFence = false;
  const headings: Heading[] = [];
  for (const line of markdown.split('\n')) {
    if (line.trimStart().startsWith('```')) inFence = !inFence;
    if (inFence || !line.startsWith(marker)) continue;
    const text = inlinePlainText(line.slice(marker.length));
    headings.push({ id: headingId(text), text });
  }
  return headings;
}

/** Markdown to searchable plain text: structure and link targets go, words stay. */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('```') && !/^\s*\|?\s*:?-{3,}/.test(line))
    .map((line) =>
      inlinePlainText(
        line
          .replace(/^\s{0,3}#{1,6}\s+/, '')
          .replace(/^\s*>\s?/, '')
          .replace(/^\s*(?:[-*+]|\d+\.)\s+/, '')
          .replaceAll('|', ' '),
      ),
    )
    .filter((line) => line.length > 0)
    .join('\n')
    .replaceAll(/[ \t]{2,}/g, ' ');
}

export interface FaqItem {
  id: string;
  question: string;
  /** Markdown. */
  answer: string;
}

export interface FaqGroup {
  id: string;
  title: string;
  items: FaqItem[];
}

/** `## Group` then `### Question` + answer paragraphs. Text before the first group is ignored. */
export function parseFaq(markdown: string): FaqGroup[] {
  const groups: FaqGroup[] = [];
  let question: { text: string; lines: string[] } | null = null;
  const closeQuestion = () => {
    const group = groups.at(-1);
    if (question && group) {
      const text = inlinePlainText(question.text);
      group.items.push({ id: headingId(text), question: text, answer: question.lines.join('\n').trim() });
    }
    question = null;
  };
  for (const line of markdown.split('\n')) {
    if (line.startsWith('## ')) {
      closeQuestion();
      const title = inlinePlainText(line.slice(3));
      groups.push({ id: headingId(title), title, items: [] });
    } else if (line.startsWith('### ')) {
      closeQuestion();
      question = { text: line.slice(4), lines: [] };
    } else if (question) {
      question.lines.push(line);
    }
  }
  closeQuestion();
  return groups.filter((group) => group.items.length > 0);
}

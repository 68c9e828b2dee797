import { keywords, stem, words } from '../../advisor/advisor-text.ts';

/**
 * A draft's Markdown as its level-2 sections, so the notes layer can edit one section, add one, or
 * compare the content of two versions without their frame (the header, "Changes in this version"
 * and "Sources" differ between any two versions and say nothing about the content).
 */

export interface Section {
  heading: string;
  lines: string[];
}

export interface SplitDraft {
  /** Everything before the first `## ` heading: the title, the info table, the disclaimer. */
  preamble: string[];
  sections: Section[];
}

export const CHANGES_HEADING = 'Changes in this version';
export const SOURCES_HEADING = 'Sources';

export function splitDraft(body: string): SplitDraft {
  const preamble: string[] = [];
  const sections: Section[] = [];
  let fenced = false;
  for (const line of body.replace(/\s+$/, '').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^## (.+?)\s*#*\s*$/.exec(line);
    if (heading?.[1]) sections.push({ heading: heading[1].trim(), lines: [] });
    else if (sections.length > 0) sections[sections.length - 1]?.lines.push(line);
    else preamble.push(line);
  }
  return { preamble, sections };
}

export function joinDraft(draft: SplitDraft): string {
  const parts = [
    draft.preamble.join('\n').trim(),
    ...draft.sections.map((section) => `## ${section.heading}\n\n${section.lines.join('\n').trim()}`),
  ];
  return `${parts.filter(Boolean).join('\n\n')}\n`;
}

const isFrame = (section: Section) => section.heading === CHANGES_HEADING || section.heading === SOURCES_HEADING;

/** The sections that carry the content (not the changes or the sources). */
export function contentSections(draft: SplitDraft): Section[] {
  return draft.sections.filter((section) => !isFrame(section));
}

/** The content as text: the title line and the content sections. */
export function contentText(draft: SplitDraft): string {
  const title = draft.preamble.find((line) => line.startsWith('# ')) ?? '';
  return [title, ...contentSections(draft).map((section) => `## ${section.heading}\n${section.lines.join('\n')}`)].join('\n');
}

export function wordCount(text: string): number {
  return words(text.replaceAll(/\|\s*-+\s*/g, ' ')).length;
}

/** The significant stems of a phrase ("access reviews for contractors" → access, review, contractor). */
export function topicStems(text: string): string[] {
  return keywords(text).map(stem);
}

/** Whether a text speaks of a topic: all its significant stems, or all but one of four or more. */
export function mentionsTopic(text: string, stems: readonly string[]): boolean {
  if (stems.length === 0) return false;
  const present = new Set(words(text).map(stem));
  const found = stems.filter((word) => present.has(word)).length;
  return found === stems.length || (stems.length >= 4 && found >= stems.length - 1);
}

/** Case-insensitive, whole-word occurrence of a phrase. */
export function phrasePattern(phrase: string, flags = 'i'): RegExp {
  const escaped = phrase.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll(/\s+/g, '\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, `${flags}u`);
}

export const isQuoteLine = (line: string) => /^\s*>/.test(line);
export const withoutQuotes = (text: string) =>
  text
    .split('\n')
    .filter((line) => !isQuoteLine(line))
    .join('\n');
export const isTableLine = (line: string) => /^\s*\|/.test(line);
export const isTableSeparator = (line: string) => /^\s*\|(\s*:?-+:?\s*\|)+\s*$/.test(line);
export const isListItem = (line: string) => /^(?:[-*+]|\d+[.)])\s+/.test(line);

/**
 * Keeps about two thirds of each long list and table of a section (at least three items), the first
 * ones: the composers put the most relevant first. Returns how many items were dropped.
 */
export function shortenLines(lines: string[]): { lines: string[]; dropped: number } {
  const out: string[] = [];
  let dropped = 0;
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    const table = isTableLine(line);
    const list = !table && isListItem(line);
    if (!table && !list) {
      out.push(line);
      index += 1;
      continue;
    }
    const run: string[] = [];
    while (
      index < lines.length &&
      (table ? isTableLine(lines[index] ?? '') : isListItem(lines[index] ?? '') || /^\s{2,}\S/.test(lines[index] ?? ''))
    ) {
      run.push(lines[index] ?? '');
      index += 1;
    }
    const head = table ? run.slice(0, 2) : [];
    const items = table ? run.slice(2) : run.filter((item) => isListItem(item));
    const limit = table ? 4 : 3;
    if (items.length <= limit || (!table && items.length !== run.length)) {
      out.push(...run);
      continue;
    }
    const keep = Math.max(3, Math.ceil((items.length * 2) / 3));
    dropped += items.length - keep;
    out.push(...head, ...items.slice(0, keep));
  }
  return { lines: out, dropped };
}

import type { NoteOutcome } from './changes-section.ts';
import {
  type SplitDraft,
  contentSections,
  isQuoteLine,
  withoutQuotes,
  isListItem,
  isTableLine,
  isTableSeparator,
  phrasePattern,
} from './draft-sections.ts';

/**
 * The notes layer's plain text edits: removing what a note names, replacing one phrase with another.
 * Quoted lines are the client's own words (the brief) and are never rewritten.
 */

type Edit = Omit<NoteOutcome, 'instruction'>;

/** A knowledge-base passage quoted with its link: its words are the article's, not ours to change. */
const citesPassage = (line: string) => /_\(\[[^\]]+\]\(\/[^)]*\)[^)]*\)_\s*$/.test(line);

/** Removes the sections named by the target, else the rows, items and sentences that mention it. */
export function removeFromDraft(split: SplitDraft, previousContent: string, target: string): Edit {
  const pattern = phrasePattern(target);
  const sections = contentSections(split);
  const named = sections.filter((section) => pattern.test(section.heading));
  if (named.length > 0) {
    split.sections = split.sections.filter((section) => !named.includes(section));
    return {
      status: 'applied',
      detail: `Removed the section${named.length > 1 ? 's' : ''} ${named.map((section) => `“${section.heading}”`).join(', ')}.`,
    };
  }
  let removed = 0;
  for (const section of sections) {
    section.lines = section.lines.flatMap((line) => {
      if (!pattern.test(line) || isTableSeparator(line) || isQuoteLine(line)) return [line];
      if (isTableLine(line) || isListItem(line)) {
        removed += 1;
        return [];
      }
      const kept = line.split(/(?<=[.!?])\s+/).filter((sentence) => !pattern.test(sentence));
      removed += 1;
      return kept.length > 0 ? [kept.join(' ')] : [];
    });
  }
  // A redraft can pick the target up afresh (the notes steer its retrieval). Taking it out again is
  // no change from the previous version, so it is not claimed as one.
  if (removed > 0 && !pattern.test(withoutQuotes(previousContent)))
    return {
      status: 'unchanged',
      detail: `“${target}” was not in the previous version and is not in this one.`,
    };
  if (removed > 0)
    return {
      status: 'applied',
      detail: `Removed ${removed} row${removed > 1 ? 's, items or sentences' : ', item or sentence'} mentioning “${target}”.`,
    };
  if (pattern.test(withoutQuotes(previousContent))) return { status: 'applied', detail: `“${target}” no longer appears.` };
  return { status: 'not_applied', detail: `“${target}” does not appear in the draft, so nothing was removed: check what the note meant.` };
}

export function replaceInDraft(split: SplitDraft, from: string, to: string): Edit {
  const pattern = phrasePattern(from, 'gi');
  let count = 0;
  for (const section of contentSections(split)) {
    section.lines = section.lines.map((line) =>
      isQuoteLine(line) || citesPassage(line)
        ? line
        : line
            // The client's own words quoted inline (“…”) are left as written, like a quoted line.
            .split(/(“[^”]*”)/u)
            .map((part) =>
              part.startsWith('“')
                ? part
                : part.replace(pattern, () => {
                    count += 1;
                    return to;
                  }),
            )
            .join(''),
    );
  }
  if (count > 0) return { status: 'applied', detail: `Replaced “${from}” with “${to}” (${count} place${count > 1 ? 's' : ''}).` };
  const quoted = contentSections(split).some((section) => section.lines.some((line) => new RegExp(pattern.source, 'iu').test(line)));
  return {
    status: 'not_applied',
    detail: quoted
      ? `“${from}” appears only in the client’s brief or in quoted guidance, which are left as written: make the change by hand if it is meant there.`
      : `“${from}” does not appear in the draft, so nothing was replaced: make the change by hand.`,
  };
}

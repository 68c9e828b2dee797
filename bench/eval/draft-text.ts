import { citesReference, findReferences } from '../../src/server/modules/advisor/advisor-references.ts';
import { isStopword, stem, words } from '../../src/server/modules/advisor/advisor-text.ts';

/**
 * Reading a draft's Markdown the way a reviewer does: its sections, its table rows, where a
 * question is answered. Only structure is read (headings, tables, lists), never a wording.
 */

export interface Section {
  level: number;
  heading: string;
  /** The section's text up to the next heading of the same or a higher level. */
  text: string;
}

export function sections(body: string): Section[] {
  const lines = body.split('\n');
  const found: Section[] = [];
  lines.forEach((line, index) => {
    const match = /^(#{2,4})\s+(.*)$/.exec(line);
    if (!match) return;
    const level = match[1]!.length;
    let end = lines.length;
    for (let next = index + 1; next < lines.length; next++) {
      const other = /^(#{2,4})\s/.exec(lines[next]!);
      if (other && other[1]!.length <= level) {
        end = next;
        break;
      }
    }
    found.push({ level, heading: match[2]!.trim(), text: lines.slice(index + 1, end).join('\n') });
  });
  return found;
}

const PLAN_HEADING = /\b(roadmap|plan|remediation|next steps|actions?|priorit\w*|timeline|30.?60.?90)\b/i;
const NOT_PLAN = /\b(changes in this version|sources)\b/i;

/** The draft's plan: the level-2 sections whose heading says roadmap, plan, remediation, next steps… */
export function planText(body: string): string {
  return sections(body)
    .filter((section) => section.level === 2 && PLAN_HEADING.test(section.heading) && !NOT_PLAN.test(section.heading))
    .map((section) => section.text)
    .join('\n');
}

/** What the plan does first: its first sub-section (a phase), else the first third of its lines. */
export function firstPhase(plan: string): string {
  const phases = sections(plan).filter((section) => section.level >= 3);
  if (phases.length > 0) return phases[0]!.text;
  const lines = plan.split('\n').filter((line) => line.trim());
  return lines.slice(0, Math.max(1, Math.ceil(lines.length / 3))).join('\n');
}

/**
 * What the draft itself says: without its trailing sources list, its "Changes in this version" and
 * quotations (a brief quoted back has not been used: a vendor named only there is not named).
 */
export function content(body: string): string {
  return body
    .split(/\n(?=## )/)
    .filter((part) => !/^## (Sources|Changes in this version)\b/.test(part.trim()))
    .join('\n')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('>'))
    .join('\n');
}

export function tableRows(body: string): string[][] {
  return body
    .split('\n')
    .filter((line) => line.trim().startsWith('|') && !/^\|[\s|:-]+\|$/.test(line.trim()))
    .map((line) =>
      line
        .trim()
        .replace(/^\||\|$/g, '')
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}

const HIGH = /^(high|critical|very high)\b/i;

/** Whether a table row citing the reference ranks it high (a cell that says High or Critical). */
export function rankedHigh(body: string, ref: string): boolean {
  return tableRows(body).some((row) => citesReference(row.join(' | '), ref) && row.some((cell) => HIGH.test(cell.replaceAll(/[*_]/g, ''))));
}

export function citesAny(text: string, refs: readonly string[]): boolean {
  return refs.some((ref) => citesReference(text, ref));
}

/** Case, spacing, dashes and quotes do not matter when looking for a named fact. */
export function normalized(text: string): string {
  return text
    .toLowerCase()
    .replaceAll(/[‐-―−]/g, '-')
    .replaceAll(/[‘’]/g, "'")
    .replaceAll(/[“”]/g, '"')
    .replaceAll(/\\\|/g, '|')
    .replaceAll(/\s+/g, ' ');
}

export function mentions(text: string, fact: string): boolean {
  return normalized(text).includes(normalized(fact));
}

function contentStems(text: string): string[] {
  return [
    ...new Set(
      words(text)
        .filter((word) => !isStopword(word) && word.length > 2)
        .map(stem),
    ),
  ];
}

/**
 * Where a question is answered: the block (table row, list item, paragraph or heading with what
 * follows it) holding most of the question's content words, and the answer is that block without the
 * question itself. Null when no block holds at least 70 % of the question's words.
 */
export function answerTo(body: string, question: string): string | null {
  const wanted = contentStems(question);
  if (wanted.length === 0) return null;
  const lines = content(body).split('\n');
  let best: { score: number; answer: string } | null = null;
  lines.forEach((line, index) => {
    if (!line.trim()) return;
    const have = new Set(contentStems(line));
    const score = wanted.filter((word) => have.has(word)).length / wanted.length;
    if (score < 0.7 || (best && best.score >= score)) return;
    let answer: string;
    if (line.trim().startsWith('|')) {
      // A table row: the cells that are not the question.
      const cells = line
        .trim()
        .replace(/^\||\|$/g, '')
        .split(/(?<!\\)\|/);
      answer = cells
        .filter((cell) => {
          const cellStems = new Set(contentStems(cell));
          return wanted.filter((word) => cellStems.has(word)).length / wanted.length < 0.7;
        })
        .join(' ');
    } else {
      // A heading, list item or paragraph: the rest of it, and what follows up to the next heading or question.
      const rest: string[] = [];
      for (let next = index + 1; next < lines.length; next++) {
        const following = lines[next]!;
        if (/^#{1,4}\s/.test(following) || /\?\s*\**$/.test(following.trim())) break;
        rest.push(following);
      }
      const [, after = ''] = line.split(/\?/, 2);
      answer = `${after} ${rest.join(' ')}`;
    }
    best = { score, answer };
  });
  return (best as { score: number; answer: string } | null)?.answer ?? null;
}

const PLACEHOLDER = /^(tbd|todo|n\/a|-|—|to be confirmed|unknown|not answered)$/i;

/** An answer says something: a few words that are not a placeholder. */
export function isAnswer(answer: string | null): boolean {
  if (answer === null) return false;
  const plain = answer.replaceAll(/[*_`>|]/g, ' ').trim();
  return !PLACEHOLDER.test(plain) && words(plain).length >= 5;
}

export { citesReference, findReferences };

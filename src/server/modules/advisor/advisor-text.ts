/**
 * Plain-text helpers of the builtin advisor: words, a light stemmer, question keywords and the
 * passages (paragraphs, list items, table rows under their heading) an answer is built from.
 */

const STOPWORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both
  but by can could did do does doing down during each few for from further had has have having he her here hers him his
  how i if in into is it its itself just me more most my no nor not now of off on once only or other our ours out over
  own same she should so some such than that the their theirs them then there these they this those through to too under
  until up very was we were what when where which while who whom why will with would you your yours us let lets let's
  need needs needed require requires required requirement requirements help please tell explain know want like make
  get gets use using used must shall may might yes ok okay thanks thank hi hello give show kind sort way ways thing
  things good best really much many often one two type types start started going got done say said mean means does
  anything something everything someone everyone company companies organization organisation team teams`.split(/\s+/),
);

/** Lower-case words of letters and digits. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

const SUFFIXES = ['ations', 'ation', 'ments', 'ment', 'ings', 'ing', 'ies', 'ied', 'ers', 'er', 'es', 'ed', 'ly', 's'];

/** A deliberately small stemmer: enough that "reviews", "reviewed" and "reviewing" meet. */
export function stem(word: string): string {
  let base = word;
  for (const suffix of SUFFIXES) {
    if (word.length - suffix.length >= 4 && word.endsWith(suffix)) {
      base = suffix === 'ies' || suffix === 'ied' ? `${word.slice(0, -suffix.length)}y` : word.slice(0, -suffix.length);
      break;
    }
  }
  // "remove", "removed" and "removing" all become "remov".
  return base.length > 4 && base.endsWith('e') ? base.slice(0, -1) : base;
}

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word);
}

/** Content words of a question, in order, without repeats or stopwords. */
export function keywords(text: string, exclude: ReadonlySet<string> = new Set()): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const word of words(text)) {
    if (isStopword(word) || exclude.has(word) || (word.length < 3 && !/\d/.test(word))) continue;
    const key = stem(word);
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(word);
  }
  return result;
}

/** Markdown to one plain line: links keep their text, emphasis, code marks and tags go. */
export function plainText(markdown: string): string {
  return markdown
    .replaceAll(/<[^>]*>/g, ' ')
    .replaceAll(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replaceAll(/(\*\*|__|`|~~)/g, '')
    .replaceAll(/(^|\s)[*_]([^*_\n]+)[*_](?=\s|[.,;:!?)]|$)/g, '$1$2')
    .replaceAll(/^\s*(?:[-*+]|\d+[.)])\s+/gm, '')
    .replaceAll(/^\s*>\s?/gm, '')
    .replaceAll(/\s+/g, ' ')
    .trim();
}

export interface Passage {
  /** The heading above it ('' when none). */
  heading: string;
  text: string;
}

const TABLE_DIVIDER = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

/** A short, capitalised line without closing punctuation, at the start of a block, reads as a heading. */
function looksLikeHeading(line: string): boolean {
  return line.length <= 70 && line.split(' ').length <= 9 && !/[.!?:;,]$/.test(line) && /^[\p{Lu}\d]/u.test(line);
}

/** A line that is only a comma list of terms (the search keywords appended to a body). */
function isTermList(line: string): boolean {
  const parts = line.split(',');
  return parts.length >= 3 && !/[.!?]$/.test(line) && parts.every((part) => part.trim().split(' ').length <= 4);
}

interface Line {
  text: string;
  isHeading: boolean;
  startsItem: boolean;
  isBlank: boolean;
}

function readLines(body: string): Line[] {
  const lines: Line[] = [];
  let inCode = false;
  for (const raw of body.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(raw)) {
      inCode = !inCode;
      continue;
    }
    if (inCode) continue;
    if (TABLE_DIVIDER.test(raw)) {
      // The row above a divider is the table's header row: labels, not content.
      if (lines.at(-1)?.startsItem) lines.pop();
      continue;
    }
    if (raw.trim() === '') {
      lines.push({ text: '', isHeading: false, startsItem: false, isBlank: true });
      continue;
    }
    const heading = /^\s*#{1,6}\s+(.*)$/.exec(raw);
    const isRow = /^\s*\|/.test(raw);
    const cells = isRow
      ? raw
          .split('|')
          .map((cell) => cell.trim())
          .filter(Boolean)
          .join(' — ')
      : raw;
    const text = plainText(heading ? (heading[1] ?? '') : cells);
    if (text) lines.push({ text, isHeading: Boolean(heading), startsItem: isRow || /^\s*(?:[-*+]|\d+[.)])\s+/.test(raw), isBlank: false });
  }
  return lines;
}

/**
 * Splits a body into passages (paragraphs, list items, table rows) under their heading. Markdown
 * separates paragraphs with blank lines. Seeded plain text has lost them and its heading marks, so
 * there a paragraph is rebuilt from lines until one ends a sentence, and a short unpunctuated line
 * opening a block is a heading.
 */
export function splitPassages(body: string): Passage[] {
  const lines = readLines(body);
  const isMarkdown = lines.some((line) => line.isBlank || line.isHeading);
  const passages: Passage[] = [];
  let heading = '';
  let current: string[] = [];
  const flush = () => {
    const text = current.join(' ').replaceAll(/\s+/g, ' ').trim();
    if (text && !isTermList(text)) passages.push({ heading, text });
    current = [];
  };
  for (const line of lines) {
    if (line.isBlank) {
      flush();
      continue;
    }
    if (line.isHeading || (!isMarkdown && current.length === 0 && !line.startsItem && looksLikeHeading(line.text))) {
      flush();
      heading = line.text;
      continue;
    }
    if (line.startsItem) flush();
    current.push(line.text);
    if (!isMarkdown && /[.!?:]["')\]]?$/.test(line.text)) flush();
  }
  flush();
  return passages;
}

/** The first sentences of a text, cut on a sentence end, at most `max` characters. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('; '));
  return end > max * 0.5 ? cut.slice(0, end + 1) : `${cut.slice(0, cut.lastIndexOf(' '))} …`;
}

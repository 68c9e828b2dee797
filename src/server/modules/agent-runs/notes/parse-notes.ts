import { neutralizeRetrievedText } from '../../advisor/advisor-guardrails.ts';
import { findReferences } from '../../advisor/advisor-references.ts';

/**
 * A reviewer's notes read as instructions (docs/delivery.md "Reviewer notes become changes"). Each
 * point of the notes (a line, a bullet, a sentence) yields the instructions it states, or one `other`
 * instruction when it states none we can act on, so that every point is accounted for in the
 * redraft's "Changes in this version".
 */

export type NoteInstruction =
  | { kind: 'shorten'; note: string; target: string | null }
  | { kind: 'expand'; note: string; target: string | null }
  | { kind: 'cite'; note: string; citation: string }
  | { kind: 'add'; note: string; topic: string }
  | { kind: 'remove'; note: string; target: string }
  | { kind: 'replace'; note: string; from: string; to: string }
  | { kind: 'rename'; note: string; to: string }
  | { kind: 'set-risk-score'; note: string; value: number }
  | { kind: 'tone'; note: string }
  | { kind: 'other'; note: string };

export type NoteInstructionKind = NoteInstruction['kind'];

const SHORTEN =
  /\b(shorten|shorter|too long|(?:more )?concise|condense|trim|cut (?:it |this )?down|less detail|tighten|too verbose|wordy)\b/i;
const EXPAND =
  /\b(expand|elaborate|more (?:detail|depth|specific)|too (?:short|thin|brief|high-level)|go deeper|flesh (?:it |this )?out|in more detail|longer)\b/i;
const TONE =
  /\b(tone|formal|informal|friendl(?:y|ier)|plain(?:er)? (?:language|english)|less technical|more technical|jargon|more professional|wording|reads? badly)\b/i;
const SECTION_WORDS = /\s+(?:section|part|table|list|paragraph|chapter)$/i;

/** A sentence ends at . ! ? or ; — but not after an abbreviation of a reference ("GDPR Art. 33"). */
const SENTENCE_BREAK = /(?<!\b(?:Art|Req|Sec|No|Cl|e\.g|i\.e|vs|etc)\.)(?<=[.!?;])\s+(?=["“'(A-Z])/i;

/** Text between quotes, or the words themselves, tidied of articles and trailing punctuation. */
function phrase(text: string): string {
  const quoted = /["“'‘]([^"”'’]+)["”'’]/.exec(text);
  const raw = quoted?.[1] ?? text;
  return raw
    .trim()
    .replace(/,\s*(?:it|this|that|they|since|because|as|which|so|we)\b.*$/i, '')
    .replace(/[.!;:,]+$/, '')
    .replace(/^(?:the|a|an|any|all|some|our|its|this|that)\s+/i, '')
    .replace(SECTION_WORDS, '')
    .trim();
}

/**
 * The reviewer's notes as data, line by line: instruction-like sentences dropped (as for any text an
 * agent reads) but the lines kept, so "- remove X" and "- cite Y" stay two points.
 */
export function notesAsData(notes: string | null): string | null {
  if (!notes) return null;
  const lines = notes
    .split(/\r?\n/)
    .map((line) => neutralizeRetrievedText(line.replaceAll(/\s+/g, ' ').trim()))
    .filter(Boolean);
  return lines.length > 0 ? lines.join('\n').slice(0, 2000) : null;
}

/** The points of the notes: lines and bullets first, then the sentences of each. */
export function notePoints(notes: string): string[] {
  return notes
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim())
    .filter(Boolean)
    .flatMap((line) => line.split(SENTENCE_BREAK))
    .map((point) => point.trim())
    .filter((point) => /[\p{L}\p{N}]/u.test(point));
}

function removal(point: string): string | null {
  const match =
    /\b(?:remove|delete|drop|take out|omit|get rid of|leave out|strike)\s+(.+)$/i.exec(point) ??
    /\b(?:no need for|do(?:n['’]t| not) (?:mention|include)|should(?:n['’]t| not) (?:mention|include))\s+(.+)$/i.exec(point);
  const target = match?.[1] ? phrase(match[1].replace(/\s+(?:from|in) (?:the )?(?:draft|document|body|text)\b.*$/i, '')) : '';
  return target.length >= 2 ? target : null;
}

function replacement(point: string): { from: string; to: string } | null {
  const patterns: [RegExp, 'from-to' | 'to-from'][] = [
    [/\b(?:replace|swap)\s+(.+?)\s+(?:with|by|for)\s+(.+)$/i, 'from-to'],
    [/\b(?:change|update|correct|set)\s+(?:.+?\s+)?from\s+(.+?)\s+to\s+(.+)$/i, 'from-to'],
    [/\b(?:change|update|correct)\s+(.+?)\s+(?:to|into)\s+(.+)$/i, 'from-to'],
    [/\buse\s+(.+?)\s+instead of\s+(.+)$/i, 'to-from'],
    [/^(.+?)\s+instead of\s+(.+)$/i, 'to-from'],
    [/\b(?:it|this|that)\s+(?:is|should be)\s+(.+?),\s+not\s+(.+)$/i, 'to-from'],
  ];
  for (const [pattern, order] of patterns) {
    const match = pattern.exec(point);
    if (!match?.[1] || !match[2]) continue;
    const [first, second] = [phrase(match[1]), phrase(match[2])];
    const [from, to] = order === 'from-to' ? [first, second] : [second, first];
    if (from && to && from.toLowerCase() !== to.toLowerCase()) return { from, to };
  }
  return null;
}

function renaming(point: string): string | null {
  const match =
    /\b(?:rename|retitle)\s+(?:it|this|the (?:document|deliverable|draft|report|title))\s+(?:to|as)\s+(.+)$/i.exec(point) ??
    /\b(?:title|call|name)\s+(?:it|this|the (?:document|deliverable|draft|report))\s+(.+)$/i.exec(point) ??
    /\bthe title should (?:be|read)\s+(.+)$/i.exec(point) ??
    /\bchange the title to\s+(.+)$/i.exec(point);
  const title = match?.[1] ? phrase(match[1]) : '';
  return title.length >= 3 ? title : null;
}

function riskScore(point: string): number | null {
  const match = /\brisk score\b[^.]*?\b(?:to|at|be|of|is)\s+(\d{1,3})\b/i.exec(point);
  const value = match?.[1] ? Number(match[1]) : NaN;
  return Number.isInteger(value) && value >= 0 && value <= 100 ? value : null;
}

function addition(point: string): string | null {
  const match =
    /\b(?:add|include|cover|address|discuss|mention|write about|say (?:something|more) about|explain|describe|needs?|name|state|give|list)\s+(?:(?:a|an|the|some)\s+)?(?:(?:new\s+)?(?:section|paragraph|part|row|note|line|word)s?\s+(?:on|about|for|covering|explaining)\s+)?(.+)$/i.exec(
      point,
    ) ?? /^(?:there is )?(?:nothing|no mention) (?:on|about|of)\s+(.+)$/i.exec(point);
  const fromMissing = /^(.+?)\s+(?:is|are)\s+missing\b/i.exec(point);
  const raw = match?.[1] ?? fromMissing?.[1];
  if (!raw) return null;
  const topic = phrase(
    raw
      .replace(/\s+(?:to|in) (?:the )?(?:draft|document|plan|body|text)\b.*$/i, '')
      .replace(/,?\s+(?:since|because|as|so that|given that|which|where)\b.*$/i, ''),
  );
  // "add more detail" is an expansion, not a topic.
  if (/^(?:more|further)?\s*(?:detail|details|depth|content)$/i.test(topic)) return null;
  return topic.length >= 3 ? topic : null;
}

function target(point: string): string | null {
  const match = /\b(?:the|in the)\s+([\w -]{3,40}?)\s+(?:section|table|list|part)\b/i.exec(point);
  return match?.[1]?.trim() ?? null;
}

/** The instructions one point of the notes states. */
export function pointInstructions(point: string): NoteInstruction[] {
  const note = point;
  const removed = removal(point);
  if (removed) return [{ kind: 'remove', note, target: removed }];
  const renamed = renaming(point);
  if (renamed) return [{ kind: 'rename', note, to: renamed }];
  const score = riskScore(point);
  if (score !== null) return [{ kind: 'set-risk-score', note, value: score }];
  const replaced = replacement(point);
  if (replaced) return [{ kind: 'replace', note, ...replaced }];
  const found: NoteInstruction[] = [];
  if (SHORTEN.test(point)) found.push({ kind: 'shorten', note, target: target(point) });
  else if (EXPAND.test(point)) found.push({ kind: 'expand', note, target: target(point) });
  const citations = [...new Set(findReferences(point, null).map((reference) => reference.citation))];
  for (const citation of citations) found.push({ kind: 'cite', note, citation });
  // "Add the risk from our MSP, and cite GV.SC": the addition is a point of its own beside the citation.
  const withoutCitation = point.replace(/,?\s*(?:and\s+)?(?:cite|citing|referencing)\b.*$/i, '');
  const topic =
    found.length === 0
      ? addition(point)
      : citations.length > 0 && withoutCitation !== point && !SHORTEN.test(point) && !EXPAND.test(point)
        ? addition(withoutCitation)
        : null;
  if (topic && findReferences(topic, null).length === 0) found.push({ kind: 'add', note, topic });
  if (found.length === 0 && TONE.test(point)) found.push({ kind: 'tone', note });
  return found.length > 0 ? found : [{ kind: 'other', note }];
}

export function parseReviewNotes(notes: string | null): NoteInstruction[] {
  if (!notes) return [];
  return notePoints(notes).flatMap(pointInstructions);
}

import type { BriefFacts } from '../../../../shared/schemas/brief-facts.ts';
import { detectFrameworks } from '../../advisor/advisor-frameworks.ts';
import { isStopword, stem, words } from '../../advisor/advisor-text.ts';
import { topicsIn } from '../brief/brief-topics.ts';

/**
 * Which of the brief's statements answer a question (docs/delivery.md "Questionnaire answers"): the
 * brief states facts once ("Facts: … ; … ; …", a sentence before the questions, a bullet list, an
 * attachment) and asks several questions; each question gets the statements on its own subject.
 * A statement belongs to a question when they share a control topic (the reader's topics: "MFA" and
 * "multi-factor"), a framework the question asks about together with an attestation ("SAQ A",
 * "Type II report"), a location for a "where" question, or a distinctive word ("hosted", "stored",
 * "sell"); words every security sentence carries ("data", "customer", "employees") do not count.
 */

/** Words too common in questionnaires to tie a statement to a question. */
const GENERIC = new Set(
  [
    'data',
    'customer',
    'customers',
    'client',
    'clients',
    'personal',
    'information',
    'employee',
    'employees',
    'staff',
    'user',
    'users',
    'use',
    'used',
    'process',
    'current',
    'provide',
    'question',
    'questions',
    'answer',
    'answers',
    'security',
    'secure',
    'system',
    'systems',
    'service',
    'services',
    'every',
    'all',
    'any',
    'perform',
  ].map(stem),
);

/** A statement of attestation or certification ("SAQ A", "our SOC 2 Type II report", "ISO certified"). */
const ATTESTATION = /\b(saq\s?[a-d]\b|aoc|attestation|certif\w*|type (1|2|i|ii)\b|reports?|audited|compliant|assessed by)/i;
/** A question about compliance status ("Are you PCI DSS compliant?", "Do you hold a SOC 2 report?"). */
const STATUS_QUESTION = /\b(complian\w*|certif\w*|attest\w*|reports?|accredit\w*|audited)\b/i;
/** Lead-ins that introduce facts rather than state one ("Facts:", "For reference:", "What you need to know:"). */
const LEAD_IN = /^[^:]{0,60}\b(facts?|reference|context|background|know|answers?|details?|note)\s*:\s*/i;
/** Sentences that ask for the work rather than state a fact. */
const REQUEST =
  /^(please|kindly|answer|draft|prepare|write|fill|complete|can you|could you|would you|we need|i need|i'd like|we'd like)\b/i;
const LIST_MARK = /^\s*(?:[-*•]|\(?\d{1,3}(?:\.\d{1,3})*[.)]?|Q\d{1,3}[:.)]?)\s+/i;

export interface StatedFact {
  text: string;
  source: string;
}

function distinctive(text: string): Set<string> {
  return new Set(
    words(text)
      .filter((word) => word.length > 2 && !isStopword(word))
      .map(stem)
      .filter((word) => !GENERIC.has(word)),
  );
}

/** The brief's statements of fact, one clause each: "a; b; c", "x, and we y" are separate facts. */
export function statedFacts(briefLines: readonly string[], facts: BriefFacts): StatedFact[] {
  const found: StatedFact[] = [];
  const add = (raw: string, source: string) => {
    const text = raw
      .replace(LIST_MARK, '')
      .replace(LEAD_IN, '')
      .replace(/[\s.;,]+$/, '')
      .trim();
    if (text.length < 8 || /\?$/.test(text) || REQUEST.test(text)) return;
    if (!found.some((entry) => entry.text === text)) found.push({ text, source });
  };
  for (const line of briefLines) {
    const pieces = line
      .replace(LIST_MARK, '')
      .split(/(?<=[.!?])\s+(?=[A-Z"“(])/)
      .flatMap((sentence) => sentence.replace(LEAD_IN, '').split(/;\s+|,\s+and\s+(?=(?:we|our|all|every|the|each|an?|it|they|there)\b)/i));
    for (const piece of pieces) {
      // "data is encrypted with X and hosted in Y", "databases use X and are replicated to Y": two
      // facts, the second keeping its subject.
      const [first = '', ...rest] = piece.split(/\s+and\s+(?=(?:(?:is|are|was|were)\s+)?[a-z]+ed\b)/);
      add(first, 'brief');
      const withVerb = /^(.*?\b(?:is|are|was|were)\b)\s/i.exec(first)?.[1];
      const subject = /^(.{2,60}?)\s+(?:is|are|was|were|uses?|has|have|runs?|gets?)\b/i.exec(first)?.[1];
      for (const part of rest) {
        if (/^(is|are|was|were)\b/i.test(part)) add(subject ? `${subject} ${part}` : part, 'brief');
        else add(withVerb ? `${withVerb} ${part}` : subject ? `${subject} ${part}` : part, 'brief');
      }
    }
  }
  // Facts only an attachment states reach the answers through the reader's statements.
  for (const statement of [...facts.gaps, ...facts.strengths]) if (statement.source !== 'brief') add(statement.text, statement.source);
  return found;
}

/** How strongly a statement speaks to a question: 0 when it does not. */
function relevance(question: string, statement: string, facts: BriefFacts): number {
  let score = 0;
  const asked = new Set(topicsIn(question).map((topic) => topic.name));
  if (topicsIn(statement).some((topic) => asked.has(topic.name))) score += 3;
  const frameworks = detectFrameworks(question);
  if (STATUS_QUESTION.test(question) && ATTESTATION.test(statement)) {
    const stated = detectFrameworks(statement);
    if (stated.length === 0 || stated.some((id) => frameworks.includes(id))) score += 2;
  }
  if (/^\s*where\b/i.test(question) && facts.locations.some((location) => statement.toLowerCase().includes(location.name.toLowerCase())))
    score += 2;
  const wanted = distinctive(question);
  const have = distinctive(statement);
  score += [...wanted].filter((word) => have.has(word)).length;
  return score;
}

/** The statements that answer one question, most relevant first (at most `limit`). */
export function factsFor(question: string, stated: readonly StatedFact[], facts: BriefFacts, limit = 3): StatedFact[] {
  return stated
    .map((entry, index) => ({ entry, index, score: relevance(question, entry.text, facts) }))
    .filter((scored) => scored.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((scored) => scored.entry);
}

/**
 * What a statement adds to the question it answers: the statement after the last word it shares with
 * the question ("Is data encrypted at rest?" + "data is encrypted at rest with AES-256" → "with
 * AES-256"), so the answer carries the figure, period, place or tool instead of echoing the question.
 * A statement that shares no word with the question is its own answer.
 */
export function addedBy(question: string, statement: string): string {
  const asked = new Set(
    words(question)
      .filter((word) => !isStopword(word))
      .map(stem),
  );
  const tokens = statement.split(/\s+/);
  let last = -1;
  tokens.forEach((token, index) => {
    if (words(token).some((word) => asked.has(stem(word)))) last = index;
  });
  const rest = tokens
    .slice(last + 1)
    .join(' ')
    .replace(/^[\s:;,.-]+/, '')
    .replace(/^(?:is|are|was|were|has been|have been)\s+/i, '')
    .trim();
  return rest.length >= 3 ? rest : statement;
}

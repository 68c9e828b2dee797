import type { Citation, ShortAnswer } from '../../../shared/schemas/questionnaires.ts';
import type { LibraryEntry } from './answer-library.ts';
import { asksYesNo, terms } from './question-text.ts';

/**
 * The built-in answerer (issue 36 item 2): deterministic and offline. Lexical retrieval over the answer
 * library — BM25 over each entry's words, then how much of the question (weighted by how rare each
 * word is) the best entry covers. It only ever repeats what the library says, with the library's
 * sources as citations: a question the library does not cover stays unanswered, with a low confidence,
 * for a person.
 */

export interface DraftAnswer {
  shortAnswer: ShortAnswer | null;
  answer: string;
  citations: Citation[];
  confidence: number;
  answered: boolean;
}

/** Below this share of the question's weighted words, the best entry does not answer it. */
const MIN_COVERAGE = 0.4;
/** An approved answer is reused for the same question worded alike, not for any question near it. */
const MIN_APPROVED_OVERLAP = 0.6;
const K1 = 1.2;
const B = 0.75;
const MAX_CITATIONS = 4;

interface IndexedEntry {
  entry: LibraryEntry;
  counts: Map<string, number>;
  length: number;
  termSet: Set<string>;
}

export interface LibraryIndex {
  entries: IndexedEntry[];
  idf: Map<string, number>;
  averageLength: number;
  /** The median weight of the library's words. */
  typicalWeight: number;
}

export function indexLibrary(library: readonly LibraryEntry[]): LibraryIndex {
  const entries = library.map((entry) => {
    const words = terms(entry.searchText);
    const counts = new Map<string, number>();
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    return { entry, counts, length: words.length, termSet: new Set(words) };
  });
  const documentFrequency = new Map<string, number>();
  for (const { termSet } of entries) for (const word of termSet) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
  const total = Math.max(entries.length, 1);
  const idf = new Map(
    [...documentFrequency].map(([word, frequency]) => [word, Math.log(1 + (total - frequency + 0.5) / (frequency + 0.5))]),
  );
  const averageLength = entries.reduce((sum, item) => sum + item.length, 0) / total || 1;
  const weights = [...idf.values()].sort((a, b) => a - b);
  return { entries, idf, averageLength, typicalWeight: weights[Math.floor(weights.length / 2)] ?? 1 };
}

/**
 * A word the library never uses still weighs in the question, as a typical word does: a question made of
 * unknown words (insurance, turnover) is not covered, and one unknown word does not sink a question
 * whose subject the library knows.
 */
const weightOf = (index: LibraryIndex, word: string) => index.idf.get(word) ?? index.typicalWeight;

function bm25(index: LibraryIndex, item: IndexedEntry, query: readonly string[]): number {
  let score = 0;
  for (const word of query) {
    const frequency = item.counts.get(word) ?? 0;
    if (frequency === 0) continue;
    score += (weightOf(index, word) * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * item.length) / index.averageLength));
  }
  return score;
}

function coverage(index: LibraryIndex, item: IndexedEntry, query: readonly string[]): number {
  const total = query.reduce((sum, word) => sum + weightOf(index, word), 0);
  if (total === 0) return 0;
  return query.filter((word) => item.termSet.has(word)).reduce((sum, word) => sum + weightOf(index, word), 0) / total;
}

const overlap = (a: ReadonlySet<string>, b: ReadonlySet<string>) => {
  const shared = [...a].filter((word) => b.has(word)).length;
  return shared / Math.max(a.size + b.size - shared, 1);
};

/** The answer's sentence for the question: a descriptive question gets no leading Yes. */
function sentenceFor(entry: LibraryEntry, yesNo: boolean): string {
  return yesNo ? entry.answer : entry.answer.replace(/^Yes\.\s+/, '');
}

function unanswered(best: number): DraftAnswer {
  return { shortAnswer: null, answer: '', citations: [], confidence: Math.round(best * 30), answered: false };
}

export function draftAnswer(index: LibraryIndex, question: string): DraftAnswer {
  const query = [...new Set(terms(question))];
  if (query.length === 0) return unanswered(0);
  const yesNo = asksYesNo(question);
  const querySet = new Set(query);
  const approved = index.entries
    .filter((item) => item.entry.kind === 'approved')
    .map((item) => ({ item, overlap: overlap(item.termSet, querySet) }))
    .sort((a, b) => b.overlap - a.overlap)[0];
  if (approved && approved.overlap >= MIN_APPROVED_OVERLAP) {
    const { entry } = approved.item;
    return {
      shortAnswer: yesNo ? entry.shortAnswer : null,
      answer: sentenceFor(entry, yesNo),
      citations: entry.sources.slice(0, MAX_CITATIONS + 1),
      confidence: Math.round(100 * Math.min(1, approved.overlap / 0.9) * (0.6 + 0.4 * entry.strength)),
      answered: true,
    };
  }
  const ranked = index.entries
    .filter((item) => item.entry.kind !== 'approved')
    .map((item) => ({ item, score: bm25(index, item, query), coverage: coverage(index, item, query) }))
    .filter((candidate) => candidate.score > 0)
    .sort((a, b) => b.score * (0.5 + b.coverage) - a.score * (0.5 + a.coverage));
  const best = ranked[0];
  if (!best || best.coverage < MIN_COVERAGE) return unanswered(best?.coverage ?? 0);
  const { entry } = best.item;
  // Close runners-up of another kind back the answer up (a policy behind a control): cited, not quoted.
  const support = ranked
    .slice(1, 6)
    .filter((candidate) => candidate.item.entry.kind !== entry.kind && candidate.coverage >= best.coverage * 0.9)
    .flatMap((candidate) => candidate.item.entry.sources.slice(0, 1));
  const citations = [...entry.sources, ...support].filter(
    (citation, position, all) => all.findIndex((other) => other.kind === citation.kind && other.id === citation.id) === position,
  );
  return {
    shortAnswer: yesNo ? entry.shortAnswer : null,
    answer: sentenceFor(entry, yesNo),
    citations: citations.slice(0, MAX_CITATIONS),
    confidence: Math.round(100 * Math.min(1, best.coverage / 0.75) * (0.5 + 0.5 * entry.strength)),
    answered: true,
  };
}

/**
 * Duplicates and near-duplicates: for each question, the first earlier question worded the same, or
 * sharing at least 80 % of its words. Candidates are the earlier questions sharing its rarest word, so a
 * 5,000-question file is not compared pair by pair.
 */
export function findDuplicates(questions: readonly string[]): (number | null)[] {
  const termSets = questions.map((text) => new Set(terms(text)));
  const frequency = new Map<string, number>();
  for (const set of termSets) for (const word of set) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const byRarest = new Map<string, number[]>();
  return termSets.map((set, position) => {
    if (set.size === 0) return null;
    const words = [...set].sort((a, b) => (frequency.get(a) ?? 0) - (frequency.get(b) ?? 0));
    const candidates = new Set(words.slice(0, 2).flatMap((word) => byRarest.get(word) ?? []));
    let original: number | null = null;
    for (const candidate of [...candidates].sort((a, b) => a - b)) {
      const other = termSets[candidate]!;
      if (set.size >= 3 && other.size >= 3 && overlap(set, other) >= 0.8) {
        original = candidate;
        break;
      }
      if (questions[candidate]!.trim().toLowerCase() === questions[position]!.trim().toLowerCase()) {
        original = candidate;
        break;
      }
    }
    if (original === null) for (const word of words) byRarest.set(word, [...(byRarest.get(word) ?? []), position]);
    return original;
  });
}

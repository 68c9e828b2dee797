import type { MappingRelation } from '../../../shared/schemas/programme-statuses.ts';
import type { Db } from '../../db/client.ts';
import { type CatalogueIndex, catalogueIndex } from '../frameworks/catalogue-index.ts';
import { FRAMEWORK_IDS, type FrameworkId } from './advisor-frameworks.ts';
import { citeRequirement, normalizeCitation } from './advisor-references.ts';
import { isStopword, stem, words } from './advisor-text.ts';

/**
 * The advisor's first source: the catalogue of requirements and common controls (docs/programme.md).
 * A question's content words are matched against every assessable requirement's title and summary
 * and against the titles of the controls mapped to it, weighted by how rare each word is, so "which
 * ISO 27001 control covers data masking?" finds A.8.11 and the control that implements it.
 */

export interface CatalogueControlRef {
  id: string;
  title: string;
  relation: MappingRelation;
  /** Where else the same control counts: other frameworks' requirements it maps to (cited). */
  alsoServes: string[];
}

export interface CatalogueHit {
  framework: FrameworkId;
  frameworkName: string;
  ref: string;
  citation: string;
  title: string;
  summary: string;
  controls: CatalogueControlRef[];
  score: number;
  /** The question cites this requirement itself. */
  explicit: boolean;
}

interface IndexedRequirement {
  framework: FrameworkId;
  frameworkName: string;
  ref: string;
  title: string;
  summary: string;
  titleStems: Set<string>;
  summaryStems: Set<string>;
  controlStems: Set<string>;
  controls: { id: string; title: string; relation: MappingRelation }[];
}

interface TermIndex {
  requirements: IndexedRequirement[];
  documentFrequency: Map<string, number>;
  /** control id → the citations of every requirement it maps to. */
  citationsByControl: Map<string, { framework: FrameworkId; citation: string }[]>;
}
/** Words that say what kind of thing is asked for, not what it is about. */
const GENERIC = new Set(
  [
    'control',
    'controls',
    'cover',
    'covers',
    'covered',
    'clause',
    'article',
    'criterion',
    'criteria',
    'section',
    'subcategory',
    'category',
    'framework',
    'standard',
    'annex',
    'say',
    'says',
    'address',
    'addresses',
    'apply',
    'applies',
    'relevant',
    'audit',
    'auditor',
    'comply',
    'compliance',
    'compliant',
  ].map(stem),
);

const stemsOf = (text: string) =>
  new Set(
    words(text)
      .filter((word) => !isStopword(word))
      .map(stem),
  );
const isFrameworkId = (value: string): value is FrameworkId => (FRAMEWORK_IDS as readonly string[]).includes(value);

/** How the advisor cites a catalogue ref: ISO clauses as "Clause 9.2", CCPA sections with "§". */
export function catalogueCitation(framework: FrameworkId, ref: string): string {
  if ((framework === 'iso27001' || framework === 'iso42001' || framework === 'iso27701') && /^\d{1,2}(\.\d{1,2}){0,3}$/.test(ref)) {
    return citeRequirement(framework, `Clause ${ref}`);
  }
  if (framework === 'ccpa' && /^1798\./.test(ref)) return citeRequirement(framework, `§${ref}`);
  return citeRequirement(framework, ref);
}

/** The term index, built once per loaded catalogue (the programme's shared in-memory copy). */
const termIndexes = new WeakMap<CatalogueIndex, TermIndex>();

function termIndex(catalogue: CatalogueIndex): TermIndex {
  const cached = termIndexes.get(catalogue);
  if (cached) return cached;
  const citationsByControl = new Map<string, { framework: FrameworkId; citation: string }[]>();
  const requirements: IndexedRequirement[] = [];
  for (const framework of catalogue.frameworks) {
    if (!isFrameworkId(framework.id)) continue;
    for (const row of catalogue.requirementsByFramework.get(framework.id) ?? []) {
      if (!row.assessable) continue;
      const citation = catalogueCitation(framework.id, row.ref);
      const mapped = (catalogue.mappingsByRequirement.get(row.id) ?? []).map((mapping) => ({
        id: mapping.controlId,
        title: catalogue.controlById.get(mapping.controlId)?.title ?? mapping.controlId,
        relation: mapping.relation,
      }));
      for (const control of mapped) {
        const cited = citationsByControl.get(control.id) ?? [];
        cited.push({ framework: framework.id, citation });
        citationsByControl.set(control.id, cited);
      }
      requirements.push({
        framework: framework.id,
        frameworkName: framework.name,
        ref: row.ref,
        title: row.title,
        summary: row.summary,
        titleStems: stemsOf(row.title),
        summaryStems: stemsOf(row.summary),
        controlStems: stemsOf(mapped.map((control) => control.title).join(' ')),
        controls: mapped,
      });
    }
  }
  const documentFrequency = new Map<string, number>();
  for (const requirement of requirements) {
    for (const term of new Set([...requirement.titleStems, ...requirement.summaryStems])) {
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
  }
  const index = { requirements, documentFrequency, citationsByControl };
  termIndexes.set(catalogue, index);
  return index;
}

const MAX_HITS = 3;
const ALSO_SERVES = 3;
/** An explicit reference in the question ("Article 33") governs the answer: it ranks above any word match. */
const EXPLICIT = 1_000;

/** Abbreviations a question uses for what requirement titles spell out. */
const EXPANSIONS: Record<string, string> = {
  dpia: 'data protection impact assessment',
  mfa: 'multi factor authentication',
  '2fa': 'multi factor authentication',
  baa: 'business associate contracts',
  ropa: 'records processing activities',
  dsar: 'data subject access request',
  asv: 'approved scanning vendor external scans',
  soa: 'statement applicability',
  isms: 'information security management system',
};

interface QuestionTerms {
  frameworks: readonly FrameworkId[];
  keywords: readonly string[];
  references?: readonly string[];
  words?: readonly string[];
}

/** The longest run of the question's words that is also a run of the title's (stems; stopwords kept). */
function phraseRun(question: readonly string[], title: readonly string[]): number {
  let best = 0;
  for (let i = 0; i < question.length; i += 1) {
    for (let j = 0; j < title.length; j += 1) {
      let length = 0;
      while (question[i + length] !== undefined && question[i + length] === title[j + length]) length += 1;
      const run = question.slice(i, i + length);
      // Only a phrase that word matching cannot see: one held together by a stopword ("right to know").
      const meaningful = run.some((word) => !isStopword(word) && !GENERIC.has(word));
      const joined = run.slice(1, -1).some((word) => isStopword(word));
      if (length > best && meaningful && joined) best = length;
    }
  }
  return best >= 3 ? best : 0;
}

function isCited(references: readonly string[], citation: string): boolean {
  const wanted = normalizeCitation(citation);
  // "GDPR Art. 33" governs "GDPR Art. 33"; "HIPAA §164.312(b)" also governs "HIPAA §164.312(b)(1)".
  return references.some((reference) => {
    const asked = normalizeCitation(reference);
    return asked === wanted || (wanted.startsWith(asked) && /^[(.]/.test(wanted.slice(asked.length)));
  });
}

function termsOf(analysis: QuestionTerms): string[] {
  const expanded = analysis.keywords.flatMap((word) => [word, ...words(EXPANSIONS[word.toLowerCase()] ?? '')]);
  const all = [...new Set(expanded.map(stem))];
  const specific = all.filter((term) => !GENERIC.has(term));
  // "audit controls" is all generic words, and exactly a requirement's title: keep them then.
  return specific.length > 0 ? specific : all.filter((term) => !isStopword(term));
}

/**
 * The catalogue requirements that best answer a question, best first: within the frameworks it
 * names (all when it names none). A requirement the question cites itself comes first; otherwise a
 * requirement must share at least half of the question's specific words (title, summary or its
 * controls' titles) to count, and a title the question says as a phrase ("right to know", "audit
 * controls"), or covers more of, ranks up: it governs the question rather than mentioning it.
 */
export async function findCatalogueRequirements(db: Db, analysis: QuestionTerms): Promise<CatalogueHit[]> {
  const terms = termsOf(analysis);
  const references = analysis.references ?? [];
  if (terms.length === 0 && references.length === 0) return [];
  const index = termIndex(await catalogueIndex(db));
  const total = Math.max(1, index.requirements.length);
  const targets = new Set(analysis.frameworks);
  const needed = Math.max(1, Math.ceil(terms.length / 2));
  const questionWords = (analysis.words ?? []).map(stem);
  const scored: { requirement: IndexedRequirement; score: number }[] = [];
  for (const requirement of index.requirements) {
    if (targets.size > 0 && !targets.has(requirement.framework)) continue;
    const citation = catalogueCitation(requirement.framework, requirement.ref);
    if (isCited(references, citation)) {
      // The very reference asked about first, then its sub-items.
      const exact = references.some((reference) => normalizeCitation(reference) === normalizeCitation(citation));
      scored.push({ requirement, score: exact ? EXPLICIT : EXPLICIT - 10 - citation.length });
      continue;
    }
    let matched = 0;
    let inTitles = 0;
    let score = 0;
    for (const term of terms) {
      const idf = Math.log(1 + total / Math.max(1, index.documentFrequency.get(term) ?? 0));
      const inTitle = requirement.titleStems.has(term);
      const inSummary = requirement.summaryStems.has(term);
      const inControls = requirement.controlStems.has(term);
      if (inTitle || inSummary || inControls) matched += 1;
      if (inTitle) inTitles += 1;
      score += idf * ((inTitle ? 3 : 0) + (inSummary ? 1 : 0) + (inControls ? 1.5 : 0));
    }
    if (matched < needed) continue;
    // Short, focused requirements whose title is the topic beat long ones that mention it in passing.
    score *= 1 + matched / terms.length;
    score *= 1 + (0.5 * inTitles) / Math.max(1, requirement.titleStems.size);
    score *= 1 + 0.4 * phraseRun(questionWords, words(requirement.title).map(stem));
    scored.push({ requirement, score });
  }
  scored.sort((a, b) => b.score - a.score || a.requirement.ref.localeCompare(b.requirement.ref));
  return scored.slice(0, MAX_HITS).map(({ requirement, score }) => {
    const citation = catalogueCitation(requirement.framework, requirement.ref);
    return {
      framework: requirement.framework,
      frameworkName: requirement.frameworkName,
      ref: requirement.ref,
      citation,
      title: requirement.title,
      summary: requirement.summary,
      score,
      explicit: score > EXPLICIT / 2,
      controls: requirement.controls.map((control) => ({
        ...control,
        alsoServes: (index.citationsByControl.get(control.id) ?? [])
          .filter((other) => other.framework !== requirement.framework)
          .map((other) => other.citation)
          .filter((other, position, list) => list.indexOf(other) === position)
          .slice(0, ALSO_SERVES),
      })),
    };
  });
}

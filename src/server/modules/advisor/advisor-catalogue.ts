import type { MappingRelation } from '../../../shared/schemas/programme-statuses.ts';
import type { Db } from '../../db/client.ts';
import { type CatalogueIndex, catalogueIndex } from '../frameworks/catalogue-index.ts';
import { FRAMEWORK_IDS, type FrameworkId } from './advisor-frameworks.ts';
import { citeRequirement } from './advisor-references.ts';
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
  if ((framework === 'iso27001' || framework === 'iso42001') && /^\d{1,2}(\.\d{1,2}){0,2}$/.test(ref)) {
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

/**
 * The catalogue requirements that best answer a question, best first: within the frameworks it
 * names (all when it names none). A requirement must share at least half of the question's
 * specific words (title, summary or its controls' titles) to count.
 */
export async function findCatalogueRequirements(
  db: Db,
  analysis: { frameworks: readonly FrameworkId[]; keywords: readonly string[] },
): Promise<CatalogueHit[]> {
  const terms = [...new Set(analysis.keywords.map(stem))].filter((term) => !GENERIC.has(term));
  if (terms.length === 0) return [];
  const index = termIndex(await catalogueIndex(db));
  const total = Math.max(1, index.requirements.length);
  const targets = new Set(analysis.frameworks);
  const needed = Math.max(1, Math.ceil(terms.length / 2));
  const scored: { requirement: IndexedRequirement; score: number }[] = [];
  for (const requirement of index.requirements) {
    if (targets.size > 0 && !targets.has(requirement.framework)) continue;
    let matched = 0;
    let score = 0;
    for (const term of terms) {
      const idf = Math.log(1 + total / Math.max(1, index.documentFrequency.get(term) ?? 0));
      const inTitle = requirement.titleStems.has(term);
      const inSummary = requirement.summaryStems.has(term);
      const inControls = requirement.controlStems.has(term);
      if (inTitle || inSummary || inControls) matched += 1;
      score += idf * ((inTitle ? 3 : 0) + (inSummary ? 1 : 0) + (inControls ? 1.5 : 0));
    }
    if (matched < needed) continue;
    // Short, focused requirements whose title is the topic beat long ones that mention it in passing.
    score *= 1 + matched / terms.length;
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

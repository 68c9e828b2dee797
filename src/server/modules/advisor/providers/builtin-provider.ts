import { FRAMEWORKS, type FrameworkId } from '../advisor-frameworks.ts';
import { REFUSALS, neutralizeRetrievedText } from '../advisor-guardrails.ts';
import type { AdvisorDraft, AdvisorProvider, AdvisorRequest } from './provider.ts';
import { findReferences } from '../advisor-references.ts';
import type { RetrievedDocument } from '../advisor-retrieval.ts';
import { buildSuggestion } from '../advisor-suggestion.ts';
import { catalogueAnswer } from './builtin-catalogue-answer.ts';
import { programmeAnswer } from './builtin-programme-answer.ts';
import { clip, splitPassages, stem, words } from '../advisor-text.ts';

/**
 * The default provider: offline and deterministic. It scores the passages of the retrieved
 * documents against the question, answers with the best of them in its own frame, cites the
 * framework references those passages carry, and links the articles it used.
 */

interface ScoredPassage {
  document: RetrievedDocument;
  heading: string;
  text: string;
  references: { citation: string; framework: FrameworkId }[];
  score: number;
  /** How many of the question's terms it holds. */
  matched: number;
}

const MAX_POINTS = 5;
/** With a catalogue answer first, the guidance only adds a little. */
const MAX_POINTS_WITH_CATALOGUE = 2;
const MAX_POINTS_PER_DOCUMENT = 2;
const MAX_REFERENCES = 6;
const POINT_LENGTH = 320;
/** A passage scoring under this share of the best one is too weak to quote. */
const RELATIVE_FLOOR = 0.35;

function stems(text: string): Set<string> {
  return new Set(words(text).map(stem));
}

function passagesOf(documents: readonly RetrievedDocument[]) {
  return documents.flatMap((document) =>
    splitPassages(document.body).flatMap((passage) => {
      // Retrieved text is data: a sentence that tries to instruct the reader never reaches the answer.
      const text = neutralizeRetrievedText(passage.text);
      const heading = neutralizeRetrievedText(passage.heading);
      if (!text) return [];
      const references = findReferences(`${heading} ${text}`, document.framework).map(({ citation, framework }) => ({
        citation,
        framework,
      }));
      // A framework page's requirement line ("CC6.1 Logical access: …") cites that requirement.
      for (const requirement of document.requirements) {
        if (document.framework && (text.startsWith(requirement.ref) || text.includes(`${requirement.ref} ${requirement.title}`))) {
          references.unshift({ citation: requirement.citation, framework: document.framework });
        }
      }
      return [{ document, heading, text, references, stems: stems(text), headingStems: stems(`${heading} ${document.title}`) }];
    }),
  );
}

function scorePassages(request: AdvisorRequest): ScoredPassage[] {
  const passages = passagesOf(request.documents);
  const terms = [...new Set(request.analysis.keywords.map(stem))];
  const documentFrequency = new Map(
    terms.map((term) => [term, passages.filter((passage) => passage.stems.has(term) || passage.headingStems.has(term)).length]),
  );
  const targets = new Set(request.analysis.frameworks);
  return passages
    .map((passage) => {
      let matched = 0;
      let score = 0;
      for (const term of terms) {
        const idf = Math.log(1 + passages.length / Math.max(1, documentFrequency.get(term) ?? 0));
        const inText = passage.stems.has(term);
        const inHeading = passage.headingStems.has(term);
        if (inText || inHeading) matched += 1;
        score += (inText ? idf : 0) + (inHeading ? idf * 0.6 : 0);
      }
      if (terms.length > 0) score += (matched / terms.length) * 2;
      const framework = passage.document.framework;
      if (targets.size > 0) {
        if (framework && targets.has(framework)) score *= 1.6;
        else if (framework) score *= 0.5;
        if (passage.references.some((reference) => targets.has(reference.framework))) score += 1;
      } else if (passage.references.length > 0) {
        score += 0.5;
      }
      if (passage.text.split(' ').length < 6 && passage.references.length === 0) score *= 0.5;
      // A lower-case opening is the middle of a list ("the categories of …;"): it reads badly alone.
      if (/^\p{Ll}/u.test(passage.text)) score *= 0.5;
      return { ...passage, matched, score: matched > 0 || (terms.length === 0 && targets.size > 0) ? score : 0 };
    })
    .filter((passage) => passage.score > 0)
    .sort((a, b) => b.score - a.score || a.document.score - b.document.score);
}

function choosePoints(scored: readonly ScoredPassage[]): ScoredPassage[] {
  const chosen: ScoredPassage[] = [];
  const perDocument = new Map<string, number>();
  const floor = (scored[0]?.score ?? 0) * RELATIVE_FLOOR;
  for (const passage of scored) {
    if (chosen.length >= MAX_POINTS || passage.score < floor) break;
    const count = perDocument.get(passage.document.id) ?? 0;
    if (count >= MAX_POINTS_PER_DOCUMENT || chosen.some((other) => other.text === passage.text)) continue;
    perDocument.set(passage.document.id, count + 1);
    chosen.push(passage);
  }
  return chosen;
}

function chooseReferences(points: readonly ScoredPassage[], scored: readonly ScoredPassage[], targets: readonly FrameworkId[]): string[] {
  const wanted = (framework: FrameworkId) => targets.length === 0 || targets.includes(framework);
  const citations: string[] = [];
  const add = (citation: string) => {
    if (citations.length < MAX_REFERENCES && !citations.includes(citation)) citations.push(citation);
  };
  for (const point of points) for (const reference of point.references) if (wanted(reference.framework)) add(reference.citation);
  // A named framework the chosen points do not cite: take its best-scoring passage that does.
  for (const target of targets) {
    if (citations.some((citation) => citation.startsWith(FRAMEWORKS[target].label))) continue;
    const best = scored.find((passage) => passage.references.some((reference) => reference.framework === target));
    for (const reference of best?.references ?? []) if (reference.framework === target) add(reference.citation);
  }
  return citations;
}

function topicOf(request: AdvisorRequest, points: readonly ScoredPassage[]): string {
  const frameworks = request.analysis.frameworks.map((id) => FRAMEWORKS[id].label).join(' and ');
  const words = request.analysis.keywords.slice(0, 4).join(' ');
  return [words, frameworks && `for ${frameworks}`].filter(Boolean).join(' ') || points[0]?.document.title || 'your question';
}

/** When no passage matches the question's words, a named framework's own overview still helps. */
function frameworkOverview(request: AdvisorRequest): ScoredPassage[] {
  const targets = new Set(request.analysis.frameworks);
  return passagesOf(request.documents)
    .filter(
      (passage) => passage.document.contentType === 'framework' && passage.document.framework && targets.has(passage.document.framework),
    )
    .slice(0, MAX_POINTS_PER_DOCUMENT)
    .map((passage) => ({ ...passage, score: 1, matched: 0 }));
}

/**
 * Only related material follows the answer: nothing from a framework the question does not name, and,
 * after a catalogue answer, only passages that cite what it cited or hold half the question's terms
 * (all that cite it when the question named the reference itself).
 */
function relatedOnly(request: AdvisorRequest, scored: readonly ScoredPassage[], cited: readonly string[] | null): ScoredPassage[] {
  const targets = new Set(request.analysis.frameworks);
  const terms = new Set(request.analysis.keywords.map(stem)).size;
  const explicit = request.catalogue[0]?.explicit === true;
  return scored.filter((passage) => {
    if (targets.size > 0) {
      if (passage.document.framework && !targets.has(passage.document.framework)) return false;
      if (passage.references.length > 0 && !passage.references.some((reference) => targets.has(reference.framework))) return false;
    }
    if (!cited) return true;
    if (passage.references.some((reference) => cited.includes(reference.citation))) return true;
    return !explicit && passage.matched >= Math.max(1, Math.ceil(terms / 2));
  });
}

function compose(request: AdvisorRequest): AdvisorDraft {
  const catalogue = catalogueAnswer(request);
  const scored = relatedOnly(request, scorePassages(request), catalogue?.references ?? null);
  const programme = request.programme ? programmeAnswer(request.programme) : null;
  let points = choosePoints(scored).slice(0, catalogue ? MAX_POINTS_WITH_CATALOGUE : MAX_POINTS);
  if (points.length === 0 && !catalogue) points = frameworkOverview(request);
  if (points.length === 0 && !catalogue && !programme) {
    const known = request.analysis.frameworks.map((id) => FRAMEWORKS[id].label);
    const answer =
      known.length > 0
        ? `I couldn't find ComplianceCore guidance on that for ${known.join(' and ')} yet. Try naming the control area (access reviews, encryption, incident response, risk assessment, vendor management …), or browse the [knowledge base](/knowledge-base).`
        : REFUSALS.offTopic;
    return { answer, suggestion: null, references: [], usedDocumentIds: [] };
  }
  const references = [
    ...new Set([
      ...(programme?.references ?? []),
      ...(catalogue?.references ?? []),
      ...chooseReferences(points, scored, request.analysis.frameworks),
    ]),
  ].slice(0, MAX_REFERENCES + (catalogue?.references.length ?? 0) + (programme?.references.length ?? 0));
  const used = [...new Map(points.map((point) => [point.document.id, point.document])).values()];
  const topic = topicOf(request, points);
  const suggestion = request.wantsSuggestion
    ? buildSuggestion({
        question: request.message,
        fallbackTopic: topic,
        keyPoints: points.map((point) => point.text),
        references,
        sourceTitles: used.map((document) => document.title),
      })
    : null;

  const named = request.analysis.frameworks.map((id) => FRAMEWORKS[id].label).join(' and ');
  const lines: string[] = [];
  if (/\b(certif\w*|attest\w*|accredit\w*)\b/i.test(request.message)) {
    lines.push(
      'ComplianceCore can get you audit-ready, but a certificate (ISO) or an attestation report (SOC 2) is issued by an independent, accredited auditor after their own assessment.',
      '',
    );
  }
  if (programme) lines.push(...programme.lines, '');
  if (catalogue) lines.push(...catalogue.lines, '');
  if (points.length > 0) {
    lines.push(catalogue ? 'What our guidance adds:' : `Here is what ComplianceCore's guidance says${named ? ` for ${named}` : ''}:`, '');
  }
  for (const point of points) {
    const where =
      point.heading && point.heading !== point.document.title ? `${point.document.title} › ${point.heading}` : point.document.title;
    lines.push(`- ${clip(point.text, POINT_LENGTH)} _(${where})_`);
  }
  if (references.length > 0) lines.push('', `**Framework references:** ${references.join(', ')}`);
  if (suggestion) {
    lines.push(
      '',
      `**Suggested next step:** ${suggestion.title}. Choose **Use plan** to turn it into a plan, or **Generate workflow** to map it out.`,
    );
  }
  if (used.length > 0) lines.push('', `**Sources:** ${used.map((document) => `[${document.title}](${document.urlPath})`).join(' · ')}`);
  return { answer: lines.join('\n'), suggestion, references, usedDocumentIds: used.map((document) => document.id) };
}

export function createBuiltinProvider(): AdvisorProvider {
  return {
    name: 'builtin',
    answer: async (request, options) => {
      const draft = compose(request);
      options?.onDelta?.(draft.answer);
      return draft;
    },
  };
}

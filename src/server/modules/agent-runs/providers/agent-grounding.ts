import type { BriefFacts, BriefStatement } from '../../../../shared/schemas/brief-facts.ts';
import type { OutputSource } from '../../../../shared/schemas/reviews.ts';
import type { WorkKind } from '../../../../shared/schemas/task-requests.ts';
import { TIER1_FRAMEWORK_IDS } from '../../../../shared/schemas/programme-statuses.ts';
import { loadContent } from '../../../../shared/content-reader.server.ts';
import type { Db } from '../../../db/client.ts';
import { FRAMEWORK_IDS, FRAMEWORKS, type FrameworkId, detectFrameworks, documentFramework } from '../../advisor/advisor-frameworks.ts';
import { neutralizeRetrievedText } from '../../advisor/advisor-guardrails.ts';
import { citeRequirement, findReferences } from '../../advisor/advisor-references.ts';
import { analyzeQuestion, retrieveDocuments } from '../../advisor/advisor-retrieval.ts';
import { clip, keywords, splitPassages, stem, words } from '../../advisor/advisor-text.ts';
import {
  type CatalogueEntry,
  agentCatalogue,
  entryForCitation,
  isKnownCitation,
  requirementsOfControls,
} from '../brief/brief-catalogue.ts';
import { readBrief } from '../brief/read-brief.ts';
import type { DraftInput } from './agent-provider.ts';

/**
 * What an agent's draft stands on (docs/delivery.md "Agents"): the request and the client's profile
 * (as data: every instruction-like sentence removed), the requirements of the frameworks concerned
 * (the catalogue in content/frameworks, cited the advisor's way: "SOC 2 CC6.1"), and the
 * knowledge-base passages the advisor's retrieval finds for the request. Both providers use it.
 */

export interface GroundedFramework {
  id: FrameworkId;
  label: string;
  urlPath: string;
}

export interface GroundedRequirement {
  framework: FrameworkId;
  frameworkLabel: string;
  /** "SOC 2 CC6.1" */
  citation: string;
  title: string;
  summary: string;
  /** How many of the request's topic words it shares (0 = only there because the framework is in scope). */
  relevance: number;
  /** The request names it explicitly (a reference or a range): it leads the scope and must be addressed. */
  asked?: boolean;
}

export interface GroundedPassage {
  documentTitle: string;
  urlPath: string;
  heading: string;
  text: string;
  /** Framework references the passage itself carries. */
  references: string[];
  score: number;
}

export interface Grounding {
  request: DraftInput['request'] & { brief: string };
  /** The brief's lines, each as data (questions, numbered items). */
  briefLines: string[];
  /** No framework was named: the composers worked against a default baseline and say so. */
  assumedFrameworks: boolean;
  organization: DraftInput['organization'];
  /** The reviewer's notes as data, null on a first draft. */
  notes: string | null;
  frameworks: GroundedFramework[];
  /** Every in-scope framework's requirements, most relevant first. */
  requirements: GroundedRequirement[];
  /** The best knowledge-base passages, best first. */
  passages: GroundedPassage[];
  /** Stems of the request's topic words (title, brief, notes, the kind of work). */
  topic: Set<string>;
  topicWords: string[];
  earlierDeliverables: DraftInput['earlierDeliverables'];
  /** What the brief says, as facts (readBrief): every composer works from them. */
  facts: BriefFacts;
}

/** Words that steer retrieval and requirement choice towards each kind of work. */
export const KIND_TOPIC: Record<WorkKind, string> = {
  policy_draft: 'policy',
  gap_assessment: 'readiness gap evidence',
  risk_register: 'risk register treatment',
  evidence_checklist: 'evidence audit',
  vendor_review: 'vendor third-party risk',
  questionnaire_answers: 'security questionnaire',
};

/** What a draft is measured against when the request names no framework (the two most asked for). */
export const DEFAULT_FRAMEWORKS: readonly FrameworkId[] = ['soc2', 'iso27001'];

/** Stems too general to show a requirement is about the request's subject. */
const GENERIC_TOPIC = new Set(
  [
    'evidence',
    'audit',
    'auditor',
    'control',
    'security',
    'compliance',
    'policy',
    'framework',
    'process',
    'data',
    'system',
    'assess',
    'readiness',
  ].map(stem),
);

const MAX_PASSAGES = 6;
const MAX_PASSAGES_PER_DOCUMENT = 2;
const PASSAGE_CHARS = 360;

interface CatalogueFramework {
  id: FrameworkId;
  urlPath: string;
  requirements: { ref: string; title: string; summary: string }[];
}

let catalogue: Map<FrameworkId, CatalogueFramework> | null = null;

/** The frameworks catalogue of content/frameworks, read once. */
function frameworkCatalogue(): Map<FrameworkId, CatalogueFramework> {
  if (!catalogue) {
    const entries = new Map<FrameworkId, CatalogueFramework>();
    for (const document of loadContent()) {
      if (document.kind !== 'framework') continue;
      const id = documentFramework(document.data.title, { kind: 'framework', name: document.data.name });
      if (id && !entries.has(id)) entries.set(id, { id, urlPath: document.urlPath, requirements: document.data.requirements });
    }
    catalogue = entries;
  }
  return catalogue;
}

const TIER1: ReadonlySet<string> = new Set(TIER1_FRAMEWORK_IDS);

/**
 * A framework's requirements to ground a draft on. A tier-1 framework's page lists its key requirements
 * (content/frameworks), and those have always been its grounding. A tier-2 framework's page names ten
 * or so of its dozens to hundreds of requirements, so they lead and the catalogue's own leaves that a
 * control addresses follow (a request about awareness training still finds NIST SP 800-53 AT-2).
 */
function frameworkRequirements(
  id: FrameworkId,
  known: Map<FrameworkId, CatalogueFramework>,
): { ref: string; title: string; summary: string }[] {
  const page = known.get(id)?.requirements ?? [];
  if (page.length > 0 && TIER1.has(id)) return page;
  const onPage = new Set(page.map((requirement) => requirement.ref));
  const leaves = agentCatalogue()
    .entries.filter((entry) => entry.framework === id && entry.leaf && entry.mappings.length > 0 && !onPage.has(entry.ref))
    .map((entry) => ({ ref: entry.ref, title: entry.title, summary: entry.summary }));
  return [...page, ...leaves];
}

/** Request text is data: instruction-like sentences go, whitespace is tidied. */
export function asData(text: string, max = 4000): string {
  return neutralizeRetrievedText(clip(text.replaceAll(/\s+/g, ' ').trim(), max));
}

/** The frameworks a request concerns: those it lists (by id or name), then those its words name. */
export function requestFrameworks(listed: readonly string[], text: string): FrameworkId[] {
  const found: FrameworkId[] = [];
  const add = (id: FrameworkId | undefined) => {
    if (id && !found.includes(id)) found.push(id);
  };
  for (const entry of listed) {
    const normalized = entry.toLowerCase().replaceAll(/[^a-z0-9]/g, '');
    add(FRAMEWORK_IDS.find((id) => id.replaceAll('-', '') === normalized) ?? detectFrameworks(entry)[0]);
  }
  for (const id of detectFrameworks(text)) add(id);
  return found;
}

function stems(text: string): Set<string> {
  return new Set(words(text).map(stem));
}

function overlap(topic: ReadonlySet<string>, text: string): number {
  let count = 0;
  for (const word of stems(text)) if (topic.has(word)) count += 1;
  return count;
}

export async function groundDraft(db: Db, input: DraftInput): Promise<Grounding> {
  const title = asData(input.request.title, 300);
  const brief = asData(input.request.description);
  const notes = input.reviewNotes ? asData(input.reviewNotes, 2000) : null;
  const facts =
    input.facts ??
    (await readBrief({ title: input.request.title, description: input.request.description, frameworks: input.request.frameworks }));
  const excluded = new Set<FrameworkId>(facts.outOfScope.map((entry) => entry.framework));
  const named = requestFrameworks(input.request.frameworks, `${title} ${brief} ${notes ?? ''}`).filter((id) => !excluded.has(id));
  // A reference names its framework even when the words do not ("CC6.1" is SOC 2's).
  for (const reference of facts.references)
    if (!named.includes(reference.framework) && !excluded.has(reference.framework)) named.push(reference.framework);
  const fallback = DEFAULT_FRAMEWORKS.filter((id) => !excluded.has(id));
  // Both defaults out of scope and nothing named: the first catalogue framework that is not.
  const remaining = FRAMEWORK_IDS.filter((id) => !excluded.has(id)).slice(0, 1);
  const ids: FrameworkId[] = named.length > 0 ? named : fallback.length > 0 ? fallback : remaining;
  const known = frameworkCatalogue();

  const frameworkWords = new Set(ids.flatMap((id) => words(`${FRAMEWORKS[id].label} ${FRAMEWORKS[id].searchTerms}`)));
  // The notes lead: a redraft's retrieval should find what the reviewer asked for.
  const topicWords = keywords(`${notes ?? ''} ${title} ${brief} ${KIND_TOPIC[input.request.workKind]}`, frameworkWords).slice(0, 24);
  const topic = new Set(topicWords.map(stem));
  // Relevance to the request itself: its own words, without the kind's cue words or generic ones.
  const requestTopic = new Set(
    keywords(`${notes ?? ''} ${title} ${brief}`, frameworkWords)
      .map(stem)
      .filter((word) => !GENERIC_TOPIC.has(word)),
  );

  const frameworks = ids.map((id) => ({ id, label: FRAMEWORKS[id].label, urlPath: known.get(id)?.urlPath ?? '/compliance' }));
  const requirements = ids
    .flatMap((id) =>
      frameworkRequirements(id, known).map((requirement, order) => ({
        framework: id,
        frameworkLabel: FRAMEWORKS[id].label,
        citation: citeRequirement(id, requirement.ref),
        title: requirement.title,
        summary: requirement.summary,
        relevance: overlap(requestTopic, `${requirement.title} ${requirement.summary}`),
        order,
      })),
    )
    .sort((a, b) => b.relevance - a.relevance || ids.indexOf(a.framework) - ids.indexOf(b.framework) || a.order - b.order)
    .map(({ order: _order, ...requirement }) => requirement)
    // Only what the catalogue holds may be cited.
    .filter((requirement) => isKnownCitation(requirement.citation));
  // The references the request makes lead, in its order, each once.
  const asked: GroundedRequirement[] = [];
  for (const reference of facts.references) {
    const entry = reference.known && ids.includes(reference.framework) ? entryForCitation(reference.citation) : null;
    if (entry && !asked.some((requirement) => requirement.citation === entry.citation))
      asked.push({ ...groundedEntry(entry, 100), asked: true });
  }
  requirements.splice(0, 0, ...asked);
  for (let index = requirements.length - 1; index >= asked.length; index -= 1) {
    if (asked.some((requirement) => requirement.citation === requirements[index]?.citation)) requirements.splice(index, 1);
  }

  const query = `${ids.map((id) => FRAMEWORKS[id].label).join(' ')} ${notes ?? ''} ${title} ${KIND_TOPIC[input.request.workKind]} ${brief}`;
  const documents = await retrieveDocuments(db, analyzeQuestion(query));
  const scored: GroundedPassage[] = documents.flatMap((document) =>
    splitPassages(document.body).flatMap((passage) => {
      const text = neutralizeRetrievedText(passage.text);
      const heading = neutralizeRetrievedText(passage.heading);
      if (text.split(' ').length < 8 || /^\p{Ll}/u.test(text)) return [];
      const matched = overlap(topic, `${heading} ${text}`);
      if (matched === 0) return [];
      const references = [...new Set(findReferences(text, document.framework).map((reference) => reference.citation))];
      // Another framework's page is off-topic for this request (a HIPAA page in a SOC 2 policy).
      if (document.framework !== null && !ids.includes(document.framework)) return [];
      // A passage citing a framework the request put out of scope is not quoted in its draft.
      if (findReferences(text, document.framework).some((reference) => excluded.has(reference.framework))) return [];
      const inScope = document.framework !== null;
      const score = matched + (inScope ? 1.5 : 0) + Math.min(references.length, 2) * 0.5 + document.score;
      return [{ documentTitle: document.title, urlPath: document.urlPath, heading, text: clip(text, PASSAGE_CHARS), references, score }];
    }),
  );
  scored.sort((a, b) => b.score - a.score || a.urlPath.localeCompare(b.urlPath) || a.text.localeCompare(b.text));
  const passages: GroundedPassage[] = [];
  const perDocument = new Map<string, number>();
  for (const passage of scored) {
    if (passages.length >= MAX_PASSAGES) break;
    const count = perDocument.get(passage.urlPath) ?? 0;
    if (count >= MAX_PASSAGES_PER_DOCUMENT || passages.some((other) => other.text === passage.text)) continue;
    perDocument.set(passage.urlPath, count + 1);
    passages.push(passage);
  }

  return {
    request: { ...input.request, title, description: brief, brief },
    briefLines: input.request.description
      .split(/\r?\n/)
      .map((line) => asData(line, 600))
      .filter(Boolean),
    assumedFrameworks: named.length === 0,
    organization: input.organization,
    notes,
    frameworks,
    requirements,
    passages,
    topic,
    topicWords,
    earlierDeliverables: input.earlierDeliverables,
    facts,
  };
}

/** A catalogue requirement as the grounding holds it (long official texts clipped). */
export function groundedEntry(entry: CatalogueEntry, relevance: number): GroundedRequirement {
  return {
    framework: entry.framework,
    frameworkLabel: FRAMEWORKS[entry.framework].label,
    citation: entry.citation,
    title: entry.title,
    summary: clip(entry.summary, 320),
    relevance,
  };
}

/**
 * The in-scope requirements a stated gap or strength concerns, through the catalogue's typed mappings
 * of its controls (never through words shared with a requirement's title), at most `limit`, leaves only.
 */
export function statementRequirements(grounding: Grounding, statement: BriefStatement, limit = 2): GroundedRequirement[] {
  const ids = grounding.frameworks.map((framework) => framework.id);
  const entries = requirementsOfControls(statement.controls, ids).filter((entry) => entry.leaf);
  // One per framework first, so a two-framework request sees both.
  const picked: CatalogueEntry[] = [];
  for (const id of ids) {
    const first = entries.find((entry) => entry.framework === id);
    if (first) picked.push(first);
  }
  for (const entry of entries) if (!picked.includes(entry)) picked.push(entry);
  return picked.slice(0, limit).map((entry) => groundedEntry(entry, 50));
}

/** The requirements a set of catalogue controls maps to in scope (a risk's, an evidence item's). */
export function controlRequirements(grounding: Grounding, controls: readonly string[], limit = 1): GroundedRequirement[] {
  const ids = grounding.frameworks.map((framework) => framework.id);
  return requirementsOfControls(controls, ids)
    .filter((entry) => entry.leaf)
    .slice(0, limit)
    .map((entry) => groundedEntry(entry, 10));
}

/**
 * The sources a body cites, in the order they first appear: framework requirements by citation,
 * knowledge-base articles by their link, earlier deliverables by title, and the request itself.
 */
export function citedSources(body: string, grounding: Grounding): OutputSource[] {
  const sources: { at: number; source: OutputSource }[] = [];
  const seen = new Set<string>();
  const add = (at: number, source: OutputSource) => {
    const key = `${source.kind}:${source.ref}`;
    if (at < 0 || seen.has(key)) return;
    seen.add(key);
    sources.push({ at, source });
  };
  for (const requirement of grounding.requirements) {
    const at = indexOfCitation(body, requirement.citation);
    add(at, { kind: 'framework_requirement', ref: requirement.citation, title: requirement.title });
  }
  // Any other requirement of the catalogue the body cites (a mapping's, a stated gap's), under its catalogue citation.
  for (const framework of grounding.frameworks) {
    for (const reference of findReferences(body, framework.id)) {
      const entry = grounding.frameworks.some((inScope) => inScope.id === reference.framework)
        ? entryForCitation(reference.citation)
        : null;
      if (entry) add(indexOfCitation(body, entry.citation), { kind: 'framework_requirement', ref: entry.citation, title: entry.title });
    }
  }
  for (const passage of grounding.passages) {
    add(body.indexOf(`](${passage.urlPath})`), { kind: 'knowledge_base', ref: passage.urlPath, title: passage.documentTitle });
  }
  for (const deliverable of grounding.earlierDeliverables) {
    add(body.indexOf(`(deliverable ${deliverable.id})`), { kind: 'deliverable', ref: deliverable.id, title: deliverable.title });
  }
  add(0, { kind: 'request', ref: grounding.request.id, title: grounding.request.title });
  return sources.sort((a, b) => a.at - b.at).map((entry) => entry.source);
}

/** Where a citation appears as a whole ("SOC 2 CC6.1" is not found inside "SOC 2 CC6.10"). */
export function indexOfCitation(text: string, citation: string): number {
  const escaped = citation.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}(?![0-9a-zA-Z]|[.-][0-9a-zA-Z])`).exec(text);
  return match ? match.index : -1;
}

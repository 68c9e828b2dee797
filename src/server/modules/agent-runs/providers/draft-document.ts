import { WORK_KIND_LABELS } from '../../../../shared/schemas/task-requests.ts';
import { stem, words } from '../../advisor/advisor-text.ts';
import { cleanReferences, referenceContext } from '../check-references.ts';
import { parseReviewNotes } from '../notes/parse-notes.ts';
import { AGENT_FOR_KIND } from './builtin-classifier.ts';
import type { DraftInput, DraftResult } from './agent-provider.ts';
import { type GroundedPassage, type GroundedRequirement, type Grounding, citedSources } from './agent-grounding.ts';

/**
 * The frame every builtin composer's draft shares: a header with who it is for, the reviewer's notes
 * and what changed (a redraft), the composer's sections, and the sources the body cites.
 */

export interface DraftSection {
  heading: string;
  body: string;
}

export interface ComposedDraft {
  title: string;
  summary: string;
  keyFindings: string[];
  riskScore: number;
  recommendations: string[];
  sections: DraftSection[];
}

export type Composer = (grounding: Grounding) => ComposedDraft;

/** How much a redraft's reviewer asked for: more detail, less, or the usual. */
export type DetailLevel = 'less' | 'standard' | 'more';

export function detailLevel(notes: string | null): DetailLevel {
  // Read from the notes' instructions, so "the brief says…" is not taken for "make it briefer".
  const kinds = new Set(parseReviewNotes(notes).map((instruction) => instruction.kind));
  if (kinds.has('shorten')) return 'less';
  if (kinds.has('expand')) return 'more';
  return 'standard';
}

/** How many items a list gets at each detail level. */
export function countFor(level: DetailLevel, standard: number): number {
  if (level === 'more') return standard + Math.ceil(standard / 2);
  if (level === 'less') return Math.max(2, Math.floor((standard * 2) / 3));
  return standard;
}

export const clamp = (value: number, min = 0, max = 100) => Math.min(max, Math.max(min, Math.round(value)));

/** A table cell: no pipes or line breaks from data. */
export function cell(text: string): string {
  return text
    .replaceAll('|', '\\|')
    .replaceAll(/\s*\n\s*/g, ' ')
    .trim();
}

export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  return [
    `| ${headers.map(cell).join(' | ')} |`,
    `| ${headers.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n');
}

/** A quotation of data (client or retrieved text), rendered as a block quote and never as Markdown of its own. */
export function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => `> ${line.replaceAll(/^[#>\s]+/g, '').replaceAll(/[<>]/g, '')}`)
    .join('\n');
}

/** A knowledge-base passage, quoted with a link to where it comes from. */
export function passageLine(passage: GroundedPassage): string {
  const where = passage.heading && passage.heading !== passage.documentTitle ? ` › ${passage.heading}` : '';
  return `${passage.text} _([${passage.documentTitle}](${passage.urlPath})${where})_`;
}

export function requirementsFor(grounding: Grounding, cues: string, limit: number): GroundedRequirement[] {
  const cueStems = new Set(words(cues).map(stem));
  return [...grounding.requirements]
    .map((requirement, index) => ({
      requirement,
      index,
      score: words(`${requirement.title} ${requirement.summary}`)
        .map(stem)
        .filter((word) => cueStems.has(word)).length,
    }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((entry) => entry.requirement);
}

/** The passages sharing most words with a text (a question, a risk, a requirement). */
export function passagesFor(grounding: Grounding, text: string, limit: number): GroundedPassage[] {
  const wanted = new Set(words(text).map(stem));
  return grounding.passages
    .map((passage, index) => ({
      passage,
      index,
      score: new Set(
        words(`${passage.heading} ${passage.text}`)
          .map(stem)
          .filter((word) => word.length > 3 && wanted.has(word)),
      ).size,
    }))
    .filter((entry) => entry.score >= 2)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((entry) => entry.passage);
}

/** Kinds of sensitive data the request (or its frameworks) implies. */
export function sensitiveData(grounding: Grounding): string[] {
  const text = `${grounding.request.title} ${grounding.request.brief} ${grounding.notes ?? ''}`.toLowerCase();
  const ids = grounding.frameworks.map((framework) => framework.id);
  const found: string[] = [];
  if (ids.includes('hipaa') || /\b(health|patient|phi|medical|clinical)\b/.test(text)) found.push('health information');
  if (ids.includes('pci') || /\b(payment|card|cardholder|pan)\b/.test(text)) found.push('payment card data');
  if (
    ids.includes('gdpr') ||
    ids.includes('ccpa') ||
    /\b(personal data|pii|customer data|employee data|personal information)\b/.test(text)
  ) {
    found.push('personal data');
  }
  if (/\b(financial|bank|banking|transactions?)\b/.test(text)) found.push('financial records');
  if (/\b(children|minors?|biometric)\b/.test(text)) found.push('special-category data');
  return found;
}

/** A baseline exposure from the data at stake, the frameworks in scope and the organisation's size. */
export function exposureScore(grounding: Grounding): number {
  const size = grounding.organization.size;
  const sizeWeight = size === '2000+' ? 8 : size === '501-2000' ? 5 : size === '201-500' ? 3 : 0;
  return clamp(34 + sensitiveData(grounding).length * 9 + Math.min(grounding.frameworks.length, 3) * 4 + sizeWeight, 10, 92);
}

export function frameworkList(grounding: Grounding): string {
  return grounding.frameworks.map((framework) => framework.label).join(', ');
}

export function organizationName(grounding: Grounding): string {
  return grounding.organization.name.trim() || 'the organisation';
}

/** Who owns what depends on size: a 30-person company has no CISO. */
export function securityOwner(grounding: Grounding): string {
  const size = grounding.organization.size;
  if (size === '1-50' || size === null) return 'CTO (security lead)';
  if (size === '51-200') return 'Head of Security';
  return 'Chief Information Security Officer (CISO)';
}

/** How confident the draft is: lower when the grounding is thin. */
export function confidenceOf(grounding: Grounding): number {
  const relevant = grounding.requirements.filter((requirement) => requirement.relevance > 0).length;
  const briefWords = grounding.request.brief.split(' ').filter(Boolean).length;
  let score = 40;
  score += Math.min(grounding.passages.length, 5) * 5;
  score += Math.min(relevant, 5) * 3;
  score += grounding.assumedFrameworks ? 0 : 8;
  score += briefWords >= 25 ? 6 : briefWords >= 8 ? 3 : 0;
  return clamp(score, 20, 92);
}

/** The body's closing list of what it cites (the notes layer writes it again after applying notes). */
export function sourcesSection(grounding: Grounding, body: string): string {
  const sources = citedSources(body, grounding);
  return sources
    .map((source) => {
      if (source.kind === 'framework_requirement') return `- ${source.ref} — ${source.title} (framework requirement)`;
      if (source.kind === 'knowledge_base') return `- [${source.title}](${source.ref}) (ComplianceCore knowledge base)`;
      if (source.kind === 'deliverable') return `- ${source.title} (your earlier deliverable ${source.ref})`;
      return `- Your request: “${source.title}”`;
    })
    .join('\n');
}

/** Puts a composer's draft into the shared frame and works out its sources and confidence. */
export function assembleDraft(grounding: Grounding, composed: ComposedDraft, previous: DraftInput['previous']): DraftResult {
  const version = previous ? previous.version + 1 : 1;
  const kind = grounding.request.workKind;
  const facts = table(
    ['', ''],
    [
      ['Prepared for', organizationName(grounding)],
      ['Kind of work', WORK_KIND_LABELS[kind]],
      ['Frameworks', `${frameworkList(grounding)}${grounding.assumedFrameworks ? ' (assumed: the request names none)' : ''}`],
      ['Agent', AGENT_FOR_KIND[kind]],
      ['Version', `Draft ${version}${previous ? ` (revises draft ${previous.version})` : ''}`],
    ],
  );
  const intro = [
    `# ${composed.title}`,
    '',
    facts,
    '',
    '_A first draft by a ComplianceCore agent for human review. It is guidance, not legal advice, and it does not certify compliance: certification and attestation come from an independent, accredited auditor._',
  ].join('\n');
  const content = composed.sections.map((section) => `## ${section.heading}\n\n${section.body.trim()}`).join('\n\n');
  // A redraft's "Changes in this version" is written by the notes layer (notes/apply-notes.ts), which
  // checks each change it claims against the previous version. The one reference check
  // (check-references.ts): nothing the catalogue does not hold, or of an out-of-scope framework, is
  // left in (a quoted brief or passage could carry one).
  const context = referenceContext(
    grounding.facts,
    grounding.frameworks.map((framework) => framework.id),
  );
  const withoutSources = cleanReferences(`${intro}\n\n${content}`, context);
  const body = `${withoutSources}\n\n## Sources\n\n${sourcesSection(grounding, withoutSources)}\n`;
  return {
    title: composed.title,
    confidence: confidenceOf(grounding),
    summary: cleanReferences(composed.summary, context),
    keyFindings: composed.keyFindings.map((finding) => cleanReferences(finding, context)).filter(Boolean),
    riskScore: clamp(composed.riskScore),
    recommendations: composed.recommendations.map((recommendation) => cleanReferences(recommendation, context)).filter(Boolean),
    body,
    sources: citedSources(body, grounding),
    provider: 'builtin',
    model: 'builtin-composer-1',
    inputTokens: null,
    outputTokens: null,
  };
}

/** Capitalises the first letter. */
export function sentenceCase(text: string): string {
  return text ? `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}` : text;
}

/** The earlier deliverables worth citing: those sharing topic words with this request. */
export function relatedDeliverables(grounding: Grounding): Grounding['earlierDeliverables'] {
  return grounding.earlierDeliverables
    .filter((deliverable) => words(deliverable.title).some((word) => grounding.topic.has(stem(word))))
    .slice(0, 3);
}

export function deliverableLine(deliverable: Grounding['earlierDeliverables'][number]): string {
  return `“${deliverable.title}” (deliverable ${deliverable.id})`;
}

import { MAPPING_RELATION_LABELS } from '../../../../shared/schemas/programme-statuses.ts';
import type { CatalogueHit } from '../advisor-catalogue.ts';
import { neutralizeRetrievedText } from '../advisor-guardrails.ts';
import { clip } from '../advisor-text.ts';
import { normalizeCitation } from '../advisor-references.ts';
import type { AdvisorRequest } from './provider.ts';

/**
 * The builtin advisor's answer from the catalogue, in sentences written for the question: which
 * requirement covers it and why (its own summary), which common control implements it, and where
 * else that control's evidence counts. Used when the question names a framework or asks which
 * requirement or control applies; otherwise the guidance alone answers.
 */

const ASKS_WHICH =
  /\b(which|what)\b[^?]{0,60}\b(control|controls|requirement|clause|article|criteri(?:on|a)|section|subcategory|safeguard)s?\b/i;
/** A second hit is mentioned only when it is nearly as good as the first. */
const RELATED_SHARE = 0.7;
const SUMMARY_LENGTH = 280;

function firstSentence(text: string): string {
  const plain = neutralizeRetrievedText(text.replaceAll(/\s+/g, ' ').trim());
  const end = plain.search(/[.!?](\s|$)/);
  return clip(end > 0 ? plain.slice(0, end + 1) : plain, SUMMARY_LENGTH);
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? `${text[0]?.toLowerCase() ?? ''}${text.slice(1)}` : text;
}

function controlSentence(hit: CatalogueHit): string | null {
  const [control] = [...hit.controls].sort((a, b) => rank(a.relation) - rank(b.relation));
  if (!control) return null;
  const relation = MAPPING_RELATION_LABELS[control.relation].split(':')[0]?.toLowerCase() ?? control.relation;
  const also = control.alsoServes.length > 0 ? `; the same control and its evidence also count for ${control.alsoServes.join(', ')}` : '';
  return `In ComplianceCore's common control set it is implemented by ${control.id} ${control.title} (${relation} mapping)${also}.`;
}

function rank(relation: string): number {
  return ['equal', 'superset', 'subset', 'intersect'].indexOf(relation);
}

/** A catalogue summary that says something ("Standard." or "Implementation specification (Required)." does not). */
const isInformative = (text: string) => text.split(/\s+/).length >= 6 && !/^(standard|implementation specification)\b/i.test(text);

/**
 * What the governing requirement asks, in a sentence: its catalogue summary, or, when that is only a
 * label, the summary the framework's own page gives for it.
 */
function governingText(request: AdvisorRequest, hit: CatalogueHit): string {
  const summary = firstSentence(hit.summary);
  if (isInformative(summary)) return summary;
  const wanted = normalizeCitation(hit.citation);
  for (const document of request.documents) {
    for (const requirement of document.requirements) {
      const citation = normalizeCitation(requirement.citation);
      if ((wanted.startsWith(citation) || citation.startsWith(wanted)) && isInformative(requirement.summary)) {
        return firstSentence(requirement.summary);
      }
    }
  }
  return `${hit.title}${/[.!?]$/.test(hit.title) ? '' : '.'}`;
}

export function catalogueAnswer(request: AdvisorRequest): { lines: string[]; references: string[] } | null {
  const [best, ...rest] = request.catalogue;
  if (!best) return null;
  const explicit = best.explicit;
  if (!explicit && request.analysis.frameworks.length === 0 && !ASKS_WHICH.test(request.message)) return null;
  const topic = request.analysis.keywords
    .filter((word) => !/^(control|controls|cover|covers|requirement|clause|article)$/i.test(word))
    .slice(0, 4)
    .join(' ');
  // The first sentence answers the question, from the requirement that governs it; why it is that
  // requirement comes second.
  const answer = governingText(request, best);
  const lines = [`Under **${best.citation} ${best.title}**: ${answer}`];
  if (!explicit)
    lines.push('', `${best.citation} is the ${best.frameworkName} requirement that governs ${topic ? 'this' : 'what you asked about'}.`);
  const control = controlSentence(best);
  if (control) lines.push('', control);
  const related = rest
    .filter((hit) => hit.framework === best.framework && (hit.explicit || hit.score >= best.score * RELATED_SHARE))
    .slice(0, 1);
  for (const hit of related) {
    lines.push('', `Related: ${hit.citation} ${hit.title} — ${lowerFirst(firstSentence(hit.summary))}`);
  }
  return { lines, references: [best.citation, ...related.map((hit) => hit.citation)] };
}

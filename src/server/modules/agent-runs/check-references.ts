import type { BriefFacts } from '../../../shared/schemas/brief-facts.ts';
import type { CatalogueFrameworkId } from '../../../shared/schemas/programme-statuses.ts';
import { sentences } from '../../../shared/rules/sentences.ts';
import { findReferences } from '../advisor/advisor-references.ts';
import { isKnownCitation } from './brief/brief-catalogue.ts';
import type { DraftResult } from './providers/agent-provider.ts';

/**
 * The reference check every draft passes before it reaches review (docs/delivery.md "What the agent
 * reads"), whichever provider wrote it: a citation the frameworks catalogue does not hold, or of a
 * framework the request put out of scope, is never shown. `referenceProblems` lists them (a provider
 * that can re-ask a model uses it); `checkDraftReferences` takes out the lines, rows and sentences
 * that carry them and says what it removed, so the reviewer is told.
 */

export interface ReferenceProblems {
  /** Citations the catalogue does not hold, as the draft wrote them. */
  unknown: string[];
  /** Citations of a framework the request declared out of scope. */
  outOfScope: string[];
}

export interface ReferenceContext {
  /** The frameworks in scope, which attribute a bare code ("Art. 32" is GDPR's when GDPR is in scope). */
  frameworks: readonly CatalogueFrameworkId[];
  outOfScope: readonly CatalogueFrameworkId[];
}

export function referenceContext(facts: BriefFacts, frameworks: readonly CatalogueFrameworkId[] = facts.frameworks): ReferenceContext {
  return { frameworks, outOfScope: facts.outOfScope.map((entry) => entry.framework) };
}

function citationsIn(text: string, context: ReferenceContext): { citation: string; framework: CatalogueFrameworkId }[] {
  const found = new Map<number, { citation: string; framework: CatalogueFrameworkId }>();
  for (const framework of [null, ...context.frameworks]) {
    for (const reference of findReferences(text, framework)) {
      if (!found.has(reference.index)) found.set(reference.index, { citation: reference.citation, framework: reference.framework });
    }
  }
  return [...found.entries()].sort((a, b) => a[0] - b[0]).map(([, reference]) => reference);
}

export function referenceProblems(text: string, context: ReferenceContext): ReferenceProblems {
  const unknown = new Set<string>();
  const outOfScope = new Set<string>();
  for (const reference of citationsIn(text, context)) {
    if (context.outOfScope.includes(reference.framework)) outOfScope.add(reference.citation);
    else if (!isKnownCitation(reference.citation)) unknown.add(reference.citation);
  }
  return { unknown: [...unknown], outOfScope: [...outOfScope] };
}

function hasProblem(text: string, context: ReferenceContext): boolean {
  const problems = referenceProblems(text, context);
  return problems.unknown.length + problems.outOfScope.length > 0;
}

/** A paragraph without its sentences that carry a problem; a list item or table row goes whole. */
function cleanLine(line: string, context: ReferenceContext): string | null {
  if (!hasProblem(line, context)) return line;
  if (/^\s*(\||[-*+]\s|\d+[.)]\s|>)/.test(line) || /^#{1,6}\s/.test(line)) return null;
  const kept = sentences(line).filter((sentence) => !hasProblem(sentence, context));
  return kept.length > 0 ? kept.join(' ') : null;
}

/** A text without the lines, rows and sentences that carry a citation the catalogue does not hold or that is out of scope. */
export function cleanReferences(text: string, context: ReferenceContext): string {
  return text
    .split('\n')
    .map((line) => cleanLine(line, context))
    .filter((line): line is string => line !== null)
    .join('\n');
}

export interface CheckedDraft {
  draft: DraftResult;
  /** Every citation taken out, unknown or out of scope. */
  removed: string[];
}

export function checkDraftReferences(draft: DraftResult, context: ReferenceContext): CheckedDraft {
  const all = [draft.title, draft.summary, ...draft.keyFindings, ...draft.recommendations, draft.body].join('\n');
  const problems = referenceProblems(all, context);
  const removed = [...problems.unknown, ...problems.outOfScope];
  if (removed.length === 0) return { draft, removed };
  const list = (items: string[]) => items.map((item) => cleanReferences(item, context)).filter((item) => item.trim() !== '');
  const removedKeys = new Set(removed.map((citation) => citation.toLowerCase()));
  return {
    draft: {
      ...draft,
      summary: cleanReferences(draft.summary, context),
      keyFindings: list(draft.keyFindings),
      recommendations: list(draft.recommendations),
      body: cleanReferences(draft.body, context),
      sources: draft.sources.filter((source) => source.kind !== 'framework_requirement' || !removedKeys.has(source.ref.toLowerCase())),
    },
    removed,
  };
}

import type { BriefStatement, BriefThing, BriefThingKind } from '../../../../shared/schemas/brief-facts.ts';
import { FRAMEWORKS } from '../../advisor/advisor-frameworks.ts';
import { type GroundedRequirement, type Grounding, statementRequirements } from './agent-grounding.ts';

/**
 * What every composer says about the brief's facts (docs/delivery.md "What the agent reads"): the
 * references asked for (they lead the scope), the frameworks put out of scope (named, never cited),
 * the systems named, and each stated gap and strength with the requirements its controls map to.
 */

/** The requirements the request names, in its order. */
export function askedRequirements(grounding: Grounding): GroundedRequirement[] {
  return grounding.requirements.filter((requirement) => requirement.asked === true);
}

export function unknownReferenceCount(grounding: Grounding): number {
  return grounding.facts.references.filter((reference) => !reference.known).length;
}

/** Sentences for a draft's scope: asked references, out-of-scope frameworks, references not in the catalogue. */
export function scopeStatements(grounding: Grounding): string[] {
  const lines: string[] = [];
  const asked = askedRequirements(grounding);
  if (asked.length > 0) {
    lines.push(
      `The request asks for ${asked.map((requirement) => `${requirement.citation} (${requirement.title})`).join(', ')}: ${asked.length === 1 ? 'it is' : 'each is'} addressed first below.`,
    );
  }
  const outOfScope = [...new Set(grounding.facts.outOfScope.map((entry) => FRAMEWORKS[entry.framework].label))];
  if (outOfScope.length > 0) {
    lines.push(
      `Out of scope, as the request says: ${outOfScope.join(', ')}. Nothing here is measured against ${outOfScope.length === 1 ? 'it' : 'them'}.`,
    );
  }
  const unknown = unknownReferenceCount(grounding);
  if (unknown > 0) {
    lines.push(
      `${unknown === 1 ? 'One reference' : `${unknown} references`} in the request could not be found in ComplianceCore's frameworks catalogue and ${unknown === 1 ? 'is' : 'are'} not cited; the reviewer checks ${unknown === 1 ? 'it' : 'them'} with the client.`,
    );
  }
  return lines;
}

export function thingsOfKind(grounding: Grounding, ...kinds: BriefThingKind[]): BriefThing[] {
  return grounding.facts.things.filter((thing) => kinds.includes(thing.kind));
}

/** "Okta (identity provider), AWS (cloud) and Jira (tool)". */
export function describeThings(things: readonly BriefThing[]): string {
  const label: Record<BriefThingKind, string> = {
    identity_provider: 'identity provider',
    cloud: 'cloud',
    vendor: 'vendor',
    tool: 'tool',
    system: 'system',
  };
  const parts = things.map((thing) => `${thing.name} (${label[thing.kind]})`);
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;
}

/** A statement quoted briefly for a table cell or a plan line. */
export function quoted(statement: BriefStatement, max = 160): string {
  const text = statement.text.replaceAll(/[“”"]/g, "'");
  return `“${text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text}”`;
}

export interface StatedItem {
  statement: BriefStatement;
  requirements: GroundedRequirement[];
}

/** Each stated gap (or strength) with the in-scope requirements its controls map to; one entry per topic. */
export function statedItems(grounding: Grounding, statements: readonly BriefStatement[], limit = 2): StatedItem[] {
  const seen = new Set<string>();
  const items: StatedItem[] = [];
  for (const statement of statements) {
    if (seen.has(statement.topic)) continue;
    seen.add(statement.topic);
    items.push({ statement, requirements: statementRequirements(grounding, statement, limit) });
  }
  return items;
}

export const statedGaps = (grounding: Grounding, limit = 2) => statedItems(grounding, grounding.facts.gaps, limit);
export const statedStrengths = (grounding: Grounding, limit = 2) => statedItems(grounding, grounding.facts.strengths, limit);

/** "SOC 2 CC6.1, ISO 27001 A.8.5", or what to do when the catalogue maps nothing in scope. */
export function citationList(requirements: readonly GroundedRequirement[]): string {
  return requirements.length > 0 ? requirements.map((requirement) => requirement.citation).join(', ') : 'no mapped requirement in scope';
}

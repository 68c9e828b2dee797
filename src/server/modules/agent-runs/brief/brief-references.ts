import type { BriefReference } from '../../../../shared/schemas/brief-facts.ts';
import type { CatalogueFrameworkId } from '../../../../shared/schemas/programme-statuses.ts';
import { FRAMEWORKS, detectFrameworks } from '../../advisor/advisor-frameworks.ts';
import { findReferences } from '../../advisor/advisor-references.ts';
import { type AgentCatalogue, agentCatalogue, canonicalCitation, entryForCitation } from './brief-catalogue.ts';

/**
 * The explicit references a request makes, each resolved against the catalogue: single ones with the
 * advisor's reference finder ("CC6.1", "Art. 32", "§164.312(b)", "Requirement 10" once PCI DSS is
 * named), and ranges ("A.8.1–8.5", "CC6.1 to CC6.3", "Articles 15-22", "Requirements 7 through 9")
 * expanded into each requirement of the catalogue they span. A reference the catalogue does not
 * hold is kept with `known: false`: the reviewer sees it, no draft cites it.
 */

/** Ranges longer than this are a typo or a whole chapter; only the ends are kept. */
const MAX_RANGE = 30;

const DASH = String.raw`\s*(?:[-–—]|to|through|thru|until)\s*`;

interface RangePattern {
  regex: RegExp;
  /** `attributed`: ISO 27001 or 42001 by the name nearby; `article`: the EU act named nearby (GDPR, NIS2, DORA, AI Act). */
  framework: CatalogueFrameworkId | 'attributed' | 'article';
  /** The catalogue ref of number n in the range, given the start's match. */
  refOf: (match: RegExpExecArray, n: number) => string;
  start: (match: RegExpExecArray) => number;
  end: (match: RegExpExecArray) => number;
}

const RANGES: readonly RangePattern[] = [
  {
    // ISO 27001 Annex A: A.8.1–8.5, A.8.1-A.8.5, Annex A 5.15 to 5.18
    regex: new RegExp(String.raw`\b(?:Annex\s+A\s?|A\.)(\d{1,2})\.(\d{1,2})${DASH}(?:A\.)?(?:\1\.)?(\d{1,2})\b`, 'gi'),
    framework: 'attributed',
    refOf: (match, n) => `A.${match[1]}.${n}`,
    start: (match) => Number(match[2]),
    end: (match) => Number(match[3]),
  },
  {
    // SOC 2: CC6.1–CC6.3, CC6.1-6.8
    regex: new RegExp(String.raw`\b(CC|PI|A|C|P)([1-9])\.(\d{1,2})${DASH}(?:\1)?(?:\2\.)(\d{1,2})\b`, 'g'),
    framework: 'soc2',
    refOf: (match, n) => `${match[1]}${match[2]}.${n}`,
    start: (match) => Number(match[3]),
    end: (match) => Number(match[4]),
  },
  {
    // GDPR, NIS2, DORA, the AI Act: Articles 15–22, Art. 12-14
    regex: new RegExp(String.raw`\b(?:Articles?|Arts?\.?)\s*(\d{1,3})${DASH}(?:Art(?:icle)?\.?\s*)?(\d{1,3})\b`, 'gi'),
    framework: 'article',
    refOf: (_match, n) => `Art. ${n}`,
    start: (match) => Number(match[1]),
    end: (match) => Number(match[2]),
  },
  {
    // PCI DSS: Requirements 7–9, Req. 10.2.1-10.2.5 (the last number ranges)
    regex: new RegExp(
      String.raw`\b(?:Requirements?|Reqs?\.?)\s*((?:\d{1,2}\.){0,3})(\d{1,2})${DASH}(?:Req(?:uirement)?\.?\s*)?(?:\1)?(\d{1,2})\b`,
      'gi',
    ),
    framework: 'pci',
    refOf: (match, n) => `${match[1] ?? ''}${n}`,
    start: (match) => Number(match[2]),
    end: (match) => Number(match[3]),
  },
];

const LIST =
  /\b(Requirements?|Reqs?\.?|Articles?|Arts?\.?)\s+(\d{1,3}(?:\.\d{1,2}){0,3})((?:\s*(?:,|and|&)\s*\d{1,3}(?:\.\d{1,2}){0,3}\b)+)/gi;

/**
 * A group reference followed by its parts in parentheses or after a colon: "Requirement 10 (audit
 * logs 10.2, daily log review 10.4.1)", "Req. 8: 8.3.6 and 8.4.2", "Annex A 5 (5.15, A.5.16)". The
 * group's number leads each part, so a bare "10.2" there is PCI DSS Req. 10.2, never a date or a count.
 */
const GROUP_WITH_PARTS =
  /\b(?:(Requirements?|Reqs?\.?)\s*|(Annex\s+A\s*|A\.))(\d{1,2})\b(?![.\d])\s*(?:\(([^)]{1,200})\)|:\s*([^\n.;]*(?:\.\d[^\n.;]*)*))/gi;

function partsOfGroups(
  text: string,
  named: readonly CatalogueFrameworkId[],
): { at: number; framework: CatalogueFrameworkId; ref: string; written: string }[] {
  const parts: { at: number; framework: CatalogueFrameworkId; ref: string; written: string }[] = [];
  for (const match of text.matchAll(GROUP_WITH_PARTS)) {
    const framework: CatalogueFrameworkId | null = match[1]
      ? named.includes('pci')
        ? 'pci'
        : null
      : isoFramework(text, match.index, named);
    if (!framework) continue;
    const group = match[3] ?? '';
    const body = match[4] ?? match[5] ?? '';
    const bodyAt = match.index + match[0].length - body.length - (match[4] === undefined ? 0 : 1);
    for (const code of body.matchAll(/(?<![\w§])(?:A\.)?(\d{1,2}(?:\.\d{1,2}){1,3})\b/g)) {
      const number = code[1] ?? '';
      if (!number.startsWith(`${group}.`)) continue;
      parts.push({ at: bodyAt + code.index, framework, ref: framework === 'pci' ? `Req. ${number}` : `A.${number}`, written: code[0] });
    }
  }
  return parts;
}

function referenceFor(
  written: string,
  framework: CatalogueFrameworkId,
  citation: string,
  source: string,
  catalogue: AgentCatalogue,
): BriefReference {
  const entry = entryForCitation(citation, catalogue);
  return { written, citation: entry?.citation ?? citation, framework, known: entry !== null, title: entry?.title ?? null, source };
}

const EU_ACTS: readonly CatalogueFrameworkId[] = ['gdpr', 'nis2', 'dora', 'eu-ai-act'];

/** The EU act an article reference belongs to: the one named just before it, else the first the request names; null when none is. */
function euAct(text: string, index: number, named: readonly CatalogueFrameworkId[]): CatalogueFrameworkId | null {
  const before = detectFrameworks(text.slice(Math.max(0, index - 40), index)).findLast((id) => EU_ACTS.includes(id));
  return before ?? named.find((id) => EU_ACTS.includes(id)) ?? null;
}

/** The framework a range's codes belong to where the codes alone do not say (ISO 27001 or ISO 42001). */
function isoFramework(text: string, index: number, named: readonly CatalogueFrameworkId[]): CatalogueFrameworkId {
  const before = detectFrameworks(text.slice(Math.max(0, index - 40), index));
  if (before.includes('iso42001') && !before.includes('iso27001')) return 'iso42001';
  return named.includes('iso42001') && !named.includes('iso27001') ? 'iso42001' : 'iso27001';
}

/**
 * The references of one text. `named` are the frameworks the whole request names (in order), which
 * attribute a bare code ("Requirement 10" is PCI DSS's once PCI DSS is named anywhere).
 */
export function referencesIn(text: string, source: string, named: readonly CatalogueFrameworkId[]): BriefReference[] {
  const catalogue = agentCatalogue();
  const found: { at: number; reference: BriefReference }[] = [];
  const covered: [number, number][] = [];
  for (const pattern of RANGES) {
    for (const match of text.matchAll(pattern.regex)) {
      const framework =
        pattern.framework === 'attributed'
          ? isoFramework(text, match.index, named)
          : pattern.framework === 'article'
            ? euAct(text, match.index, named)
            : pattern.framework;
      if (!framework) continue;
      if (pattern.framework === 'pci' && !named.includes('pci')) continue;
      const start = pattern.start(match);
      const end = pattern.end(match);
      if (end <= start) continue;
      const numbers = end - start > MAX_RANGE ? [start, end] : Array.from({ length: end - start + 1 }, (_, i) => start + i);
      covered.push([match.index, match.index + match[0].length]);
      for (const n of numbers) {
        const ref = pattern.refOf(match, n);
        const citation =
          findReferences(ref, framework).find((found) => found.framework === framework)?.citation ??
          `${FRAMEWORKS[framework].label} ${ref}`;
        found.push({ at: match.index, reference: referenceFor(match[0], framework, citation, source, catalogue) });
      }
    }
  }
  // Lists: "Requirements 3 and 4", "Articles 5, 6 and 9" (the finder reads the first only).
  for (const match of text.matchAll(LIST)) {
    const framework: CatalogueFrameworkId | null = /^art/i.test(match[1] ?? '')
      ? euAct(text, match.index, named)
      : named.includes('pci')
        ? 'pci'
        : null;
    if (!framework) continue;
    covered.push([match.index, match.index + match[0].length]);
    for (const code of `${match[2] ?? ''} ${match[3] ?? ''}`.match(/\d+(?:\.\d+)*/g) ?? []) {
      const citation = framework === 'pci' ? `PCI DSS Req. ${code}` : `${FRAMEWORKS[framework].label} Art. ${code}`;
      found.push({ at: match.index, reference: referenceFor(match[0], framework, citation, source, catalogue) });
    }
  }
  for (const part of partsOfGroups(text, named)) {
    const citation = findReferences(part.ref, part.framework)[0]?.citation ?? `${FRAMEWORKS[part.framework].label} ${part.ref}`;
    found.push({ at: part.at, reference: referenceFor(part.written, part.framework, citation, source, catalogue) });
  }
  // Single references: try each framework the request names as the context of a bare code.
  const contexts: (CatalogueFrameworkId | null)[] = [null, ...named];
  const singles = new Map<number, { citation: string; framework: CatalogueFrameworkId; written: string }>();
  for (const context of contexts) {
    for (const reference of findReferences(text, context)) {
      if (singles.has(reference.index)) continue;
      if (covered.some(([from, to]) => reference.index >= from && reference.index < to)) continue;
      const written = /^(?:Annex\s+A\s?)?[^\s,;]+(?:\s+\d[^\s,;]*)?/i.exec(text.slice(reference.index))?.[0] ?? reference.citation;
      singles.set(reference.index, {
        citation: reference.citation,
        framework: reference.framework,
        written: written.replace(/[,;:.)]+$/, ''),
      });
    }
  }
  for (const [at, single] of singles)
    found.push({ at, reference: referenceFor(single.written, single.framework, single.citation, source, catalogue) });
  found.sort((a, b) => a.at - b.at);
  const seen = new Set<string>();
  return found
    .map((item) => item.reference)
    .filter((reference) => {
      const key = canonicalCitation(reference.citation);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

import { type FrameworkId, FRAMEWORKS, detectFrameworks } from './advisor-frameworks.ts';

/**
 * Finds framework references in text and cites them the one way answers and the evaluation use:
 * "SOC 2 CC6.1", "ISO 27001 A.5.15", "ISO 27001 Clause 9.2", "GDPR Art. 32", "HIPAA §164.312(b)",
 * "PCI DSS Req. 8.4", "NIST CSF PR.AA-01", "CCPA §1798.100". A bare code ("Art. 32", "A.8.8") is
 * attributed to a framework named just before it, else to the framework of the document it sits in.
 */

interface Pattern {
  regex: RegExp;
  /** Frameworks the bare code can belong to; the first is used when the context names none of them. */
  frameworks: readonly FrameworkId[];
  /** Whether the code is unambiguous without any context. */
  standalone: boolean;
  cite: (framework: FrameworkId, match: RegExpExecArray) => string;
}

const PATTERNS: readonly Pattern[] = [
  { regex: /\b(CC[1-9]\.\d{1,2})\b/g, frameworks: ['soc2'], standalone: true, cite: (_f, m) => `SOC 2 ${m[1]}` },
  { regex: /\b((?:PI|A|C|P)[1-9]\.\d{1,2})\b/g, frameworks: ['soc2'], standalone: false, cite: (_f, m) => `SOC 2 ${m[1]}` },
  {
    regex: /\bAnnex\s+A\s?(\d{1,2}(?:\.\d{1,2}){1,2})\b/g,
    frameworks: ['iso27001', 'iso42001', 'iso27701'],
    standalone: true,
    cite: (f, m) => `${FRAMEWORKS[f].label} A.${m[1]}`,
  },
  {
    regex: /(?<!Annex\s)\b(A\.\d{1,2}(?:\.\d{1,2}){1,2})\b/g,
    frameworks: ['iso27001', 'iso42001', 'iso27701'],
    standalone: true,
    cite: (f, m) => `${FRAMEWORKS[f].label} ${m[1]}`,
  },
  // ISO 27701's Annex B (controls for PII processors): B.8.2.1, Annex B 8.5.6
  {
    regex: /\b(?:Annex\s+B\s?|B\.)(8(?:\.\d{1,2}){1,2})\b/g,
    frameworks: ['iso27701'],
    standalone: true,
    cite: (_f, m) => `ISO 27701 B.${m[1]}`,
  },
  {
    regex: /\bClauses?\s+(\d{1,2}(?:\.\d{1,2}){0,3})\b/gi,
    frameworks: ['iso27001', 'iso42001', 'iso27701'],
    standalone: false,
    cite: (f, m) => `${FRAMEWORKS[f].label} Clause ${m[1]}`,
  },
  // The EU acts: "GDPR Art. 32" (cited by article), "NIS2 Art. 21(2)(d)", "DORA Article 28", "EU AI Act Art. 14"
  // (cited down to paragraph and point). One pattern, so the act named nearest before the code wins.
  {
    regex: /\b(?:Art\.|Article|Art)\s*(\d{1,3})(?!\d)((?:\(\d{1,2}\))?(?:\([a-z]\))?)/gi,
    frameworks: ['gdpr', 'nis2', 'dora', 'eu-ai-act'],
    standalone: false,
    cite: (f, m) => (f === 'gdpr' ? `GDPR Art. ${m[1]}` : `${FRAMEWORKS[f].label} Art. ${m[1]}${(m[2] ?? '').toLowerCase()}`),
  },
  {
    regex: /(?:§|\b45\s*C\.?F\.?R\.?\s*(?:§|Part)?)\s*(164\.\d{3})((?:\([a-z0-9]{1,4}\)){0,2})/gi,
    frameworks: ['hipaa'],
    standalone: true,
    cite: (_f, m) => `HIPAA §${m[1]}${m[2] ?? ''}`,
  },
  {
    regex: /(?<![§.\d])\b(164\.\d{3})((?:\([a-z0-9]{1,4}\)){0,2})/g,
    frameworks: ['hipaa'],
    standalone: false,
    cite: (_f, m) => `HIPAA §${m[1]}${m[2] ?? ''}`,
  },
  {
    regex: /\b(?:Req\.|Requirement|Req)\s*(\d{1,2}(?:\.\d{1,2}){0,3})\b/gi,
    frameworks: ['pci'],
    standalone: false,
    cite: (_f, m) => `PCI DSS Req. ${m[1]}`,
  },
  {
    regex: /\b(GV|ID|PR|DE|RS|RC)\.([A-Z]{2})(?:-(\d{2}))?\b/g,
    frameworks: ['nist-csf'],
    standalone: true,
    cite: (_f, m) => `NIST CSF ${m[1]}.${m[2]}${m[3] ? `-${m[3]}` : ''}`,
  },
  { regex: /(?:§|\bSection)\s*(1798\.\d{3}(?:\.\d{1,2})?)/gi, frameworks: ['ccpa'], standalone: true, cite: (_f, m) => `CCPA §${m[1]}` },
  // NIST SP 800-53's controls and enhancements, once the framework is named: AC-2, IA-2(1).
  {
    regex: /\b(AC|AT|AU|CA|CM|CP|IA|IR|MA|MP|PE|PL|PM|PS|PT|RA|SA|SC|SI|SR)-([1-9]\d?)(\(\d{1,2}\))?(?![\w-])/g,
    frameworks: ['nist-800-53'],
    standalone: false,
    cite: (_f, m) => `NIST SP 800-53 ${m[1]}-${m[2]}${m[3] ?? ''}`,
  },
  // CIS Controls' safeguards, always with the name: "CIS Controls 4.1", "CIS Safeguard 6.3", "CIS v8.1 control 7".
  {
    regex: /\bCIS(?:\s+Critical\s+Security)?(?:\s+Controls?)?(?:\s+v8(?:\.1)?)?\s+(?:(?:Safeguard|Control)\s+)?(\d{1,2}(?:\.\d{1,2})?)\b/gi,
    frameworks: ['cis'],
    standalone: true,
    cite: (_f, m) => `CIS Controls ${m[1]}`,
  },
];

const LOOKBEHIND = 28;

function attribute(pattern: Pattern, text: string, index: number, context: FrameworkId | null): FrameworkId | null {
  const named = detectFrameworks(text.slice(Math.max(0, index - LOOKBEHIND), index));
  const explicit = named.findLast((id) => pattern.frameworks.includes(id));
  if (explicit) return explicit;
  // A code right after another framework's name ("GDPR Art. 32" is not a PCI requirement).
  if (named.length > 0 && !pattern.standalone) return null;
  if (context && pattern.frameworks.includes(context)) return context;
  return pattern.standalone ? (pattern.frameworks[0] ?? null) : null;
}

export interface FoundReference {
  citation: string;
  framework: FrameworkId;
  index: number;
}

export function findReferences(text: string, context: FrameworkId | null): FoundReference[] {
  const found: FoundReference[] = [];
  for (const pattern of PATTERNS) {
    for (const match of text.matchAll(pattern.regex)) {
      const framework = attribute(pattern, text, match.index, context);
      if (!framework) continue;
      found.push({ citation: pattern.cite(framework, match as RegExpExecArray), framework, index: match.index });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

/**
 * How a framework's own requirement id is cited: "Annex A 5.15" of ISO 27001 is "ISO 27001 A.5.15",
 * a bare "8.4" of PCI DSS is "PCI DSS Req. 8.4"; anything unrecognised is cited as written.
 */
export function citeRequirement(framework: FrameworkId, ref: string): string {
  const found = findReferences(ref, framework).find((reference) => reference.framework === framework);
  if (found) return found.citation;
  const bare = ref.trim();
  if (framework === 'pci' && /^\d{1,2}(\.\d{1,2}){0,3}$/.test(bare)) return `PCI DSS Req. ${bare}`;
  if (framework === 'hipaa' && /^164\./.test(bare)) return `HIPAA §${bare}`;
  return `${FRAMEWORKS[framework].label} ${bare}`;
}

/** The distinct citations in a text, in order of appearance. */
export function extractReferences(text: string, context: FrameworkId | null = null): string[] {
  return [...new Set(findReferences(text, context).map((reference) => reference.citation))];
}

/** How the evaluation compares citations: case and spacing do not matter. */
export function normalizeCitation(citation: string): string {
  return citation.toLowerCase().replaceAll(/\s+/g, ' ').replaceAll('§ ', '§').trim();
}

/**
 * Whether an answer cites a reference. A finer citation cites a coarser one ("§164.308(a)(1)" cites
 * "§164.308"), but a longer code does not ("CC6.10" does not cite "CC6.1").
 */
export function citesReference(answer: string, reference: string): boolean {
  const escaped = normalizeCitation(reference).replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escaped}(?![0-9a-z]|[.-][0-9a-z])`).test(normalizeCitation(answer));
}

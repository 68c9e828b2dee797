import type { CatalogueFrameworkId, MappingRelation } from '../../../../shared/schemas/programme-statuses.ts';
import { citeRequirement, normalizeCitation } from '../../advisor/advisor-references.ts';
import { type Catalogue, loadCatalogue } from '../../frameworks/catalogue-files.ts';

/**
 * The frameworks catalogue (data/catalogue, the same files the database's `framework_requirements`
 * and `control_mappings` are seeded from) as the agents use it: every requirement under the citation
 * drafts use ("ISO 27001 A.8.1"), and the typed mappings from common controls to requirements. What
 * this index does not hold is not a reference a draft may show.
 */

export interface CatalogueEntry {
  framework: CatalogueFrameworkId;
  /** The framework's own id, exactly as the catalogue holds it ("Art. 32(1)(b)"). */
  ref: string;
  citation: string;
  title: string;
  summary: string;
  parent: string | null;
  /** A leaf: not a group of other requirements. */
  leaf: boolean;
  mappings: { control: string; relation: MappingRelation }[];
  /** Its place in the framework's own order. */
  position: number;
}

export interface AgentCatalogue {
  entries: CatalogueEntry[];
  /** normalized citation → the entries cited that way (sub-paragraphs share their article's citation). */
  byCitation: Map<string, CatalogueEntry[]>;
  /** `${framework}:${ref}` → entry. */
  byRef: Map<string, CatalogueEntry>;
  /** control id → the requirements it maps to. */
  byControl: Map<string, CatalogueEntry[]>;
  controlTitles: Map<string, string>;
}

let cached: AgentCatalogue | null = null;

/**
 * How drafts cite a catalogue requirement, the advisor's way (`citeRequirement`), and where the
 * catalogue holds a bare number the advisor writes with a word: "ISO 27001 Clause 6.1.2" (a clause of
 * ISO 27001 or ISO 42001), "CCPA §1798.105".
 */
export function catalogueCitation(framework: CatalogueFrameworkId, ref: string): string {
  if ((framework === 'iso27001' || framework === 'iso42001' || framework === 'iso27701') && /^\d/.test(ref))
    return citeRequirement(framework, `Clause ${ref}`);
  if (framework === 'ccpa' && /^1798\./.test(ref)) return `CCPA §${ref}`;
  return citeRequirement(framework, ref);
}

export function buildAgentCatalogue(catalogue: Catalogue): AgentCatalogue {
  const entries: CatalogueEntry[] = [];
  const controlTitles = new Map(catalogue.controls.map((control) => [control.id, control.title]));
  for (const framework of catalogue.frameworks) {
    const parents = new Set(framework.requirements.map((requirement) => requirement.parent));
    framework.requirements.forEach((requirement, position) => {
      entries.push({
        framework: framework.id,
        ref: requirement.ref,
        // The advisor cites the CCPA's sections with "§" ("CCPA §1798.105"); the catalogue holds the bare number.
        citation: catalogueCitation(framework.id, requirement.ref),
        title: requirement.title,
        summary: requirement.summary,
        parent: requirement.parent,
        leaf: !parents.has(requirement.ref),
        mappings: requirement.mappings,
        position,
      });
    });
  }
  const byCitation = new Map<string, CatalogueEntry[]>();
  const byRef = new Map<string, CatalogueEntry>();
  const byControl = new Map<string, CatalogueEntry[]>();
  for (const entry of entries) {
    const key = canonicalCitation(entry.citation);
    byCitation.set(key, [...(byCitation.get(key) ?? []), entry]);
    byRef.set(`${entry.framework}:${entry.ref}`, entry);
    for (const mapping of entry.mappings) byControl.set(mapping.control, [...(byControl.get(mapping.control) ?? []), entry]);
  }
  return { entries, byCitation, byRef, byControl, controlTitles };
}

/** The catalogue, read from its files once per process. */
export function agentCatalogue(): AgentCatalogue {
  cached ??= buildAgentCatalogue(loadCatalogue());
  return cached;
}

/**
 * A citation in the catalogue's own terms, for comparing: "ISO 27001 Clause 9.2" is "ISO 27001 9.2",
 * "CCPA §1798.105" is "CCPA 1798.105".
 */
export function canonicalCitation(citation: string): string {
  return normalizeCitation(citation.replace(/\bClause\s+/i, '').replaceAll(/§\s*/g, ''));
}

/** The catalogue entry a citation names (the article itself when sub-paragraphs share its citation). */
export function entryForCitation(citation: string, catalogue = agentCatalogue()): CatalogueEntry | null {
  const key = canonicalCitation(citation);
  const shortest = (entries: readonly CatalogueEntry[]) => [...entries].sort((a, b) => a.ref.length - b.ref.length)[0] ?? null;
  const found = catalogue.byCitation.get(key);
  if (found && found.length > 0) return shortest(found);
  // Cited coarser than the catalogue holds it: the first paragraph under it.
  for (const [known, entries] of catalogue.byCitation) if (key.includes('(') && known.startsWith(`${key}(`)) return shortest(entries);
  // Cited finer: the paragraph it sits in.
  let shorter = key;
  while (shorter.includes('(')) {
    shorter = shorter.slice(0, shorter.lastIndexOf('('));
    const parent = catalogue.byCitation.get(shorter);
    if (parent && parent.length > 0) return shortest(parent);
  }
  for (const [known, entries] of catalogue.byCitation) if (known.startsWith(`${key}(`)) return shortest(entries);
  return null;
}

/**
 * Whether the catalogue holds a citation ("SOC 2 CC6.1" yes, "SOC 2 CC6.19" no). A paragraph cited
 * coarser or finer than the catalogue holds it is the same requirement ("HIPAA §164.314(a)" of
 * "§164.314(a)(1)"), but a longer code is not ("CC6.10" is not "CC6.1").
 */
export function isKnownCitation(citation: string, catalogue = agentCatalogue()): boolean {
  return entryForCitation(citation, catalogue) !== null;
}

/**
 * The requirements of the given frameworks that the given controls map to, through the catalogue's
 * typed mappings: an `equal` or `superset` mapping first (the control covers the requirement), then
 * `subset` and `intersect`; each requirement once.
 */
export function requirementsOfControls(
  controls: readonly string[],
  frameworks: readonly CatalogueFrameworkId[],
  catalogue = agentCatalogue(),
): CatalogueEntry[] {
  const strength: Record<MappingRelation, number> = { equal: 0, superset: 1, subset: 2, intersect: 3 };
  const found = new Map<string, { entry: CatalogueEntry; rank: number; order: number }>();
  controls.forEach((control, order) => {
    for (const entry of catalogue.byControl.get(control) ?? []) {
      if (!frameworks.includes(entry.framework)) continue;
      const relation = entry.mappings.find((mapping) => mapping.control === control)?.relation ?? 'intersect';
      const key = `${entry.framework}:${entry.ref}`;
      const rank = strength[relation];
      const existing = found.get(key);
      if (!existing || rank < existing.rank || (rank === existing.rank && order < existing.order)) found.set(key, { entry, rank, order });
    }
  });
  return [...found.values()]
    .sort(
      (a, b) =>
        frameworks.indexOf(a.entry.framework) - frameworks.indexOf(b.entry.framework) ||
        a.order - b.order ||
        a.rank - b.rank ||
        a.entry.position - b.entry.position,
    )
    .map((item) => item.entry);
}

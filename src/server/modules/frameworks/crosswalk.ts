import type { Crosswalk, CrosswalkControl, FrameworkDelta } from '../../../shared/schemas/frameworks.ts';
import type { CatalogueIndex, FrameworkRow } from './catalogue-index.ts';

/**
 * "We have SOC 2; what does ISO 27001 add?" (docs/programme.md "Crosswalk"), from the typed mappings
 * alone: a target requirement is covered when every control it maps to is one the source framework
 * already needs, partly covered when some are, and the controls the source does not need are the new
 * work, with the evidence each asks for. Several sources ("we have SOC 2 and ISO 27001") pool their
 * controls. Pure; `evidenceCount` gives the organization's evidence per control.
 */
export function computeCrosswalk(
  catalogue: CatalogueIndex,
  sources: readonly FrameworkRow[],
  to: FrameworkRow,
  evidenceCount: (controlId: string) => number = () => 0,
): Crosswalk {
  const from = sources[0] ?? to;
  const have = new Set(sources.flatMap((source) => [...(catalogue.controlIdsByFramework.get(source.id) ?? [])]));
  const covered: Crosswalk['covered'] = [];
  const partial: Crosswalk['partial'] = [];
  const notAddressable: Crosswalk['notAddressable'] = [];
  const added = new Map<string, CrosswalkControl>();
  let assessed = 0;
  for (const requirement of catalogue.requirementsByFramework.get(to.id) ?? []) {
    if (!requirement.assessable) continue;
    if (requirement.notAddressable) {
      notAddressable.push({ ref: requirement.ref, title: requirement.title, reason: requirement.notAddressable });
      continue;
    }
    assessed += 1;
    const mappings = catalogue.mappingsByRequirement.get(requirement.id) ?? [];
    const shared = mappings.filter((mapping) => have.has(mapping.controlId)).map((mapping) => mapping.controlId);
    const fresh = mappings.filter((mapping) => !have.has(mapping.controlId));
    for (const mapping of fresh) {
      const control = catalogue.controlById.get(mapping.controlId);
      if (!control) continue;
      const entry = added.get(control.id) ?? {
        id: control.id,
        domain: control.domain,
        title: control.title,
        evidenceHint: control.evidenceHint,
        freshnessDays: control.freshnessDays,
        requirements: [],
        evidenceCount: evidenceCount(control.id),
      };
      entry.requirements.push({ ref: requirement.ref, relation: mapping.relation });
      added.set(control.id, entry);
    }
    if (mappings.length > 0 && fresh.length === 0) covered.push({ ref: requirement.ref, title: requirement.title, controls: shared });
    else if (shared.length > 0) {
      partial.push({
        ref: requirement.ref,
        title: requirement.title,
        sharedControls: shared,
        newControls: fresh.map((mapping) => mapping.controlId),
      });
    }
  }
  const position = new Map(catalogue.controls.map((control) => [control.id, control.position]));
  return {
    from: { id: from.id, name: from.name },
    sources: sources.map((source) => ({ id: source.id, name: source.name })),
    to: { id: to.id, name: to.name },
    covered,
    partial,
    newControls: [...added.values()].sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0)),
    notAddressable,
    coverage: assessed === 0 ? 0 : Math.round((100 * covered.length) / assessed),
  };
}

/** The crosswalk in numbers, for the catalogue's cards: what `to` adds to the sources. */
export function crosswalkDelta(catalogue: CatalogueIndex, sources: readonly FrameworkRow[], to: FrameworkRow): FrameworkDelta {
  const crosswalk = computeCrosswalk(catalogue, sources, to);
  const assessed = (catalogue.requirementsByFramework.get(to.id) ?? []).filter((row) => row.assessable && !row.notAddressable).length;
  return {
    sources: crosswalk.sources,
    assessed,
    covered: crosswalk.covered.length,
    partial: crosswalk.partial.length,
    uncovered: assessed - crosswalk.covered.length - crosswalk.partial.length,
    newControls: crosswalk.newControls.length,
    coverage: crosswalk.coverage,
  };
}

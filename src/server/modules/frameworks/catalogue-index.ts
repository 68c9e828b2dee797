import { asc } from 'drizzle-orm';
import type { CatalogueFrameworkId, MappingRelation } from '../../../shared/schemas/programme-statuses.ts';
import type { Db } from '../../db/client.ts';
import { controlMappings, controls } from '../../db/schema/controls.ts';
import { frameworkRequirements, frameworks } from '../../db/schema/frameworks.ts';

/**
 * The seeded catalogue held in memory, indexed for the programme's services: it changes only when
 * seedCatalogue runs (at start), which forgets this copy, so readiness, crosswalks and search read
 * ~1,500 requirements and ~2,500 mappings once per process rather than on every request.
 */

export type FrameworkRow = typeof frameworks.$inferSelect & { id: CatalogueFrameworkId };
export type RequirementRow = typeof frameworkRequirements.$inferSelect;
export type ControlRow = typeof controls.$inferSelect;
export interface MappingRow {
  controlId: string;
  relation: MappingRelation;
}

export interface CatalogueIndex {
  frameworks: FrameworkRow[];
  frameworkById: Map<string, FrameworkRow>;
  /** In the framework's own order (position). */
  requirementsByFramework: Map<string, RequirementRow[]>;
  /** Requirement id (soc2:CC6.1) → its mapped controls. */
  mappingsByRequirement: Map<string, MappingRow[]>;
  controls: ControlRow[];
  controlById: Map<string, ControlRow>;
  /** The controls each framework maps to (what activating it brings into scope). */
  controlIdsByFramework: Map<string, Set<string>>;
  /**
   * Control id → framework id → how many of that framework's requirements map to the control (the
   * controls register's requirement count, counted once here instead of on every read).
   */
  requirementCountsByControl: Map<string, Map<string, number>>;
}

const cache = new WeakMap<Db, Promise<CatalogueIndex>>();

async function load(db: Db): Promise<CatalogueIndex> {
  const [frameworkRows, requirementRows, controlRows, mappingRows] = await Promise.all([
    db.select().from(frameworks).orderBy(asc(frameworks.position), asc(frameworks.id)),
    db.select().from(frameworkRequirements).orderBy(asc(frameworkRequirements.frameworkId), asc(frameworkRequirements.position)),
    db.select().from(controls).orderBy(asc(controls.position), asc(controls.id)),
    db.select().from(controlMappings),
  ]);
  const requirementsByFramework = new Map<string, RequirementRow[]>();
  const frameworkOfRequirement = new Map<string, string>();
  for (const row of requirementRows) {
    const list = requirementsByFramework.get(row.frameworkId) ?? [];
    list.push(row);
    requirementsByFramework.set(row.frameworkId, list);
    frameworkOfRequirement.set(row.id, row.frameworkId);
  }
  const mappingsByRequirement = new Map<string, MappingRow[]>();
  const controlIdsByFramework = new Map<string, Set<string>>();
  const position = new Map(controlRows.map((row) => [row.id, row.position]));
  mappingRows.sort((a, b) => (position.get(a.controlId) ?? 0) - (position.get(b.controlId) ?? 0));
  for (const row of mappingRows) {
    const list = mappingsByRequirement.get(row.requirementId) ?? [];
    list.push({ controlId: row.controlId, relation: row.relation });
    mappingsByRequirement.set(row.requirementId, list);
    const frameworkId = frameworkOfRequirement.get(row.requirementId);
    if (!frameworkId) continue;
    const set = controlIdsByFramework.get(frameworkId) ?? new Set<string>();
    set.add(row.controlId);
    controlIdsByFramework.set(frameworkId, set);
  }
  const requirementCountsByControl = new Map<string, Map<string, number>>();
  for (const [requirementId, mappings] of mappingsByRequirement) {
    const frameworkId = frameworkOfRequirement.get(requirementId);
    if (!frameworkId) continue;
    for (const controlId of new Set(mappings.map((mapping) => mapping.controlId))) {
      const counts = requirementCountsByControl.get(controlId) ?? new Map<string, number>();
      counts.set(frameworkId, (counts.get(frameworkId) ?? 0) + 1);
      requirementCountsByControl.set(controlId, counts);
    }
  }
  const typedFrameworks = frameworkRows as FrameworkRow[];
  return {
    frameworks: typedFrameworks,
    frameworkById: new Map(typedFrameworks.map((row) => [row.id, row])),
    requirementsByFramework,
    mappingsByRequirement,
    controls: controlRows,
    controlById: new Map(controlRows.map((row) => [row.id, row])),
    controlIdsByFramework,
    requirementCountsByControl,
  };
}

/** The catalogue, loaded once per database handle. */
export function catalogueIndex(db: Db): Promise<CatalogueIndex> {
  let index = cache.get(db);
  if (!index) {
    index = load(db);
    index.catch(() => cache.delete(db));
    cache.set(db, index);
  }
  return index;
}

/** After seeding: the next reader loads the catalogue again. */
export function forgetCatalogueIndex(db: Db): void {
  cache.delete(db);
}

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { CATALOGUE_FRAMEWORK_IDS } from '../../../shared/schemas/programme-statuses.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { controlMappings, controls } from '../../db/schema/controls.ts';
import { frameworkRequirements, frameworks } from '../../db/schema/frameworks.ts';
import { CATALOGUE_DIR, type Catalogue, type CatalogueFramework, leafRequirements, loadCatalogue } from './catalogue-files.ts';
import { forgetCatalogueIndex } from './catalogue-index.ts';

/**
 * Seeds the catalogue (docs/programme.md "The catalogue") at start: the common controls, then each
 * framework whose data file changed since the last start (its `source_hash`), with its requirements
 * and mappings. Idempotent and fast: an unchanged framework costs nothing, a changed one a few
 * multi-row statements. Controls and requirements are upserted, never deleted while a client's rows
 * may point at them; a requirement gone from its file is deleted (with its mappings).
 */

/** Rows per multi-row insert: far below PostgreSQL's 65,535 bind parameters at 10 columns a row. */
const CHUNK = 2_000;
const SEED_LOCK = 0x63617467; // 'catg': servers starting together on one PostgreSQL seed one at a time

export interface SeedCatalogueResult {
  controls: number;
  seeded: string[];
  unchanged: string[];
}

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < rows.length; index += CHUNK) out.push(rows.slice(index, index + CHUNK));
  return out;
}

export function frameworkSourceHash(framework: CatalogueFramework): string {
  return createHash('sha256').update(JSON.stringify(framework)).digest('hex');
}

/**
 * The catalogue as the data directory holds it today: empty while the directory or its control set is
 * missing, and the frameworks that are there (a partial catalogue still seeds).
 */
export function loadAvailableCatalogue(dir = CATALOGUE_DIR): Catalogue {
  if (!existsSync(path.join(dir, 'controls.json'))) return { version: 'none', controls: [], frameworks: [] };
  return loadCatalogue(dir);
}

function requirementRows(framework: CatalogueFramework) {
  const byRef = new Map(framework.requirements.map((requirement) => [requirement.ref, requirement]));
  const leaves = new Set(leafRequirements(framework).map((requirement) => requirement.ref));
  const depthOf = (ref: string): number => {
    let depth = 0;
    for (let parent = byRef.get(ref)?.parent; parent && depth < 20; parent = byRef.get(parent)?.parent) depth += 1;
    return depth;
  };
  return framework.requirements.map((requirement, position) => ({
    id: `${framework.id}:${requirement.ref}`,
    frameworkId: framework.id,
    ref: requirement.ref,
    parentRef: requirement.parent,
    title: requirement.title,
    summary: requirement.summary,
    position,
    depth: depthOf(requirement.ref),
    assessable: leaves.has(requirement.ref),
    notAddressable: requirement.notAddressable ?? null,
  }));
}

async function seedControls(tx: DbTransaction, catalogue: Catalogue): Promise<void> {
  if (catalogue.controls.length === 0) return;
  const rows = catalogue.controls.map((control, position) => ({ ...control, position }));
  for (const chunk of chunks(rows)) {
    await tx
      .insert(controls)
      .values(chunk)
      .onConflictDoUpdate({
        target: controls.id,
        set: {
          domain: sql`excluded.domain`,
          title: sql`excluded.title`,
          description: sql`excluded.description`,
          freshnessDays: sql`excluded.freshness_days`,
          evidenceHint: sql`excluded.evidence_hint`,
          position: sql`excluded.position`,
        },
        // Unchanged rows are not rewritten (no dead tuples on every start).
        setWhere: sql`(controls.domain, controls.title, controls.description, controls.freshness_days, controls.evidence_hint, controls.position)
          is distinct from (excluded.domain, excluded.title, excluded.description, excluded.freshness_days, excluded.evidence_hint, excluded.position)`,
      });
  }
}

async function seedFramework(tx: DbTransaction, framework: CatalogueFramework, position: number, sourceHash: string): Promise<void> {
  const values = {
    id: framework.id,
    name: framework.name,
    fullName: framework.fullName,
    version: framework.version,
    publisher: framework.publisher,
    region: framework.region,
    auditTypes: framework.auditTypes,
    textSource: framework.licence.textSource,
    licence: framework.licence.statement,
    position,
    sourceHash,
    updatedAt: new Date(),
  };
  await tx.insert(frameworks).values(values).onConflictDoUpdate({ target: frameworks.id, set: values });

  const rows = requirementRows(framework);
  const ids = rows.map((row) => row.id);
  await tx
    .delete(controlMappings)
    .where(
      inArray(
        controlMappings.requirementId,
        tx.select({ id: frameworkRequirements.id }).from(frameworkRequirements).where(eq(frameworkRequirements.frameworkId, framework.id)),
      ),
    );
  await tx
    .delete(frameworkRequirements)
    .where(and(eq(frameworkRequirements.frameworkId, framework.id), notInArray(frameworkRequirements.id, ids)));
  for (const chunk of chunks(rows)) {
    await tx
      .insert(frameworkRequirements)
      .values(chunk)
      .onConflictDoUpdate({
        target: frameworkRequirements.id,
        set: {
          parentRef: sql`excluded.parent_ref`,
          title: sql`excluded.title`,
          summary: sql`excluded.summary`,
          position: sql`excluded.position`,
          depth: sql`excluded.depth`,
          assessable: sql`excluded.assessable`,
          notAddressable: sql`excluded.not_addressable`,
        },
      });
  }
  const mappings = framework.requirements.flatMap((requirement) =>
    requirement.mappings.map((mapping) => ({
      controlId: mapping.control,
      requirementId: `${framework.id}:${requirement.ref}`,
      relation: mapping.relation,
    })),
  );
  for (const chunk of chunks(mappings)) await tx.insert(controlMappings).values(chunk).onConflictDoNothing();
}

/** Seeds what changed; returns which frameworks were (re)seeded and which were already up to date. */
export async function seedCatalogue(db: Db, catalogue: Catalogue = loadAvailableCatalogue()): Promise<SeedCatalogueResult> {
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    await seedControls(tx, catalogue);
    const stored = await tx.select({ id: frameworks.id, sourceHash: frameworks.sourceHash }).from(frameworks);
    const hashes = new Map(stored.map((row) => [row.id, row.sourceHash]));
    const seeded: string[] = [];
    const unchanged: string[] = [];
    for (const framework of catalogue.frameworks) {
      const hash = frameworkSourceHash(framework);
      if (hashes.get(framework.id) === hash) {
        unchanged.push(framework.id);
        continue;
      }
      await seedFramework(tx, framework, CATALOGUE_FRAMEWORK_IDS.indexOf(framework.id), hash);
      seeded.push(framework.id);
    }
    return { controls: catalogue.controls.length, seeded, unchanged };
  });
  forgetCatalogueIndex(db);
  return result;
}

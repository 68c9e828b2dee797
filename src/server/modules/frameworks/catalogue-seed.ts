import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { CATALOGUE_FRAMEWORK_IDS } from '../../../shared/schemas/programme-statuses.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { controls } from '../../db/schema/controls.ts';
import { frameworks } from '../../db/schema/frameworks.ts';
import { CATALOGUE_DIR, type Catalogue, type CatalogueFramework, leafRequirements, loadCatalogue } from './catalogue-files.ts';
import { forgetCatalogueIndex } from './catalogue-index.ts';

/**
 * Seeds the catalogue (docs/programme.md "The catalogue") at start: the common controls, then each
 * framework whose data file changed since the last start (its `source_hash`), with its requirements
 * and mappings. Idempotent and fast: an unchanged framework costs nothing, and all the changed ones
 * together a handful of multi-row statements. Controls and requirements are upserted, never deleted while a client's rows
 * may point at them; a requirement gone from its file is deleted (with its mappings).
 */

const SEED_LOCK = 0x63617467; // 'catg': servers starting together on one PostgreSQL seed one at a time

export interface SeedCatalogueResult {
  controls: number;
  seeded: string[];
  unchanged: string[];
}

/** The framework's file, and the control ids it may map to (a mapping skipped for a missing control is seeded once it exists). */
export function frameworkSourceHash(framework: CatalogueFramework, controlIds: readonly string[]): string {
  return createHash('sha256')
    .update(JSON.stringify(framework))
    .update(JSON.stringify([...controlIds].sort()))
    .digest('hex');
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
  const rows = JSON.stringify(
    catalogue.controls.map((control, position) => ({
      id: control.id,
      domain: control.domain,
      title: control.title,
      description: control.description,
      freshness_days: control.freshnessDays,
      evidence_hint: control.evidenceHint,
      position,
    })),
  );
  // Unchanged rows are not rewritten (no dead tuples on every start).
  await tx.execute(sql`insert into controls (id, domain, title, description, freshness_days, evidence_hint, position)
    select id, domain, title, description, freshness_days, evidence_hint, position
    from jsonb_to_recordset(${rows}::jsonb) as x(id text, domain text, title text, description text, freshness_days integer,
      evidence_hint text, position integer)
    on conflict (id) do update set domain = excluded.domain, title = excluded.title, description = excluded.description,
      freshness_days = excluded.freshness_days, evidence_hint = excluded.evidence_hint, position = excluded.position
    where (controls.domain, controls.title, controls.description, controls.freshness_days, controls.evidence_hint, controls.position)
      is distinct from (excluded.domain, excluded.title, excluded.description, excluded.freshness_days, excluded.evidence_hint, excluded.position)`);
}

function frameworkRow(framework: CatalogueFramework, sourceHash: string) {
  return {
    id: framework.id,
    name: framework.name,
    fullName: framework.fullName,
    version: framework.version,
    publisher: framework.publisher,
    region: framework.region,
    auditTypes: framework.auditTypes,
    textSource: framework.licence.textSource,
    licence: framework.licence.statement,
    position: CATALOGUE_FRAMEWORK_IDS.indexOf(framework.id),
    sourceHash,
    updatedAt: new Date(),
  };
}

/**
 * The changed frameworks' requirements and mappings, in four statements whatever their number: each
 * set travels as one JSON parameter (jsonb_to_recordset), which PGlite binds far faster than the
 * tens of thousands of parameters a multi-row VALUES list would need.
 */
async function seedFrameworks(tx: DbTransaction, changed: readonly { framework: CatalogueFramework; hash: string }[]): Promise<void> {
  if (changed.length === 0) return;
  for (const { framework, hash } of changed) {
    const values = frameworkRow(framework, hash);
    await tx.insert(frameworks).values(values).onConflictDoUpdate({ target: frameworks.id, set: values });
  }
  const ids = JSON.stringify(changed.map(({ framework }) => framework.id));
  const requirements = JSON.stringify(
    changed
      .flatMap(({ framework }) => requirementRows(framework))
      .map((row) => ({
        id: row.id,
        framework_id: row.frameworkId,
        ref: row.ref,
        parent_ref: row.parentRef,
        title: row.title,
        summary: row.summary,
        position: row.position,
        depth: row.depth,
        assessable: row.assessable,
        not_addressable: row.notAddressable,
      })),
  );
  const mappings = JSON.stringify(
    changed.flatMap(({ framework }) =>
      framework.requirements.flatMap((requirement) =>
        requirement.mappings.map((mapping) => ({
          control_id: mapping.control,
          requirement_id: `${framework.id}:${requirement.ref}`,
          relation: mapping.relation,
        })),
      ),
    ),
  );
  await tx.execute(sql`delete from control_mappings where requirement_id in (
    select id from framework_requirements where framework_id in (select jsonb_array_elements_text(${ids}::jsonb)))`);
  await tx.execute(sql`delete from framework_requirements
    where framework_id in (select jsonb_array_elements_text(${ids}::jsonb))
      and id not in (select x.id from jsonb_to_recordset(${requirements}::jsonb) as x(id text))`);
  await tx.execute(sql`insert into framework_requirements
      (id, framework_id, ref, parent_ref, title, summary, position, depth, assessable, not_addressable)
    select id, framework_id, ref, parent_ref, title, summary, position, depth, assessable, not_addressable
    from jsonb_to_recordset(${requirements}::jsonb) as x(id text, framework_id text, ref text, parent_ref text, title text,
      summary text, position integer, depth integer, assessable boolean, not_addressable text)
    on conflict (id) do update set parent_ref = excluded.parent_ref, title = excluded.title, summary = excluded.summary,
      position = excluded.position, depth = excluded.depth, assessable = excluded.assessable, not_addressable = excluded.not_addressable`);
  await tx.execute(sql`insert into control_mappings (control_id, requirement_id, relation)
    select x.control_id, x.requirement_id, x.relation
    from jsonb_to_recordset(${mappings}::jsonb) as x(control_id text, requirement_id text, relation text)
    -- A mapping to a control the control set does not hold (a data file mid-edit) is skipped, not fatal:
    -- catalogue-files.test.ts reports it.
    join controls on controls.id = x.control_id
    on conflict do nothing`);
}

/** Seeds what changed; returns which frameworks were (re)seeded and which were already up to date. */
export async function seedCatalogue(db: Db, catalogue: Catalogue = loadAvailableCatalogue()): Promise<SeedCatalogueResult> {
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    await seedControls(tx, catalogue);
    const stored = await tx.select({ id: frameworks.id, sourceHash: frameworks.sourceHash }).from(frameworks);
    const hashes = new Map(stored.map((row) => [row.id, row.sourceHash]));
    const unchanged: string[] = [];
    const controlIds = (await tx.select({ id: controls.id }).from(controls)).map((row) => row.id);
    const changed: { framework: CatalogueFramework; hash: string }[] = [];
    for (const framework of catalogue.frameworks) {
      const hash = frameworkSourceHash(framework, controlIds);
      if (hashes.get(framework.id) === hash) unchanged.push(framework.id);
      else changed.push({ framework, hash });
    }
    await seedFrameworks(tx, changed);
    const seeded = changed.map(({ framework }) => framework.id);
    return { controls: catalogue.controls.length, seeded, unchanged };
  });
  forgetCatalogueIndex(db);
  return result;
}

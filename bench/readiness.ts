/**
 * `npm run bench` (readiness part): an organization with all 8 tier-1 frameworks active and 5,000
 * evidence items, on in-memory PGlite (and on a throwaway PostgreSQL database when DATABASE_URL is
 * set). Prints the catalogue's seeding time (first start and an unchanged restart) and the readiness
 * computation time, median of N runs: the pure rule alone, and GET /api/v1/readiness's work (the
 * programme's queries plus the rule). Uses the real catalogue when data/catalogue holds every
 * framework, else a synthetic one of the same size. Figures only, never pass/fail.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../src/server/db/client.ts';
import { organizationControls } from '../src/server/db/schema/controls.ts';
import { evidence, evidenceControls } from '../src/server/db/schema/evidence.ts';
import { organizations } from '../src/server/db/schema/organizations.ts';
import { seedReferenceData } from '../src/server/db/seed.ts';
import { PERMISSIONS } from '../src/shared/permissions.ts';
import { CATALOGUE_FRAMEWORK_IDS, CONTROL_STATUSES, MAPPING_RELATIONS } from '../src/shared/schemas/programme-statuses.ts';
import type { Catalogue, CatalogueFramework } from '../src/server/modules/frameworks/catalogue-files.ts';
import { catalogueIndex } from '../src/server/modules/frameworks/catalogue-index.ts';
import { loadAvailableCatalogue, seedCatalogue } from '../src/server/modules/frameworks/catalogue-seed.ts';
import { activateFramework } from '../src/server/modules/frameworks/frameworks.service.ts';
import { loadProgrammeState, programmeReadiness } from '../src/server/modules/frameworks/programme-state.ts';
import { getReadiness } from '../src/server/modules/frameworks/readiness.service.ts';
import { tenantOf, withTenant } from '../src/server/platform/tenancy/tenant.ts';

// eslint-disable-next-line n/no-process-env -- the benchmark decides which databases to measure
const postgresUrl = process.env.DATABASE_URL;

const EVIDENCE_ITEMS = 5_000;
const RUNS = 15;
const DAY = 24 * 3600 * 1000;
const system = { kind: 'all', userId: null } as const;

/** A deterministic pseudo-random sequence, so every run measures the same programme. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** 147 controls, 8 frameworks of ~190 requirements (1,500), ~2,500 mappings: the real catalogue's size. */
function syntheticCatalogue(): Catalogue {
  const next = random(7);
  const domains = ['GOV', 'RSK', 'HRS', 'AST', 'IAM', 'CRY', 'OPS'];
  const controls = Array.from({ length: 147 }, (_, index) => ({
    id: `${domains[index % domains.length]}-${String(Math.floor(index / domains.length) + 1).padStart(2, '0')}`,
    domain: 'Synthetic',
    title: `Control ${index + 1}`,
    description: 'A synthetic control for the benchmark.',
    freshnessDays: [90, 180, 365][index % 3] ?? 365,
    evidenceHint: 'Synthetic evidence.',
  }));
  const frameworks: CatalogueFramework[] = CATALOGUE_FRAMEWORK_IDS.map((id) => {
    const requirements: CatalogueFramework['requirements'] = [];
    for (let group = 1; group <= 15; group += 1) {
      requirements.push({ ref: `G${group}`, parent: null, title: `Group ${group}`, summary: 'A group.', mappings: [] });
      for (let leaf = 1; leaf <= 12; leaf += 1) {
        const count = 1 + Math.floor(next() * 2.2);
        const picked = new Set<string>();
        while (picked.size < count) picked.add(controls[Math.floor(next() * controls.length)]?.id ?? 'GOV-01');
        requirements.push({
          ref: `G${group}.${leaf}`,
          parent: `G${group}`,
          title: `Requirement ${group}.${leaf}`,
          summary: 'A synthetic requirement for the benchmark.',
          mappings: [...picked].map((control) => ({ control, relation: MAPPING_RELATIONS[Math.floor(next() * 4)] ?? 'equal' })),
        });
      }
    }
    return {
      id,
      name: id,
      fullName: id,
      version: 'bench',
      publisher: 'Bench',
      region: 'Global',
      auditTypes: [],
      licence: { textSource: 'paraphrased', statement: 'Synthetic.' },
      requirements,
    };
  });
  return { version: 'bench', controls, frameworks };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await work();
  return [performance.now() - start, result];
}

async function programme(database: Database, catalogue: Catalogue): Promise<string> {
  const db = database.db;
  const [organization] = await db.insert(organizations).values({ name: 'Bench Org' }).returning({ id: organizations.id });
  const organizationId = organization!.id;
  const context = {
    tenant: tenantOf(db, system),
    catalogue: await catalogueIndex(db),
    reader: { permissions: new Set<string>(PERMISSIONS), scopes: [] },
  };
  for (const framework of catalogue.frameworks) await activateFramework(context, framework.id, { organizationId });
  const next = random(11);
  const controlIds = catalogue.controls.map((control) => control.id);
  await withTenant(db, system, async (tx) => {
    for (const controlId of controlIds) {
      const status = CONTROL_STATUSES[Math.floor(next() * 3)] ?? 'not_started';
      await tx.update(organizationControls).set({ status }).where(sqlEq(organizationId, controlId));
    }
    const now = Date.now();
    for (let start = 0; start < EVIDENCE_ITEMS; start += 1_000) {
      const rows = Array.from({ length: Math.min(1_000, EVIDENCE_ITEMS - start) }, (_, index) => ({
        organizationId,
        title: `Evidence ${start + index + 1}`,
        kind: 'link' as const,
        url: 'https://example.com/evidence',
        collectedAt: new Date(now - 200 * DAY),
        expiresAt: new Date(now + Math.floor((next() - 0.2) * 365) * DAY),
        uploadedBy: '00000000-0000-0000-0000-000000000000',
      }));
      const ids = await tx.insert(evidence).values(rows).returning({ id: evidence.id });
      const links = ids.flatMap(({ id }) => {
        const picked = new Set([
          controlIds[Math.floor(next() * controlIds.length)] ?? 'GOV-01',
          controlIds[Math.floor(next() * controlIds.length)] ?? 'GOV-01',
        ]);
        return [...picked].map((controlId) => ({ organizationId, evidenceId: id, controlId }));
      });
      await tx.insert(evidenceControls).values(links);
    }
  });
  return organizationId;
}

function sqlEq(organizationId: string, controlId: string) {
  return and(eq(organizationControls.organizationId, organizationId), eq(organizationControls.controlId, controlId));
}

async function run(label: string, open: () => Promise<{ database: Database; dispose: () => Promise<void> }>): Promise<void> {
  const { database, dispose } = await open();
  try {
    await seedReferenceData(database.db);
    const available = loadAvailableCatalogue();
    const real = available.frameworks.length === CATALOGUE_FRAMEWORK_IDS.length;
    const catalogue = real ? available : syntheticCatalogue();
    // Every framework new or changed (a first start, then two releases that touch every file), and unchanged.
    const fullSeeds: number[] = [];
    for (const release of ['', '+1', '+2']) {
      const changed = {
        ...catalogue,
        frameworks: catalogue.frameworks.map((framework) => ({ ...framework, version: framework.version + release })),
      };
      fullSeeds.push((await timed(() => seedCatalogue(database.db, changed)))[0]);
    }
    await seedCatalogue(database.db, catalogue);
    const [thirdSeed] = await timed(() => seedCatalogue(database.db, catalogue));
    const organizationId = await programme(database, catalogue);
    const index = await catalogueIndex(database.db);
    const state = await withTenant(database.db, system, (tx) => loadProgrammeState(tx, organizationId, new Date()));
    const pure: number[] = [];
    const load: number[] = [];
    const service: number[] = [];
    const context = {
      tenant: tenantOf(database.db, system),
      catalogue: index,
      reader: { permissions: new Set<string>(PERMISSIONS), scopes: [] },
    };
    let scores = '';
    for (let runIndex = 0; runIndex < RUNS; runIndex += 1) {
      const [pureMs, readiness] = await timed(async () => programmeReadiness(index, state));
      pure.push(pureMs);
      const [loadMs] = await timed(() => withTenant(database.db, system, (tx) => loadProgrammeState(tx, organizationId, new Date())));
      load.push(loadMs);
      const [serviceMs] = await timed(() => getReadiness(context, organizationId));
      service.push(serviceMs);
      scores = readiness.map((framework) => `${framework.frameworkId} ${framework.score}`).join(', ');
    }
    const requirements = [...index.requirementsByFramework.values()].reduce((sum, list) => sum + list.length, 0);
    const mappings = [...index.mappingsByRequirement.values()].reduce((sum, list) => sum + list.length, 0);
    console.log(
      `\nReadiness — ${label}: ${real ? 'the real catalogue' : 'a synthetic catalogue of the real size'} (${requirements} requirements, ${mappings} mappings, ${index.controls.length} controls), 8 frameworks active, ${EVIDENCE_ITEMS} evidence items`,
    );
    console.table({
      'seed every framework (first start or all changed), median of 3 (ms)': median(fullSeeds).toFixed(0),
      'seed the catalogue, unchanged restart (ms)': thirdSeed.toFixed(1),
      [`readiness rule alone, median of ${RUNS} (ms)`]: median(pure).toFixed(2),
      [`load the programme (3 queries), median of ${RUNS} (ms)`]: median(load).toFixed(1),
      [`GET /api/v1/readiness work (queries + rule), median of ${RUNS} (ms)`]: median(service).toFixed(1),
    });
    console.log(`scores: ${scores}`);
  } finally {
    await dispose();
  }
}

await run('PGlite (in memory)', async () => {
  const database = await openPglite();
  await database.migrate();
  return { database, dispose: () => database.close() };
});

if (postgresUrl) {
  await run('PostgreSQL', async () => {
    const name = `cc_bench_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const database = openPostgres(url.toString(), 4);
    await database.migrate();
    return {
      database,
      dispose: async () => {
        await database.close();
        const cleanup = new pg.Client({ connectionString: postgresUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  });
}

import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../../../tests/read-response.ts';
import { createTenantFixture, type TenantActor, type TenantFixture, tenantErrorOf } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { importResultSchema } from '../../../shared/schemas/registers.ts';
import { type Risk, riskListSchema, riskSchema } from '../../../shared/schemas/risks.ts';
import { riskRating } from '../../../shared/rules/risk-score.ts';
import { buildApp } from '../../app.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { organizationControls } from '../../db/schema/controls.ts';
import { riskControls, risks } from '../../db/schema/risks.ts';
import { addProgrammeControls, seedTestControls } from '../evidence/programme-test-fixture.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';

/** The risk register (scores, bands, refs, heat maps) and CSV imports of controls and risks, dry runs first. */

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
let staffEmail: string;
const system = { kind: 'all', userId: null } as const;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database });
  fixture = await createTenantFixture(app, database);
  await seedTestControls(database.db);
  await addProgrammeControls(database.db, fixture.orgs.a.id, ['GOV-01', 'IAM-02', 'IAM-03']);
  await addProgrammeControls(database.db, fixture.orgs.b.id, ['RSK-01']);
  const [staff] = await database.db.select({ email: authUsers.email }).from(authUsers).where(eq(authUsers.id, fixture.userIds.staffOfA));
  staffEmail = staff?.email ?? '';
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

const call = (actor: TenantActor, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${fixture.tokens[actor]}` }, ...(payload ? { payload } : {}) });
const risk = (overrides: object = {}) => ({
  title: 'Phished credentials reach production',
  category: 'security',
  likelihood: 4,
  impact: 5,
  treatment: 'mitigate',
  ...overrides,
});

describe('risk register', () => {
  let first: Risk;

  it('numbers risks R-001 onwards and scores them on the 0–100 scale, residual defaulting to inherent', async () => {
    const created = await call('clientOfA', 'POST', '/api/v1/risks', risk({ controlIds: ['IAM-03'] }));
    expect(created.statusCode, created.body).toBe(201);
    first = readJson(created, riskSchema);
    expect(first).toMatchObject({
      ref: 'R-001',
      inherentScore: 80,
      residualLikelihood: 4,
      residualImpact: 5,
      residualScore: 80,
      controlIds: ['IAM-03'],
    });
    expect(riskRating(first.likelihood, first.impact).level).toBe('high');

    const second = readJson(
      await call('staffOfA', 'POST', '/api/v1/risks', {
        ...risk({ title: 'Vendor loses our data', category: 'vendor', likelihood: 3, impact: 4, residualLikelihood: 2, residualImpact: 3 }),
        organizationId: fixture.orgs.a.id,
        ownerId: fixture.userIds.staffOfA,
      }),
      riskSchema,
    );
    expect(second).toMatchObject({ ref: 'R-002', inherentScore: 48, residualScore: 24, owner: { id: fixture.userIds.staffOfA } });
    expect(riskRating(3, 4).level).toBe('low');
    // Another organization starts its own numbering.
    expect(readJson(await call('clientOfB', 'POST', '/api/v1/risks', risk()), riskSchema).ref).toBe('R-001');
  });

  it('refuses controls outside the programme and owners outside the organization, naming the field', async () => {
    const badControl = await call('clientOfA', 'POST', '/api/v1/risks', risk({ controlIds: ['RSK-01'] }));
    expect(badControl.statusCode).toBe(400);
    expect(badControl.json().error.issues[0].path).toBe('body.controlIds');
    const badOwner = await call('clientOfA', 'POST', '/api/v1/risks', risk({ ownerId: fixture.userIds.clientOfB }));
    expect(badOwner.statusCode).toBe(400);
    expect(badOwner.json().error.issues[0].path).toBe('body.ownerId');
    const badLevel = await call('clientOfA', 'POST', '/api/v1/risks', risk({ likelihood: 6 }));
    expect(badLevel.statusCode).toBe(400);
  });

  it('changes only what a PATCH names, and maps open risks (inherent and residual) on the heat map', async () => {
    const patched = readJson(
      await call('clientOfA', 'PATCH', `/api/v1/risks/${first.id}`, { residualLikelihood: 2, residualImpact: 2 }),
      riskSchema,
    );
    expect(patched).toMatchObject({ title: first.title, controlIds: ['IAM-03'], inherentScore: 80, residualScore: 16 });

    const closed = readJson(
      await call('clientOfA', 'POST', '/api/v1/risks', risk({ title: 'An old, closed risk', likelihood: 1, impact: 1 })),
      riskSchema,
    );
    await call('clientOfA', 'PATCH', `/api/v1/risks/${closed.id}`, { status: 'closed' });

    const list = readJson(await call('clientOfA', 'GET', '/api/v1/risks'), riskListSchema);
    expect(list.risks.map((item) => item.ref)).toEqual(['R-001', 'R-002', 'R-003']);
    const cells = (map: number[][]) =>
      map.flatMap((row, likelihood) => row.flatMap((count, impact) => (count ? [`${likelihood + 1}x${impact + 1}:${count}`] : [])));
    expect(cells(list.heatMap.inherent)).toEqual(['3x4:1', '4x5:1']);
    expect(cells(list.heatMap.residual)).toEqual(['2x2:1', '2x3:1']);

    const closedOnly = readJson(await call('clientOfA', 'GET', '/api/v1/risks?status=closed'), riskListSchema);
    expect(closedOnly.risks.map((item) => item.ref)).toEqual(['R-003']);
    expect(cells(closedOnly.heatMap.inherent)).toEqual(['3x4:1', '4x5:1']);
  });
});

describe('importRegister', () => {
  const snapshot = () =>
    withTenant(database.db, system, async (tx) => ({
      controls: await tx.select().from(organizationControls).orderBy(asc(organizationControls.id)),
      risks: await tx.select().from(risks).orderBy(asc(risks.id)),
      links: await tx.select().from(riskControls).orderBy(asc(riskControls.riskId), asc(riskControls.controlId)),
    }));
  const importCsv = (register: string, csv: string, mapping: Record<string, string>, dryRun?: boolean) =>
    call('clientOfA', 'POST', `/api/v1/registers/${register}/import`, { csv, mapping, ...(dryRun === undefined ? {} : { dryRun }) });

  const controlsCsvOf = () =>
    [
      'Control,State,Owner,In scope,Why,Ignored',
      `GOV-01,Implemented,${staffEmail},yes,,x`,
      'IAM-02,not started,,,,x',
      'IAM-03,In progress,,no,Handled by our identity provider,x',
    ].join('\r\n');
  let controlsCsv = '';
  const controlsMapping = { Control: 'controlId', State: 'status', Owner: 'ownerEmail', 'In scope': 'applicable', Why: 'justification' };

  it('previews a controls import on a dry run and changes nothing; a real run applies it', async () => {
    controlsCsv = controlsCsvOf();
    const before = await snapshot();
    const preview = await importCsv('controls', controlsCsv, controlsMapping);
    expect(preview.statusCode, preview.body).toBe(200);
    const result = readJson(preview, importResultSchema);
    expect(result.rows.flatMap((row) => row.errors)).toEqual([]);
    expect(result).toMatchObject({ dryRun: true, applied: false, summary: { create: 0, update: 2, unchanged: 1, error: 0 } });
    expect(result.rows[0]).toMatchObject({
      row: 1,
      action: 'update',
      key: 'GOV-01',
      changes: { status: ['not_started', 'implemented'], ownerEmail: [null, staffEmail] },
    });
    expect(result.rows[1]).toMatchObject({ key: 'IAM-02', action: 'unchanged', changes: {} });
    expect(result.rows[2]?.changes).toMatchObject({
      applicable: ['true', 'false'],
      justification: ['', 'Handled by our identity provider'],
    });
    expect(await snapshot()).toEqual(before);

    const applied = readJson(await importCsv('controls', controlsCsv, controlsMapping, false), importResultSchema);
    expect(applied.applied).toBe(true);
    const after = await snapshot();
    const gov = after.controls.find((row) => row.organizationId === fixture.orgs.a.id && row.controlId === 'GOV-01');
    expect(gov).toMatchObject({ status: 'implemented', ownerId: fixture.userIds.staffOfA, updatedBy: fixture.userIds.clientOfA });
    // Each changed control went through controls' importControlChange: one entry each, naming the importer.
    const trail = await withTenant(database.db, system, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.organizationId, fixture.orgs.a.id), eq(auditEvents.action, 'control.update')))
        .orderBy(asc(auditEvents.seq)),
    );
    expect(trail.map((row) => [row.entityId, row.actorId])).toEqual([
      ['GOV-01', fixture.userIds.clientOfA],
      ['IAM-03', fixture.userIds.clientOfA],
    ]);
    expect(trail[1]?.after).toMatchObject({ applicable: false, justification: 'Handled by our identity provider' });
  });

  it('applies nothing when any row has an error, and says why per row', async () => {
    const risksCsv = [
      'Ref,Title,Category,Likelihood,Impact,Treatment,Controls',
      'R-001,Phished credentials reach production,security,5,5,mitigate,IAM-03;GOV-01',
      ',Ransomware encrypts the file server,security,3,5,transfer,',
      ',Bad row,weather,9,1,mitigate,RSK-01',
    ].join('\n');
    const mapping = {
      Ref: 'ref',
      Title: 'title',
      Category: 'category',
      Likelihood: 'likelihood',
      Impact: 'impact',
      Treatment: 'treatment',
      Controls: 'controlIds',
    };
    const before = await snapshot();
    const result = readJson(await importCsv('risks', risksCsv, mapping, false), importResultSchema);
    expect(result).toMatchObject({ dryRun: false, applied: false, summary: { create: 1, update: 1, error: 1 } });
    expect(result.rows[0]).toMatchObject({
      action: 'update',
      key: 'R-001',
      changes: { likelihood: ['4', '5'], controlIds: ['IAM-03', 'GOV-01 IAM-03'] },
    });
    expect(result.rows[1]).toMatchObject({ action: 'create', key: 'R-004' });
    expect(result.rows[2]?.errors.join(' ')).toMatch(/RSK-01.*|category/);
    expect(result.rows[2]?.errors.length).toBeGreaterThanOrEqual(3);
    expect(await snapshot()).toEqual(before);

    const fixed = readJson(await importCsv('risks', risksCsv.split('\n').slice(0, 3).join('\n'), mapping, false), importResultSchema);
    expect(fixed).toMatchObject({ applied: true, summary: { create: 1, update: 1, error: 0 } });
    const list = readJson(await call('clientOfA', 'GET', '/api/v1/risks'), riskListSchema);
    expect(list.risks.find((item) => item.ref === 'R-001')).toMatchObject({
      likelihood: 5,
      inherentScore: 100,
      controlIds: ['GOV-01', 'IAM-03'],
    });
    expect(list.risks.find((item) => item.ref === 'R-004')).toMatchObject({
      title: 'Ransomware encrypts the file server',
      treatment: 'transfer',
    });
  });

  it('refuses a mapping to a column the file lacks or a field the register lacks', async () => {
    const missing = await importCsv('controls', controlsCsv, { Nope: 'controlId' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.issues[0].path).toBe('body.mapping.Nope');
    const wrongField = await importCsv('controls', controlsCsv, { Control: 'controlId', State: 'colour' });
    expect(tenantErrorOf(wrongField.body).code).toBe('VALIDATION_FAILED');
    const wrongRegister = await importCsv('evidence', controlsCsv, controlsMapping);
    expect(wrongRegister.statusCode).toBe(400);
  });
});

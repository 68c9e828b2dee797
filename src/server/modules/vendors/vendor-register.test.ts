import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../../../tests/read-response.ts';
import { createTenantFixture, type TenantActor, type TenantFixture, tenantErrorOf } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { importResultSchema } from '../../../shared/schemas/registers.ts';
import { riskSchema } from '../../../shared/schemas/risks.ts';
import { type Vendor, vendorListSchema, vendorSchema } from '../../../shared/schemas/vendors.ts';
import { buildApp } from '../../app.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { addProgrammeControls, seedTestControls } from '../evidence/programme-test-fixture.ts';
import { runVendorReviewClock } from './vendor-review-clock.ts';

/** The vendor register (issue 35 item 1): refs, cadence by tier, filters, links, tenancy, CSV export and import with a dry run. */

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
let staffEmail: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database });
  fixture = await createTenantFixture(app, database);
  await seedTestControls(database.db);
  await addProgrammeControls(database.db, fixture.orgs.a.id, ['GOV-01', 'IAM-02', 'IAM-03']);
  const [staff] = await database.db.select({ email: authUsers.email }).from(authUsers).where(eq(authUsers.id, fixture.userIds.staffOfA));
  staffEmail = staff?.email ?? '';
}, 240_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

const call = (actor: TenantActor, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${fixture.tokens[actor]}` }, ...(payload ? { payload } : {}) });
const vendor = (overrides: object = {}) => ({
  name: 'Acme Payroll',
  website: 'https://acme-payroll.example',
  tier: 1,
  services: 'Payroll processing',
  dataCategories: ['personal', 'payment'],
  isSubProcessor: true,
  contractStart: '2026-01-01',
  contractEnd: '2027-12-31',
  dpaSignedOn: '2026-01-05',
  ...overrides,
});
const today = () => new Date().toISOString().slice(0, 10);

describe('vendor register', () => {
  let first: Vendor;

  it('numbers vendors V-001 onwards, proposes them and schedules the first review by the tier’s cadence', async () => {
    const risk = readJson(
      await call('clientOfA', 'POST', '/api/v1/risks', {
        title: 'Payroll provider leaks salaries',
        category: 'vendor',
        likelihood: 3,
        impact: 4,
        treatment: 'mitigate',
      }),
      riskSchema,
    );
    const created = await call('clientOfA', 'POST', '/api/v1/vendors', vendor({ riskIds: [risk.id], controlIds: ['IAM-02'] }));
    expect(created.statusCode, created.body).toBe(201);
    first = readJson(created, vendorSchema);
    const inSixMonths = new Date();
    inSixMonths.setUTCMonth(inSixMonths.getUTCMonth() + 6);
    expect(first).toMatchObject({
      ref: 'V-001',
      status: 'proposed',
      tier: 1,
      reviewCadenceMonths: 6,
      reviewDue: false,
      dataCategories: ['personal', 'payment'],
      isSubProcessor: true,
      risks: [{ id: risk.id, ref: risk.ref }],
      controlIds: ['IAM-02'],
    });
    expect(first.nextReviewOn?.slice(0, 7)).toBe(inSixMonths.toISOString().slice(0, 7));
    const [entry] = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'vendor'), eq(auditEvents.entityId, first.id)));
    expect(entry).toMatchObject({ action: 'vendor.create', actorId: fixture.userIds.clientOfA });

    const second = readJson(
      await call('staffOfA', 'POST', '/api/v1/vendors', {
        ...vendor({ name: 'Tiny Fonts', tier: 4, dataCategories: ['none'], isSubProcessor: false }),
        organizationId: fixture.orgs.a.id,
        ownerId: fixture.userIds.staffOfA,
      }),
      vendorSchema,
    );
    expect(second).toMatchObject({ ref: 'V-002', reviewCadenceMonths: 36, owner: { id: fixture.userIds.staffOfA } });
    // Another organization starts its own numbering.
    expect(readJson(await call('clientOfB', 'POST', '/api/v1/vendors', vendor()), vendorSchema).ref).toBe('V-001');
  });

  it('refuses bad input with the field named', async () => {
    const cases: [object, string][] = [
      [vendor({ tier: 5 }), 'tier'],
      [vendor({ dataCategories: ['none', 'personal'] }), 'dataCategories'],
      [vendor({ contractStart: '2027-01-01', contractEnd: '2026-01-01' }), 'contractEnd'],
      [vendor({ website: 'not a site' }), 'website'],
      [vendor({ controlIds: ['RSK-01'] }), 'body.controlIds'],
      [vendor({ riskIds: ['00000000-0000-4000-8000-000000000000'] }), 'body.riskIds'],
    ];
    for (const [body, path] of cases) {
      const answer = await call('clientOfA', 'POST', '/api/v1/vendors', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.body).toContain(path);
    }
  });

  it('edits a vendor: status with conditions, residual risk, a tier change moves the next review', async () => {
    const changed = await call('clientOfA', 'PATCH', `/api/v1/vendors/${first.id}`, {
      status: 'approved_with_conditions',
      conditions: 'Send the SOC 2 bridge letter by March.',
      residualRisk: 'medium',
      tier: 3,
      controlIds: ['IAM-02', 'IAM-03'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const updated = readJson(changed, vendorSchema);
    expect(updated).toMatchObject({
      status: 'approved_with_conditions',
      residualRisk: 'medium',
      tier: 3,
      reviewCadenceMonths: 24,
      controlIds: ['IAM-02', 'IAM-03'],
      name: 'Acme Payroll',
    });
    expect(updated.nextReviewOn! > first.nextReviewOn!).toBe(true);
    const due = readJson(await call('clientOfA', 'PATCH', `/api/v1/vendors/${first.id}`, { nextReviewOn: today() }), vendorSchema);
    expect(due.reviewDue).toBe(true);
  });

  it('filters the list by status, tier, data category, sub-processor, review due and words', async () => {
    const list = async (query: string) =>
      readJson(await call('clientOfA', 'GET', `/api/v1/vendors${query}`), vendorListSchema).vendors.map((row) => row.ref);
    expect(await list('')).toEqual(['V-001', 'V-002']);
    expect(await list('?status=approved_with_conditions')).toEqual(['V-001']);
    expect(await list('?tier=4')).toEqual(['V-002']);
    expect(await list('?dataCategory=payment')).toEqual(['V-001']);
    expect(await list('?subProcessor=false')).toEqual(['V-002']);
    expect(await list('?reviewDue=true')).toEqual(['V-001']);
    expect(await list('?q=fonts')).toEqual(['V-002']);
    const bad = await call('clientOfA', 'GET', '/api/v1/vendors?tier=9');
    expect(bad.statusCode).toBe(400);
  });

  it('keeps organizations apart: another tenant’s vendor is 404, an unassigned consultant reaches nothing', async () => {
    for (const [actor, method] of [
      ['clientOfB', 'GET'],
      ['clientOfB', 'PATCH'],
      ['staffUnassigned', 'GET'],
    ] as const) {
      const answer = await call(actor, method, `/api/v1/vendors/${first.id}`, method === 'PATCH' ? { name: 'Taken over' } : undefined);
      expect(answer.statusCode).toBe(404);
      expect(tenantErrorOf(answer.body).code).toBe('NOT_FOUND');
    }
    const named = await call('clientOfB', 'GET', `/api/v1/vendors?organizationId=${fixture.orgs.a.id}`);
    expect(named.statusCode).toBe(404);
    expect(readJson(await call('administrator', 'GET', `/api/v1/vendors/${first.id}`), vendorSchema).name).toBe('Acme Payroll');
  });
});

describe('vendor review clock', () => {
  it('sends vendor.review_due once for each vendor whose next review came due', async () => {
    const dueEntries = async () =>
      database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'vendor.review_due'), eq(auditEvents.entityType, 'vendor')));
    // V-001 of organization A was set due today above; nothing else is due.
    expect(await runVendorReviewClock(database.db, app.jobs)).toEqual({ due: 1 });
    expect(await runVendorReviewClock(database.db, app.jobs)).toEqual({ due: 0 });
    const entries = await dueEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ organizationId: fixture.orgs.a.id, actorId: null });
    // In 400 days organization B's tier-1 vendor (every 6 months) is due; A's tier-4 one (every 3 years) is not,
    // and A's V-001 keeps the date already announced.
    const later = new Date();
    later.setUTCDate(later.getUTCDate() + 400);
    expect(await runVendorReviewClock(database.db, app.jobs, later)).toEqual({ due: 1 });
    expect((await dueEntries()).map((entry) => entry.organizationId).sort()).toEqual([fixture.orgs.a.id, fixture.orgs.b.id].sort());
  });
});

describe('vendor register CSV', () => {
  const importCsv = (csv: string, mapping: Record<string, string>, dryRun?: boolean) =>
    call('clientOfA', 'POST', '/api/v1/registers/vendors/import', { csv, mapping, ...(dryRun === undefined ? {} : { dryRun }) });

  it('exports the register; the file imports back unchanged', async () => {
    const exported = await call('clientOfA', 'GET', '/api/v1/registers/vendors/export.csv');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    const [header, firstRow] = exported.body.split('\r\n');
    expect(header).toBe(
      'ref,name,website,owner_email,tier,services,data_categories,is_sub_processor,contract_start,contract_end,dpa_signed_on,baa_signed_on,status,residual_risk,conditions,next_review_on,control_ids,risks,created_at',
    );
    expect(firstRow).toContain('V-001,Acme Payroll,https://acme-payroll.example,,3,Payroll processing,personal payment,yes');
    const mapping = {
      ref: 'ref',
      name: 'name',
      tier: 'tier',
      data_categories: 'dataCategories',
      is_sub_processor: 'isSubProcessor',
      status: 'status',
      control_ids: 'controlIds',
    };
    const roundTrip = readJson(await importCsv(exported.body, mapping), importResultSchema);
    expect(roundTrip.summary).toEqual({ create: 0, update: 0, unchanged: 2, error: 0 });
  });

  it('previews an import on a dry run and writes nothing; a real run applies every row or none', async () => {
    const csv = [
      'Ref,Vendor,Tier,Data,Sub-processor,Owner,Status',
      'V-002,Tiny Fonts,2,none,no,,in review',
      `,Cloud Mail,2,personal;credentials,yes,${staffEmail},proposed`,
      ',Broken Co,7,stuff,maybe,nobody@nowhere.example,proposed',
    ].join('\n');
    const mapping = {
      Ref: 'ref',
      Vendor: 'name',
      Tier: 'tier',
      Data: 'dataCategories',
      'Sub-processor': 'isSubProcessor',
      Owner: 'ownerEmail',
      Status: 'status',
    };
    const preview = readJson(await importCsv(csv, mapping), importResultSchema);
    expect(preview).toMatchObject({ register: 'vendors', dryRun: true, applied: false });
    expect(preview.summary).toEqual({ create: 1, update: 1, unchanged: 0, error: 1 });
    expect(preview.rows[0]).toMatchObject({
      action: 'update',
      key: 'V-002',
      changes: { tier: ['4', '2'], status: ['proposed', 'in_review'] },
    });
    expect(preview.rows[1]).toMatchObject({ action: 'create', key: 'V-003' });
    expect(preview.rows[2]?.errors.join(' ')).toContain('nobody@nowhere.example is not a member');
    const refused = readJson(await importCsv(csv, mapping, false), importResultSchema);
    expect(refused.applied).toBe(false);
    const fixed = readJson(await importCsv(csv.split('\n').slice(0, 3).join('\n'), mapping, false), importResultSchema);
    expect(fixed).toMatchObject({ applied: true, summary: { create: 1, update: 1, error: 0 } });
    const list = readJson(await call('clientOfA', 'GET', '/api/v1/vendors'), vendorListSchema).vendors;
    expect(list.find((row) => row.ref === 'V-003')).toMatchObject({
      name: 'Cloud Mail',
      dataCategories: ['personal', 'credentials'],
      isSubProcessor: true,
      owner: { id: fixture.userIds.staffOfA },
      reviewCadenceMonths: 12,
    });
    expect(list.find((row) => row.ref === 'V-002')).toMatchObject({ tier: 2, status: 'in_review' });
    const entries = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'register.import'), eq(auditEvents.entityId, 'vendors')));
    expect(entries).toHaveLength(1);
  });
});

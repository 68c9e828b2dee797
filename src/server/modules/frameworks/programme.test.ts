import path from 'node:path';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../../../tests/auth-helpers.ts';
import { createTenantFixture, type TenantActor, type TenantFixture } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import type { Crosswalk, FrameworkDetail, FrameworkList, Readiness, ReadinessHistory } from '../../../shared/schemas/frameworks.ts';
import type { ControlList } from '../../../shared/schemas/controls.ts';
import { HIGHLIGHT_END, HIGHLIGHT_START, type SearchResponse } from '../../../shared/schemas/search.ts';
import { buildApp } from '../../app.ts';
import { userAccessScopes } from '../../db/schema/access.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { controlMappings } from '../../db/schema/controls.ts';
import { evidence, evidenceControls } from '../../db/schema/evidence.ts';
import { frameworkRequirements, frameworks, readinessSnapshots } from '../../db/schema/frameworks.ts';
import { organizationMembers } from '../../db/schema/organizations.ts';
import { ensureProfile, grantRole } from '../../platform/access/access.service.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { loadCatalogue } from './catalogue-files.ts';
import { seedCatalogue } from './catalogue-seed.ts';
import { runReadinessSnapshots } from './readiness-snapshots.ts';

/**
 * The programme end to end on the fixture catalogue (tests/fixtures/catalogue): seeding, activation,
 * readiness with its reasons, the crosswalk, access scopes, snapshots and the exports.
 */

const FIXTURE = path.resolve(import.meta.dirname, '../../../../tests/fixtures/catalogue');
const system = { kind: 'all', userId: null } as const;
const DAY = 24 * 3600 * 1000;

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
let orgA: string;

const call = (token: string, method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const as = (actor: TenantActor) => fixture.tokens[actor];

async function addEvidence(organizationId: string, controlIds: string[], expiresInDays: number, title = 'Evidence'): Promise<string> {
  return withTenant(database.db, system, async (tx) => {
    const now = Date.now();
    const [row] = await tx
      .insert(evidence)
      .values({
        organizationId,
        title,
        kind: 'link',
        url: 'https://example.com/evidence',
        collectedAt: new Date(now - DAY),
        expiresAt: new Date(now + expiresInDays * DAY),
        uploadedBy: fixture.userIds.administrator,
      })
      .returning({ id: evidence.id });
    await tx.insert(evidenceControls).values(controlIds.map((controlId) => ({ organizationId, evidenceId: row!.id, controlId })));
    return row!.id;
  });
}

/** A client of organization A whose access scopes narrow what they see. */
async function scopedClient(scope: { framework?: string; region?: string }): Promise<string> {
  const user = await createTestUser(app);
  await ensureProfile(database.db, { userId: user.userId, userType: 'client' });
  await grantRole(database.db, { userId: user.userId, role: 'client' });
  await database.db.insert(organizationMembers).values({ organizationId: orgA, userId: user.userId, role: 'member' });
  await database.db
    .insert(userAccessScopes)
    .values({ userId: user.userId, framework: scope.framework ?? null, region: scope.region ?? null });
  return user.accessToken;
}

beforeAll(async () => {
  database = await createTestDatabase();
  // The test database holds the real catalogue: keep only the fixture's frameworks, so figures are the fixture's.
  const fixtureCatalogue = loadCatalogue(FIXTURE);
  await database.db.delete(frameworks).where(
    notInArray(
      frameworks.id,
      fixtureCatalogue.frameworks.map((framework) => framework.id),
    ),
  );
  await seedCatalogue(database.db, fixtureCatalogue);
  app = await buildApp({ database });
  await app.ready();
  fixture = await createTenantFixture(app, database);
  orgA = fixture.orgs.a.id;
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

describe('catalogue seeding', () => {
  it('skips unchanged frameworks, reseeds a changed one and drops the requirements its file no longer has', async () => {
    const catalogue = loadCatalogue(FIXTURE);
    const again = await seedCatalogue(database.db, catalogue);
    expect(again.seeded).toEqual([]);
    expect(again.unchanged).toEqual(['soc2', 'iso27001', 'gdpr', 'hipaa', 'ccpa']);

    const ccpa = catalogue.frameworks.find((framework) => framework.id === 'ccpa')!;
    const changed = {
      ...catalogue,
      frameworks: [{ ...ccpa, requirements: [{ ...ccpa.requirements[0]!, ref: '1798.105', title: 'Right to delete' }] }],
    };
    expect((await seedCatalogue(database.db, changed)).seeded).toEqual(['ccpa']);
    const refs = await database.db
      .select({ ref: frameworkRequirements.ref })
      .from(frameworkRequirements)
      .where(eq(frameworkRequirements.frameworkId, 'ccpa'));
    expect(refs.map((row) => row.ref)).toEqual(['1798.105']);
    const [mapping] = await database.db.select().from(controlMappings).where(eq(controlMappings.requirementId, 'ccpa:1798.105'));
    expect(mapping).toMatchObject({ controlId: 'PRV-01', relation: 'equal' });
    // Back to the fixture: the original requirement returns, the service sees it at once.
    expect((await seedCatalogue(database.db, catalogue)).seeded).toEqual(['ccpa']);
    const detail = (await call(as('administrator'), 'GET', '/api/v1/frameworks/ccpa')).json() as FrameworkDetail;
    expect(detail.requirements.map((requirement) => requirement.ref)).toEqual(['1798.100']);
  });
});

describe('activation and readiness', () => {
  it('lists the catalogue with no activation, then activates SOC 2 bringing its mapped controls into scope', async () => {
    const before = (await call(as('clientOfA'), 'GET', '/api/v1/frameworks')).json() as FrameworkList;
    expect(before.organizationId).toBe(orgA);
    const soc2 = before.frameworks.find((framework) => framework.id === 'soc2');
    expect(soc2).toMatchObject({ requirementCount: 4, controlCount: 6, activation: null, readiness: null });
    // Staff who have not chosen an organization see the catalogue alone.
    const catalogueOnly = (await call(as('administrator'), 'GET', '/api/v1/frameworks')).json() as FrameworkList;
    expect(catalogueOnly.organizationId).toBeNull();
    expect(catalogueOnly.frameworks.every((framework) => framework.activation === null && framework.readiness === null)).toBe(true);

    // Staff not assigned to the organization cannot reach it; the consultant assigned to it (or its own client) may activate.
    expect((await call(as('staffUnassigned'), 'PUT', '/api/v1/frameworks/soc2/activation', { organizationId: orgA })).statusCode).toBe(404);
    const activated = await call(as('staffOfA'), 'PUT', '/api/v1/frameworks/soc2/activation', {
      organizationId: orgA,
      targetDate: '2027-03-31',
      auditType: 'type2',
    });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()).toMatchObject({
      frameworkId: 'soc2',
      controlsAdded: 6,
      activation: { targetDate: '2027-03-31', auditType: 'type2' },
    });
    const listed = (await call(as('clientOfA'), 'GET', '/api/v1/frameworks')).json() as FrameworkList;
    expect(listed.frameworks.find((framework) => framework.id === 'soc2')?.readiness).toEqual({
      score: 0,
      met: 0,
      partial: 0,
      notMet: 4,
      notApplicable: 0,
      notAddressable: 0,
      total: 4,
    });
    const again = await call(as('staffOfA'), 'PUT', '/api/v1/frameworks/soc2/activation', { organizationId: orgA, targetDate: null });
    expect(again.json()).toMatchObject({ controlsAdded: 0, activation: { targetDate: null, auditType: null } });

    const typed = await call(as('staffOfA'), 'PUT', '/api/v1/frameworks/iso27001/activation', { organizationId: orgA, auditType: 'type1' });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().error.issues).toEqual([{ path: 'body.auditType', message: 'ISO 27001 has no Type I or Type II' }]);
  });

  it('computes readiness from control status and fresh evidence, with a reason naming the controls', async () => {
    const patch = (controlId: string, body: object) => call(as('clientOfA'), 'PATCH', `/api/v1/controls/${controlId}`, body);
    expect((await patch('IAM-03', { status: 'implemented', ownerId: fixture.userIds.clientOfA })).statusCode).toBe(200);
    expect((await patch('IAM-01', { status: 'implemented' })).statusCode).toBe(200);
    expect((await patch('IAM-05', { status: 'in_progress' })).statusCode).toBe(200);
    const tooShort = await patch('MON-01', { applicable: false, justification: 'no' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().error.issues[0].path).toBe('body.justification');
    expect((await patch('MON-01', { applicable: false, justification: 'We run no systems of our own to monitor.' })).statusCode).toBe(200);
    // Not in scope (no active framework maps it): absent.
    expect((await patch('CRY-05', { status: 'implemented' })).statusCode).toBe(404);
    const stranger = await patch('GOV-01', { ownerId: fixture.userIds.clientOfB });
    expect(stranger.statusCode).toBe(400);

    await addEvidence(orgA, ['IAM-03', 'IAM-01'], 60, 'Quarterly access review');
    await addEvidence(orgA, ['GOV-01'], -1, 'Old policy approval'); // expired: not fresh

    const readiness = (await call(as('clientOfA'), 'GET', '/api/v1/readiness')).json() as Readiness;
    const soc2 = readiness.frameworks.find((framework) => framework.frameworkId === 'soc2')!;
    expect(soc2.requirements.map((requirement) => [requirement.ref, requirement.status])).toEqual([
      ['CC1.1', 'not_met'],
      ['CC6.1', 'partial'],
      ['CC6.2', 'met'],
      ['CC7.2', 'not_applicable'],
    ]);
    // (1 met + 1 partial / 2) / (4 − 1 not applicable) = 50
    expect(soc2).toMatchObject({ score: 50, met: 1, partial: 1, notMet: 1, notApplicable: 1, targetDate: null });
    expect(soc2.requirements[1]?.reason).toBe(
      'Partly met: IAM-05 is in progress with no evidence fresher than 180 days; CRY-02 is not started with no evidence fresher than 365 days; IAM-01 is implemented with fresh evidence.',
    );
    expect(readiness.controlsByStatus).toEqual({ not_started: 2, in_progress: 1, implemented: 2, stale: 0, failing: 0 });
    expect(readiness.controlsNotApplicable).toBe(1);
    expect(readiness.staleEvidence.map((item) => item.title)).toEqual(['Old policy approval']);
    expect(readiness.expiringEvidence).toEqual([]);
    expect(readiness.nextActions.map((action) => action.kind)).toEqual(['renew_evidence', 'assign_owner', 'implement_control']);

    const detail = (await call(as('clientOfA'), 'GET', '/api/v1/frameworks/soc2')).json() as FrameworkDetail;
    const cc61 = detail.requirements.find((requirement) => requirement.ref === 'CC6.1')!;
    expect(cc61.controls.map((control) => [control.id, control.relation, control.status])).toEqual([
      ['IAM-01', 'subset', 'implemented'],
      ['IAM-05', 'subset', 'in_progress'],
      ['CRY-02', 'intersect', 'not_started'],
    ]);
    expect(detail.requirements.find((requirement) => requirement.ref === 'CC6')).toMatchObject({
      assessable: false,
      status: null,
      depth: 0,
    });

    const controls = (await call(as('clientOfA'), 'GET', '/api/v1/controls?status=implemented')).json() as ControlList;
    // requirementCount: the active frameworks' requirements mapped to the control (soc2 CC6.1 → IAM-01, CC6.2 → IAM-03).
    expect(
      controls.controls.map((control) => [control.id, control.freshEvidenceCount, control.frameworks, control.requirementCount]),
    ).toEqual([
      ['IAM-01', 1, ['soc2'], 1],
      ['IAM-03', 1, ['soc2'], 1],
    ]);
    expect(controls.controls[1]?.owner?.id).toBe(fixture.userIds.clientOfA);
  });

  it('answers what ISO 27001 adds to SOC 2: covered, partly covered, the new controls and their evidence', async () => {
    const response = await call(as('clientOfA'), 'GET', '/api/v1/frameworks/iso27001/crosswalk?from=soc2');
    expect(response.statusCode, response.body).toBe(200);
    const crosswalk = response.json() as Crosswalk;
    expect(crosswalk.covered.map((requirement) => requirement.ref)).toEqual(['A.5.1', 'A.5.15', 'A.8.5', 'A.8.24']);
    expect(crosswalk.partial).toEqual([
      { ref: 'A.8.12', title: 'Data leakage prevention', sharedControls: ['IAM-01'], newControls: ['DAT-01'] },
    ]);
    expect(crosswalk.newControls.map((control) => [control.id, control.requirements])).toEqual([
      ['CRY-05', [{ ref: 'A.8.11', relation: 'equal' }]],
      ['DAT-01', [{ ref: 'A.8.12', relation: 'subset' }]],
    ]);
    expect(crosswalk.newControls[0]).toMatchObject({ evidenceHint: 'Masking rules and a sample of masked data.', evidenceCount: 0 });
    expect(crosswalk.notAddressable).toEqual([
      { ref: '4.1', title: 'Understanding the organization', reason: 'A management statement, not a control.' },
    ]);
    expect(crosswalk.coverage).toBe(67); // 4 of the 6 requirements a control can address
    expect((await call(as('clientOfA'), 'GET', '/api/v1/frameworks/iso27001/crosswalk?from=nist')).statusCode).toBe(400);
  });

  it('pools several frameworks (what GDPR adds to SOC 2 and ISO 27001 together), and gives each card its delta', async () => {
    const get = async <T>(url: string): Promise<T> => {
      const response = await call(as('clientOfA'), 'GET', url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response.json() as T;
    };
    const single = await get<Crosswalk>('/api/v1/frameworks/gdpr/crosswalk?from=soc2');
    const pooled = await get<Crosswalk>('/api/v1/frameworks/gdpr/crosswalk?from=soc2,iso27001');
    expect(pooled.sources.map((source) => source.id)).toEqual(['soc2', 'iso27001']);
    const iso = await get<FrameworkDetail>('/api/v1/frameworks/iso27001');
    const isoControls = new Set(iso.requirements.flatMap((requirement) => requirement.controls.map((control) => control.id)));
    // ISO 27001's controls are no longer new work; what SOC 2 alone left new and ISO 27001 does not need still is.
    expect(pooled.newControls.map((control) => control.id)).toEqual(
      single.newControls.map((control) => control.id).filter((id) => !isoControls.has(id)),
    );
    expect(pooled.covered.length).toBeGreaterThanOrEqual(single.covered.length);
    // The target among the sources adds nothing to itself; alone it is not a comparison.
    expect((await get<Crosswalk>('/api/v1/frameworks/gdpr/crosswalk?from=gdpr,soc2')).sources.map((source) => source.id)).toEqual(['soc2']);
    expect((await call(as('clientOfA'), 'GET', '/api/v1/frameworks/gdpr/crosswalk?from=gdpr')).statusCode).toBe(400);
    expect((await call(as('clientOfA'), 'GET', '/api/v1/frameworks/gdpr/crosswalk?from=soc2,nist')).statusCode).toBe(400);

    // The catalogue: every framework not active carries its delta against the active ones together.
    const list = await get<FrameworkList>('/api/v1/frameworks');
    const active = list.frameworks.filter((framework) => framework.activation).map((framework) => framework.id);
    expect(active.length).toBeGreaterThan(0);
    for (const framework of list.frameworks) {
      if (framework.activation) {
        expect(framework.delta, framework.id).toBeNull();
        continue;
      }
      const crosswalk = await get<Crosswalk>(`/api/v1/frameworks/${framework.id}/crosswalk?from=${active.join(',')}`);
      expect(framework.delta, framework.id).toMatchObject({
        sources: crosswalk.sources,
        covered: crosswalk.covered.length,
        partial: crosswalk.partial.length,
        newControls: crosswalk.newControls.length,
        coverage: crosswalk.coverage,
      });
      expect(framework.delta?.uncovered).toBe((framework.delta?.assessed ?? 0) - crosswalk.covered.length - crosswalk.partial.length);
    }
  });
});

describe('access scopes', () => {
  it('show a user scoped to ISO 27001 that framework only', async () => {
    const token = await scopedClient({ framework: 'iso27001' });
    const list = (await call(token, 'GET', '/api/v1/frameworks')).json() as FrameworkList;
    expect(list.frameworks.map((framework) => framework.id)).toEqual(['iso27001']);
    expect((await call(token, 'GET', '/api/v1/frameworks/soc2')).statusCode).toBe(404);
    expect((await call(token, 'GET', '/api/v1/frameworks/iso27001/crosswalk?from=soc2')).statusCode).toBe(404);
    // SOC 2 is the organization's only active framework: nothing of it shows.
    const readiness = (await call(token, 'GET', '/api/v1/readiness')).json() as Readiness;
    expect(readiness.frameworks).toEqual([]);
    expect(((await call(token, 'GET', '/api/v1/controls')).json() as ControlList).controls).toEqual([]);
    expect((await call(token, 'GET', '/api/v1/registers/requirements/export.csv?frameworkId=soc2')).statusCode).toBe(404);
  });

  it('show a user scoped to region EU the EU and global frameworks, not HIPAA or CCPA', async () => {
    const token = await scopedClient({ region: 'EU' });
    const ids = ((await call(token, 'GET', '/api/v1/frameworks')).json() as FrameworkList).frameworks.map((framework) => framework.id);
    expect(ids).toEqual(expect.arrayContaining(['soc2', 'iso27001', 'gdpr']));
    expect(ids).not.toContain('hipaa');
    expect(ids).not.toContain('ccpa');
    expect((await call(token, 'GET', '/api/v1/frameworks/hipaa')).statusCode).toBe(404);
    const readiness = (await call(token, 'GET', '/api/v1/readiness')).json() as Readiness;
    expect(readiness.frameworks.map((framework) => framework.frameworkId)).toEqual(['soc2']);
  });
});

describe('snapshots', () => {
  it('records today on activation, and the daily job writes each day once per organization with an active framework', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const rows = await withTenant(database.db, system, (tx) =>
      tx
        .select()
        .from(readinessSnapshots)
        .where(and(eq(readinessSnapshots.organizationId, orgA), eq(readinessSnapshots.day, today))),
    );
    expect(rows.map((row) => row.frameworkId).sort()).toEqual(['*', 'soc2']);

    const tomorrow = new Date(Date.now() + DAY);
    expect(await runReadinessSnapshots(database.db, tomorrow)).toBe(1);
    expect(await runReadinessSnapshots(database.db, tomorrow)).toBe(1); // the same day again overwrites
    const [count] = await withTenant(database.db, system, (tx) =>
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(readinessSnapshots)
        .where(eq(readinessSnapshots.organizationId, orgA)),
    );
    expect(count?.n).toBe(4);

    const history = (await call(as('clientOfA'), 'GET', '/api/v1/readiness/history?days=7')).json() as ReadinessHistory;
    const soc2 = history.points.filter((point) => point.frameworkId === 'soc2');
    expect(soc2.at(-1)).toMatchObject({ day: tomorrow.toISOString().slice(0, 10), score: 50, counts: { met: 1, partial: 1 } });
    const programme = history.points.filter((point) => point.frameworkId === '*').at(-1)!.programme;
    expect(programme).toMatchObject({
      'controls.implemented': 2,
      'controls.in_progress': 1,
      'controls.not_applicable': 1,
      'evidence.current': 1,
      'evidence.stale': 1,
      'risks.high': 0,
    });
    expect((await call(as('clientOfA'), 'GET', '/api/v1/readiness/history?days=3')).statusCode).toBe(400);
  });
});

describe('exports', () => {
  it('exports the controls register as RFC 4180 CSV whose formula-like cells stay text', async () => {
    await call(as('clientOfA'), 'PATCH', '/api/v1/controls/GOV-01', {
      applicable: false,
      justification: '=HYPERLINK("http://x", "click"), really',
    });
    const response = await call(as('clientOfA'), 'GET', '/api/v1/registers/controls/export.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="controls-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      'control_id,domain,title,status,applicable,justification,owner,owner_email,business_unit,environment,frameworks,requirements,evidence,fresh_evidence,next_expiry,updated_at',
    );
    expect(lines.find((line) => line.startsWith('GOV-01'))).toContain(`,no,"'=HYPERLINK(""http://x"", ""click""), really",`);
    expect(lines).toHaveLength(8); // header, six controls, the final line break
  });

  it('exports requirements with their status for one framework, and asks which', async () => {
    const missing = await call(as('clientOfA'), 'GET', '/api/v1/registers/requirements/export.csv');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.issues[0].path).toBe('query.frameworkId');
    const csv = (await call(as('clientOfA'), 'GET', '/api/v1/registers/requirements/export.csv?frameworkId=soc2')).body;
    expect(csv).toContain('soc2,CC6.2,CC6,Access reviews,yes,met,Met: IAM-03 is implemented with fresh evidence.,IAM-03 (equal),');
  });

  it('asks for the register’s own read permission', async () => {
    const auditor = await createTestUser(app);
    await ensureProfile(database.db, { userId: auditor.userId, userType: 'staff' });
    await grantRole(database.db, { userId: auditor.userId, role: 'auditor' });
    const response = await call(auditor.accessToken, 'GET', '/api/v1/registers/risks/export.csv');
    expect(response.statusCode).toBe(403);
  });

  it('renders the readiness report as a PDF', async () => {
    const response = await call(as('clientOfA'), 'GET', '/api/v1/readiness/report.pdf');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.rawPayload.length).toBeGreaterThan(2000);
  });
});

describe('search', () => {
  const search = async (q: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `/functions/v1/search-content?q=${encodeURIComponent(q)}`,
      headers: { authorization: `Bearer ${app.authKeys.anonKey}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SearchResponse;
  };

  it('finds a requirement by its id, and the requirements under a group', async () => {
    const [hit] = (await search('a.8.11')).requirements ?? [];
    expect(hit).toEqual({
      frameworkId: 'iso27001',
      frameworkName: 'ISO 27001',
      ref: 'A.8.11',
      title: 'Data masking',
      excerpt: 'Mask personal and sensitive data where it is not needed in clear.',
      url_path: '/dashboard-compliancecore?tab=frameworks&framework=iso27001#A.8.11',
    });
    expect((await search('CC6')).requirements?.map((requirement) => requirement.ref)).toEqual(['CC6', 'CC6.1', 'CC6.2']);
  });

  it('finds a requirement by words of its title or summary, marking them, and says nothing when none matches', async () => {
    const hits = (await search('mask')).requirements ?? [];
    expect(hits.map((requirement) => `${requirement.frameworkId} ${requirement.ref}`)).toEqual(['iso27001 A.8.11']);
    // A word in the title ranks above one in the summary only.
    expect((await search('data')).requirements?.map((requirement) => requirement.ref)).toEqual(['A.8.11', 'A.8.12', 'Art. 32']);
    expect(hits[0]?.excerpt).toContain(`${HIGHLIGHT_START}Mask${HIGHLIGHT_END} personal`);
    expect(await search('zephyrline')).toEqual({ results: [], total: 0 });
  });
});

describe('the advisor on the client’s own programme', () => {
  const ask = async (actor: TenantActor, message: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/functions/v1/task-chat-assistant',
      headers: { authorization: `Bearer ${as(actor)}` },
      payload: { message, mode: 'general', context: {} },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { message: string }).message;
  };

  it('answers from that client’s readiness, controls and evidence, and from no one else’s', async () => {
    const ownA = await ask('clientOfA', 'Where do we stand on SOC 2?');
    expect(ownA).toContain(`Here is where ${fixture.orgs.a.name} stands, from your own controls and evidence`);
    expect(ownA).toMatch(/\*\*SOC 2: \d+% ready\.\*\*/);
    const ownB = await ask('clientOfB', 'Where do we stand on SOC 2?');
    expect(ownB).toContain(`${fixture.orgs.b.name} has not activated a framework yet`);
    expect(ownB).not.toContain(fixture.orgs.a.name);
    // A question about a framework, not about their programme, gets no figures of theirs.
    expect(await ask('clientOfA', 'What is SOC 2?')).not.toContain(fixture.orgs.a.name);
  });
});

describe('the trail', () => {
  it('records activating and deactivating a framework, naming the user and the framework; deactivating nothing records nothing', async () => {
    const orgB = fixture.orgs.b.id;
    const activated = await call(as('clientOfB'), 'PUT', '/api/v1/frameworks/soc2/activation', {
      organizationId: orgB,
      targetDate: '2027-06-30',
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const url = `/api/v1/frameworks/soc2/activation?organizationId=${orgB}`;
    expect((await call(as('clientOfB'), 'DELETE', url)).statusCode).toBe(204);
    expect((await call(as('clientOfB'), 'DELETE', url)).statusCode).toBe(204);
    const trail = await withTenant(database.db, system, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.organizationId, orgB), eq(auditEvents.entityType, 'framework')))
        .orderBy(auditEvents.seq),
    );
    expect(trail.map((row) => [row.action, row.entityId, row.actorId])).toEqual([
      ['framework.activate', 'soc2', fixture.userIds.clientOfB],
      ['framework.deactivate', 'soc2', fixture.userIds.clientOfB],
    ]);
    expect(trail[0]?.after).toMatchObject({ targetDate: '2027-06-30', controlsAdded: 6 });
    expect(trail[1]?.before).toMatchObject({ targetDate: '2027-06-30' });
  });
});

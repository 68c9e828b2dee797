import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../../../../tests/auth-helpers.ts';
import { readJson } from '../../../../tests/read-response.ts';
import { createTenantFixture, type TenantActor, type TenantFixture } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { chainVerificationSchema } from '../../../shared/schemas/audit.ts';
import {
  type AuditRequest,
  auditRequestListSchema,
  auditSampleSchema,
  auditThreadSchema,
  type Engagement,
  engagementDashboardSchema,
  engagementListSchema,
  engagementSchema,
} from '../../../shared/schemas/engagements.ts';
import { buildApp } from '../../app.ts';
import { securityEvents } from '../../db/schema/access.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { auditRequestEvidence } from '../../db/schema/engagements.ts';
import { evidence, evidenceControls } from '../../db/schema/evidence.ts';
import { taskRequests } from '../../db/schema/task-requests.ts';
import { ensureProfile, grantRole } from '../../platform/access/access.service.ts';
import { addProgrammeControls, seedTestControls } from '../evidence/programme-test-fixture.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { drawIndices } from './sample-draw.ts';

/** Engagements end to end through the API: reach, the review workflow, samples, the package, denials. */

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
let auditor: TestUser;
let engagement: Engagement;
let ended: Engagement;
const system = { kind: 'all', userId: null } as const;
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const evidenceIds: Record<'inPeriod' | 'later' | 'afterAccess' | 'expiredBefore' | 'spare', string> = {
  inPeriod: '',
  later: '',
  afterAccess: '',
  expiredBefore: '',
  spare: '',
};
const FILE = Buffer.from('Access review Q1: 42 accounts reviewed, 3 removed.\n');

async function addEvidence(organizationId: string, title: string, collectedOffset: number, expiresOffset: number, sha256: string | null) {
  return withTenant(database.db, system, async (tx) => {
    const [row] = await tx
      .insert(evidence)
      .values({
        organizationId,
        title,
        kind: sha256 ? 'file' : 'link',
        url: sha256 ? null : 'https://example.com/evidence',
        sha256,
        fileName: sha256 ? 'access-review.txt' : null,
        mediaType: sha256 ? 'text/plain' : null,
        sizeBytes: sha256 ? FILE.length : null,
        collectedAt: new Date(Date.now() + collectedOffset * DAY),
        expiresAt: new Date(Date.now() + expiresOffset * DAY),
        uploadedBy: fixture.userIds.clientOfA,
      })
      .returning({ id: evidence.id });
    if (!row) throw new Error('no evidence');
    await tx.insert(evidenceControls).values([
      { organizationId, evidenceId: row.id, controlId: 'GOV-01' },
      { organizationId, evidenceId: row.id, controlId: 'IAM-02' },
    ]);
    return row.id;
  });
}

const headers = (actor: TenantActor | 'auditor') => ({
  authorization: `Bearer ${actor === 'auditor' ? auditor.accessToken : fixture.tokens[actor]}`,
});
const call = (actor: TenantActor | 'auditor', method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: headers(actor), ...(payload ? { payload } : {}) });

const engagementInput = (overrides: object = {}) => ({
  organizationId: fixture.orgs.a.id,
  name: 'SOC 2 Type II 2026',
  frameworkId: 'soc2',
  auditType: 'type2',
  periodStart: day(-180),
  periodEnd: day(0),
  fieldworkStart: day(-10),
  fieldworkEnd: day(20),
  accessEndsOn: day(30),
  auditorEmails: [auditor.email],
  ...overrides,
});

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database });
  fixture = await createTenantFixture(app, database);
  auditor = await createTestUser(app);
  await ensureProfile(database.db, { userId: auditor.userId, userType: 'staff' });
  await grantRole(database.db, { userId: auditor.userId, role: 'auditor' });
  await seedTestControls(database.db);
  await addProgrammeControls(database.db, fixture.orgs.a.id, ['GOV-01', 'IAM-02']);
  await addProgrammeControls(database.db, fixture.orgs.b.id, ['GOV-01']);
  const { sha256 } = await app.fileStore.put(FILE);
  evidenceIds.inPeriod = await addEvidence(fixture.orgs.a.id, 'Access review Q1', -90, 200, sha256);
  evidenceIds.spare = await addEvidence(fixture.orgs.a.id, 'Onboarding tickets', -60, 200, null);
  // Collected during the engagement (after the period, before the auditors' access ends on day 30).
  evidenceIds.later = await addEvidence(fixture.orgs.a.id, 'Access review Q4 (after the period)', 1, 300, sha256);
  evidenceIds.afterAccess = await addEvidence(fixture.orgs.a.id, 'Access review 2027 (after the engagement)', 31, 400, sha256);
  evidenceIds.expiredBefore = await addEvidence(fixture.orgs.a.id, 'Old policy', -400, -200, sha256);
  const created = await call('staffOfA', 'POST', '/api/v1/engagements', engagementInput());
  expect(created.statusCode, created.body).toBe(201);
  engagement = readJson(created, engagementSchema);
  const past = await call(
    'staffOfA',
    'POST',
    '/api/v1/engagements',
    engagementInput({
      name: 'SOC 2 Type I 2025',
      auditType: 'type1',
      periodStart: day(-400),
      periodEnd: day(-300),
      fieldworkStart: day(-290),
      fieldworkEnd: day(-280),
      accessEndsOn: day(-1),
    }),
  );
  expect(past.statusCode, past.body).toBe(201);
  ended = readJson(past, engagementSchema);
}, 90_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

const requestsOf = async (actor: TenantActor | 'auditor') =>
  readJson(await call(actor, 'GET', `/api/v1/engagements/${engagement.id}/requests`), auditRequestListSchema).requests;

describe('an audit engagement', () => {
  let requests: AuditRequest[];

  it('generates the request list from the framework’s requirements in scope, with only the evidence in force during the period', async () => {
    expect(engagement).toMatchObject({ organizationId: fixture.orgs.a.id, frameworkId: 'soc2', auditType: 'type2', side: 'staff' });
    expect(engagement.auditors.map((row) => row.userId)).toEqual([auditor.userId]);
    requests = await requestsOf('auditor');
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((request) => request.requirementId?.startsWith('soc2:'))).toBe(true);
    const linked = new Set(requests.flatMap((request) => request.evidence.map((item) => item.id)));
    expect(linked.has(evidenceIds.inPeriod)).toBe(true);
    expect(linked.has(evidenceIds.later)).toBe(false);
    expect(linked.has(evidenceIds.expiredBefore)).toBe(false);
    expect(requests.filter((request) => request.evidence.length > 0).every((request) => request.status === 'submitted')).toBe(true);
  });

  it('lets the auditor see it, and nobody outside organization A', async () => {
    const mine = readJson(await call('auditor', 'GET', '/api/v1/engagements'), engagementListSchema).engagements;
    expect(mine.map((row) => [row.id, row.side])).toContainEqual([engagement.id, 'auditor']);
    for (const actor of ['clientOfB', 'staffUnassigned'] as const) {
      const response = await call(actor, 'GET', `/api/v1/engagements/${engagement.id}/requests`);
      expect(response.statusCode, actor).toBe(404);
      expect((await call(actor, 'GET', `/api/v1/engagements/${engagement.id}/package.zip`)).statusCode).toBe(404);
      expect(readJson(await call(actor, 'GET', '/api/v1/engagements'), engagementListSchema).engagements).toEqual([]);
    }
    expect(readJson(await call('clientOfA', 'GET', '/api/v1/engagements'), engagementListSchema).engagements[0]?.side).toBe('client');
  });

  it('invites an unknown auditor by e-mail through the invitation flow, as staff with the auditor role', async () => {
    const email = `new-auditor-${Date.now()}@example.com`;
    const created = await call(
      'staffOfA',
      'POST',
      '/api/v1/engagements',
      engagementInput({ name: 'ISO 27001 stage 2', frameworkId: 'iso27001', auditorEmails: [email] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const [user] = await database.db
      .select({ id: authUsers.id, invitedAt: authUsers.invitedAt })
      .from(authUsers)
      .where(eq(authUsers.email, email));
    expect(user?.invitedAt).toBeTruthy();
    expect(readJson(created, engagementSchema).auditors.map((row) => row.email)).toEqual([email]);
    // A client's account cannot be made an auditor.
    const [client] = await database.db
      .select({ email: authUsers.email })
      .from(authUsers)
      .where(eq(authUsers.id, fixture.userIds.clientOfB));
    const refused = await call('staffOfA', 'POST', '/api/v1/engagements', engagementInput({ auditorEmails: [client?.email] }));
    expect(refused.statusCode).toBe(400);
    // Staff open engagements only for organizations they serve.
    expect((await call('staffOfA', 'POST', '/api/v1/engagements', engagementInput({ organizationId: fixture.orgs.b.id }))).statusCode).toBe(
      404,
    );
  });

  it('runs the review: accept, flag (a domain event), the client resubmits, staff open a task request', async () => {
    const [first, second] = requests;
    if (!first || !second) throw new Error('two requests expected');
    const accepted = await call('auditor', 'POST', `/api/v1/engagements/${engagement.id}/requests/${first.id}/decision`, {
      decision: 'accept',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted' });
    expect(
      (await call('auditor', 'POST', `/api/v1/engagements/${engagement.id}/requests/${second.id}/decision`, { decision: 'flag' }))
        .statusCode,
    ).toBe(400);
    const flagged = await call('auditor', 'POST', `/api/v1/engagements/${engagement.id}/requests/${second.id}/decision`, {
      decision: 'flag',
      comment: 'The review does not show who approved the removals.',
    });
    expect(flagged.json()).toMatchObject({ status: 'flagged' });
    // pg-boss keeps jobs in its own schema; the flag's domain event is one of them.
    const jobs = (await database.db.execute(sql`select data from pgboss.job where name = 'domain-event'`)) as unknown as {
      rows: { data: { type: string; entityId: string } }[];
    };
    expect(jobs.rows.map((row) => row.data)).toContainEqual(
      expect.objectContaining({ type: 'audit_request.flagged', entityId: second.id }),
    );
    // The client may not decide; the auditor may not resubmit.
    expect(
      (await call('clientOfA', 'POST', `/api/v1/engagements/${engagement.id}/requests/${second.id}/decision`, { decision: 'accept' }))
        .statusCode,
    ).toBe(403);
    const tooLate = await call('clientOfA', 'POST', `/api/v1/engagements/${engagement.id}/requests/${second.id}/messages`, {
      evidenceIds: [evidenceIds.afterAccess],
      resubmit: true,
    });
    expect(tooLate.statusCode).toBe(400);
    const resubmitted = await call('clientOfA', 'POST', `/api/v1/engagements/${engagement.id}/requests/${second.id}/messages`, {
      body: 'Approvals are in the onboarding tickets.',
      evidenceIds: [evidenceIds.spare],
      resubmit: true,
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    const thread = readJson(resubmitted, auditThreadSchema);
    expect(thread.request.status).toBe('submitted');
    expect(thread.request.evidence.map((item) => item.id)).toContain(evidenceIds.spare);
    expect(thread.messages.map((message) => [message.authorKind, message.kind])).toEqual([
      ['auditor', 'decision'],
      ['client', 'submission'],
    ]);
    // Flag again; staff turn it into a task request through the pipeline.
    await call('auditor', 'POST', `/api/v1/engagements/${engagement.id}/requests/${second.id}/decision`, {
      decision: 'flag',
      comment: 'Still no approver.',
    });
    expect((await call('clientOfA', 'POST', `/api/v1/engagements/${engagement.id}/requests/${second.id}/task-request`)).statusCode).toBe(
      403,
    );
    const task = await call('staffOfA', 'POST', `/api/v1/engagements/${engagement.id}/requests/${second.id}/task-request`);
    expect(task.statusCode, task.body).toBe(201);
    const { taskRequestId } = task.json() as { taskRequestId: string };
    const [row] = await withTenant(database.db, system, (tx) => tx.select().from(taskRequests).where(eq(taskRequests.id, taskRequestId)));
    expect(row).toMatchObject({ organizationId: fixture.orgs.a.id, source: 'audit_request', status: 'queued' });
  });

  it('draws a reproducible sample: the same seed draws the same rows', async () => {
    const csv = [
      'employee_id,name,start_date',
      ...Array.from({ length: 20 }, (_, index) => `E${index + 1},Person ${index + 1},2026-0${(index % 6) + 1}-01`),
    ].join('\n');
    const upload = async () => {
      const response = await call('clientOfA', 'POST', `/api/v1/engagements/${engagement.id}/samples`, { name: 'New hires', csv });
      expect(response.statusCode, response.body).toBe(201);
      return readJson(response, auditSampleSchema);
    };
    const [one, two] = [await upload(), await upload()];
    expect(
      (await call('clientOfA', 'POST', `/api/v1/engagements/${engagement.id}/samples/${one.id}/draw`, { sampleSize: 5 })).statusCode,
    ).toBe(403);
    const draw = async (id: string) =>
      readJson(
        await call('auditor', 'POST', `/api/v1/engagements/${engagement.id}/samples/${id}/draw`, { sampleSize: 5, seed: 'fieldwork-2026' }),
        auditSampleSchema,
      );
    const [first, second] = [await draw(one.id), await draw(two.id)];
    expect(first.seed).toBe('fieldwork-2026');
    expect(first.selected).toEqual(second.selected);
    expect(first.selected).toEqual(drawIndices(20, 5, 'fieldwork-2026'));
    expect(new Set(first.selected).size).toBe(5);
    expect(first.selectedRows?.[0]?.[0]).toBe(`E${(first.selected?.[0] ?? 0) + 1}`);
    expect(drawIndices(20, 5, 'another seed')).not.toEqual(first.selected);
    expect(
      (await call('auditor', 'POST', `/api/v1/engagements/${engagement.id}/samples/${one.id}/draw`, { sampleSize: 5 })).statusCode,
    ).toBe(409);
  });

  it('exports the PBC package: the accepted evidence with SHA-256 hashes and the trail’s verification', async () => {
    const response = await call('auditor', 'GET', `/api/v1/engagements/${engagement.id}/package.zip`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const manifest = JSON.parse(strFromU8(files['manifest.json'] ?? new Uint8Array())) as {
      requests: { ref: string; files: { path: string; sha256: string; evidenceId: string }[] }[];
      auditTrailVerification: unknown;
    };
    expect(manifest.requests.map((request) => request.ref)).toEqual([requests[0]?.ref]);
    const packed = manifest.requests.flatMap((request) => request.files);
    expect(packed.map((file) => file.evidenceId)).toContain(evidenceIds.inPeriod);
    expect(packed.map((file) => file.evidenceId)).not.toContain(evidenceIds.later);
    const inPeriod = packed.find((file) => file.evidenceId === evidenceIds.inPeriod);
    expect(Buffer.from(files[inPeriod?.path ?? ''] ?? []).toString()).toBe(FILE.toString());
    expect(inPeriod?.sha256).toBe((await app.fileStore.put(FILE)).sha256);
    expect(chainVerificationSchema.parse(manifest.auditTrailVerification)).toMatchObject({ ok: true });
  });

  it('shows the auditor’s dashboard: by status, overdue, changed since the last visit', async () => {
    const first = readJson(await call('auditor', 'GET', `/api/v1/engagements/${engagement.id}/dashboard`), engagementDashboardSchema);
    expect(first.byStatus.accepted).toBe(1);
    expect(first.byStatus.flagged).toBe(1);
    expect(first.overdue.every((request) => ['open', 'flagged', 'resubmission_requested'].includes(request.status))).toBe(true);
    expect(first.overdue.length).toBeGreaterThan(0);
    expect(first.changedSinceLastVisit?.length).toBe(first.engagement.requestCount);
    const second = readJson(await call('auditor', 'GET', `/api/v1/engagements/${engagement.id}/dashboard`), engagementDashboardSchema);
    expect(second.changedSinceLastVisit).toEqual([]);
    expect(second.lastVisitAt).toBeTruthy();
    expect(
      readJson(await call('staffOfA', 'GET', `/api/v1/engagements/${engagement.id}/dashboard`), engagementDashboardSchema)
        .changedSinceLastVisit,
    ).toBeNull();
  });

  it('gives the auditor the trail of the engagement’s organization and period only', async () => {
    const trail = await call('auditor', 'GET', `/api/v1/audit-trail?engagementId=${engagement.id}&action=audit_request`);
    expect(trail.statusCode, trail.body).toBe(200);
    const events = (trail.json() as { events: { action: string; organizationId: string }[] }).events;
    expect(events.map((event) => event.action)).toContain('audit_request.decide');
    expect(events.every((event) => event.organizationId === fixture.orgs.a.id)).toBe(true);
    // Without the engagement the auditor reaches no organization; another organization is 404 either way.
    expect((await call('auditor', 'GET', `/api/v1/audit-trail?organizationId=${fixture.orgs.a.id}`)).statusCode).toBe(404);
    expect(
      (await call('auditor', 'GET', `/api/v1/audit-trail?engagementId=${engagement.id}&organizationId=${fixture.orgs.b.id}`)).statusCode,
    ).toBe(404);
    const csv = await call('auditor', 'GET', `/api/v1/audit-trail/export.csv?engagementId=${engagement.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toBe(
      'seq,occurred_at,actor,api_key,action,entity_type,entity_id,before,after,ip,user_agent,prev_hash,hash',
    );
    expect(csv.body).not.toContain(fixture.orgs.b.id);
  });

  it('answers an auditor outside the period 403, and records a security event on the organization’s trail', async () => {
    const outside = await call('auditor', 'GET', `/api/v1/audit-trail?engagementId=${engagement.id}&from=${day(5)}`);
    expect(outside.statusCode).toBe(403);
    await withTenant(database.db, system, (tx) =>
      tx
        .insert(auditRequestEvidence)
        .values({ organizationId: fixture.orgs.a.id, requestId: requests[0]?.id ?? '', evidenceId: evidenceIds.afterAccess }),
    );
    const later = await call('auditor', 'GET', `/api/v1/engagements/${engagement.id}/evidence/${evidenceIds.afterAccess}/download`);
    expect(later.statusCode).toBe(403);
    const inPeriod = await call('auditor', 'GET', `/api/v1/engagements/${engagement.id}/evidence/${evidenceIds.inPeriod}/download`);
    expect(inPeriod.statusCode).toBe(200);
    expect(inPeriod.body).toBe(FILE.toString());
    const events = await database.db.select().from(securityEvents).where(eq(securityEvents.userId, auditor.userId));
    const reasons = events.map((event) => (event.details as { reason?: string; engagementId?: string }).reason);
    expect(reasons.filter((reason) => reason === 'outside_period')).toHaveLength(2);
    const trail = await withTenant(database.db, system, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.organizationId, fixture.orgs.a.id),
            eq(auditEvents.action, 'security.privilege_escalation'),
            eq(auditEvents.actorId, auditor.userId),
          ),
        ),
    );
    expect(trail.length).toBeGreaterThanOrEqual(2);
  });

  it('takes evidence the client collected during the engagement, in answer to a flag (issue 32), and shows it to the auditor', async () => {
    const flagged = requests[1];
    if (!flagged) throw new Error('two requests expected');
    const answered = await call('clientOfA', 'POST', `/api/v1/engagements/${engagement.id}/requests/${flagged.id}/messages`, {
      body: 'A fresh access review, done after your flag.',
      evidenceIds: [evidenceIds.later],
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(readJson(answered, auditThreadSchema).request.evidence.map((item) => item.id)).toContain(evidenceIds.later);
    const seen = await requestsOf('auditor');
    expect(seen.find((request) => request.id === flagged.id)?.evidence.map((item) => item.id)).toContain(evidenceIds.later);
    const download = await call('auditor', 'GET', `/api/v1/engagements/${engagement.id}/evidence/${evidenceIds.later}/download`);
    expect(download.statusCode).toBe(200);
  });

  it('answers an auditor whose access has ended 403 on every engagement endpoint, with a security event', async () => {
    for (const url of [
      `/api/v1/engagements/${ended.id}/requests`,
      `/api/v1/engagements/${ended.id}/package.zip`,
      `/api/v1/audit-trail?engagementId=${ended.id}`,
    ]) {
      const response = await call('auditor', 'GET', url);
      expect(response.statusCode, url).toBe(403);
    }
    const events = await database.db.select().from(securityEvents).where(eq(securityEvents.userId, auditor.userId));
    const endedEvents = events.filter((event) => (event.details as { reason?: string }).reason === 'engagement_access_ended');
    expect(endedEvents).toHaveLength(3);
    expect(
      endedEvents.every(
        (event) => event.eventType === 'PRIVILEGE_ESCALATION' && (event.details as { engagementId?: string }).engagementId === ended.id,
      ),
    ).toBe(true);
    // Staff still reach it.
    expect((await call('staffOfA', 'GET', `/api/v1/engagements/${ended.id}/requests`)).statusCode).toBe(200);
  });

  it('verifies the organization’s chain for staff and for the client manager, never across organizations', async () => {
    const staff = await call('staffOfA', 'GET', `/api/v1/audit-trail/verify?organizationId=${fixture.orgs.a.id}`);
    expect(readJson(staff, chainVerificationSchema)).toMatchObject({ ok: true });
    expect((await call('staffOfA', 'GET', `/api/v1/audit-trail/verify?organizationId=${fixture.orgs.b.id}`)).statusCode).toBe(404);
    // clientOfB is a client manager: their own organization only. clientOfA (a plain client) may not read the trail.
    expect((await call('clientOfB', 'GET', '/api/v1/audit-trail')).statusCode).toBe(200);
    expect((await call('clientOfB', 'GET', `/api/v1/audit-trail?organizationId=${fixture.orgs.a.id}`)).statusCode).toBe(404);
    expect((await call('clientOfA', 'GET', '/api/v1/audit-trail')).statusCode).toBe(403);
  });
});

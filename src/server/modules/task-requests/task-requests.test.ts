import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../../../tests/auth-helpers.ts';
import { readJson } from '../../../../tests/read-response.ts';
import { createTenantFixture, type TenantActor, type TenantFixture } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { errorBodySchema } from '../../../shared/errors.ts';
import { TASK_REQUEST_FAILED_FALLBACK_MESSAGE } from '../../../shared/schemas/agent-runs.ts';
import {
  classifyTaskRequestResponseSchema,
  taskRequestDetailSchema,
  taskRequestListSchema,
  taskSummarySchema,
} from '../../../shared/schemas/task-requests.ts';
import { buildApp } from '../../app.ts';
import { parseEnv } from '../../env.ts';
import { agentRuns } from '../../db/schema/agent-runs.ts';
import { taskAttachments, taskRequests } from '../../db/schema/task-requests.ts';
import { ensureProfile, grantRole } from '../../platform/access/access.service.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';

/** Task requests through the real routes: submit, list, read, cancel, the Overview summary, and tenancy. */
let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;

beforeAll(async () => {
  database = await createTestDatabase();
  // No agent drafts these requests while the counts are read (a loaded machine lost that race).
  app = await buildApp({ database, env: parseEnv({ NODE_ENV: 'test', JOB_WORKERS: 'off' }) });
  fixture = await createTenantFixture(app, database);
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

const as = (actor: TenantActor) => ({ authorization: `Bearer ${fixture.tokens[actor]}` });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const vendorReview = {
  title: 'Vendor security review of CloudPay',
  description: 'Read the supplier’s SOC 2 report and third-party subprocessor list before we sign.',
  department: 'risk',
  deadline: inDays(20),
  frameworks: ['SOC 2', 'GDPR'],
};

async function submit(actor: TenantActor, payload: Record<string, unknown> = vendorReview, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/v1/task-requests', headers: { ...as(actor), ...headers }, payload });
}

async function submitted(actor: TenantActor = 'clientOfA', payload: Record<string, unknown> = vendorReview) {
  const response = await submit(actor, payload);
  expect(response.statusCode, response.body).toBe(201);
  return readJson(response, taskRequestDetailSchema);
}

function errorOf(response: { body: string }) {
  return readJson(response, errorBodySchema).error;
}

describe('classifyTaskRequest', () => {
  it('classifies without storing anything, naming the agent and the reasons', async () => {
    const before = await withTenant(database.db, { kind: 'all', userId: null }, (tx) => tx.select().from(taskRequests));
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/task-requests/classify',
      headers: as('clientOfB'),
      payload: vendorReview,
    });
    expect(response.statusCode, response.body).toBe(200);
    const classification = readJson(response, classifyTaskRequestResponseSchema);
    expect(classification).toMatchObject({
      workKind: 'vendor_review',
      agent: { id: 'vendor-reviewer', name: expect.any(String) },
      priority: 'medium',
      complexity: 'medium',
      estimateMinDays: 3,
      estimateMaxDays: 5,
      provider: 'builtin',
    });
    expect(classification.agent.name).not.toBe('vendor-reviewer');
    expect(classification.reasons).toHaveLength(3);
    const after = await withTenant(database.db, { kind: 'all', userId: null }, (tx) => tx.select().from(taskRequests));
    expect(after).toHaveLength(before.length);
  });

  it('refuses a missing title, an unknown department, a past deadline and too many frameworks, field by field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/task-requests/classify',
      headers: as('clientOfA'),
      payload: { title: '  ', department: 'finance', deadline: '2020-01-01', frameworks: Array.from({ length: 11 }, (_, i) => `F${i}`) },
    });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.issues?.map((issue) => issue.path).sort()).toEqual(['body.deadline', 'body.department', 'body.frameworks', 'body.title']);
  });

  it('asks for sign-in', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/task-requests/classify', payload: vendorReview });
    expect(response.statusCode).toBe(401);
  });
});

describe('createTaskRequest', () => {
  it('submits a client’s request into their organization: queued, timeline, pending deliverable, agent run job', async () => {
    const request = await submitted();
    expect(request).toMatchObject({
      title: vendorReview.title,
      status: 'queued',
      workKind: 'vendor_review',
      agent: { id: 'vendor-reviewer' },
      priority: 'medium',
      frameworks: ['SOC 2', 'GDPR'],
      deadline: vendorReview.deadline,
      organization: { id: fixture.orgs.a.id, name: fixture.orgs.a.name },
      deliverable: { status: 'pending', currentVersion: 0 },
      latestOutput: null,
      failureMessage: null,
      canCancel: true,
      assignee: null,
    });
    expect(request.events.map((event) => event.kind)).toEqual(['submitted', 'classified']);
    expect(request.classificationReasons.length).toBeGreaterThan(0);
    expect(new Date(request.dueAt).getTime()).toBeGreaterThan(Date.now());
    const [run] = await withTenant(database.db, { kind: 'all', userId: null }, (tx) =>
      tx.select().from(agentRuns).where(eq(agentRuns.taskRequestId, request.id)),
    );
    expect(run).toMatchObject({ agentId: 'vendor-reviewer', jobId: expect.any(String) });
    // The run's job is on the queue (the server's own workers may already be drafting it).
    const job = await app.jobs.boss.getJobById<{ runId: string; organizationId: string }>('agent-run', run!.jobId!);
    expect(job?.data).toEqual({ runId: run!.id, organizationId: fixture.orgs.a.id });
  });

  it('tells a client without an organization to subscribe first (409)', async () => {
    const loner = await createTestUser(app);
    await ensureProfile(database.db, { userId: loner.userId, userType: 'client' });
    await grantRole(database.db, { userId: loner.userId, role: 'client' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/task-requests',
      headers: { authorization: `Bearer ${loner.accessToken}` },
      payload: vendorReview,
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('Subscribe') });
  });

  it('lets staff submit for an organization they serve, and only that one', async () => {
    const unnamed = await submit('staffOfA');
    expect(unnamed.statusCode).toBe(400);
    expect(errorOf(unnamed).issues?.map((issue) => issue.path)).toEqual(['body.organizationId']);
    expect((await submit('staffOfA', { ...vendorReview, organizationId: fixture.orgs.b.id })).statusCode).toBe(404);
    const forA = await submitted('staffOfA', { ...vendorReview, organizationId: fixture.orgs.a.id });
    expect(forA.organization.id).toBe(fixture.orgs.a.id);
    expect(forA.canCancel).toBe(false);
    expect((await submit('clientOfA', { ...vendorReview, organizationId: fixture.orgs.b.id })).statusCode).toBe(404);
  });

  it('answers a retried submission with the same Idempotency-Key with the first request (200), not a second one', async () => {
    const key = { 'idempotency-key': `retry-${Date.now()}` };
    const first = await submit('clientOfA', { ...vendorReview, title: 'Idempotent request' }, key);
    expect(first.statusCode).toBe(201);
    const second = await submit('clientOfA', { ...vendorReview, title: 'Idempotent request' }, key);
    expect(second.statusCode).toBe(200);
    expect(readJson(second, taskRequestDetailSchema).id).toBe(readJson(first, taskRequestDetailSchema).id);
    // Another user's identical key is theirs alone.
    expect((await submit('clientOfB', { ...vendorReview, title: 'Idempotent request' }, key)).statusCode).toBe(201);
    const rows = await withTenant(database.db, { kind: 'all', userId: null }, (tx) =>
      tx.select().from(taskRequests).where(eq(taskRequests.title, 'Idempotent request')),
    );
    expect(rows).toHaveLength(2);
  });

  it('attaches the organization’s own uploads and refuses another organization’s (404)', async () => {
    const [own, foreign] = await withTenant(database.db, { kind: 'all', userId: null }, (tx) =>
      tx
        .insert(taskAttachments)
        .values([
          {
            organizationId: fixture.orgs.a.id,
            uploadedBy: fixture.userIds.clientOfA,
            fileName: 'soc2.pdf',
            mediaType: 'application/pdf',
            sizeBytes: 1200,
            sha256: 'a'.repeat(64),
          },
          {
            organizationId: fixture.orgs.b.id,
            uploadedBy: fixture.userIds.clientOfB,
            fileName: 'b.pdf',
            mediaType: 'application/pdf',
            sizeBytes: 10,
            sha256: 'b'.repeat(64),
          },
        ])
        .returning({ id: taskAttachments.id }),
    );
    if (!own || !foreign) throw new Error('attachments not seeded');
    const refused = await submit('clientOfA', { ...vendorReview, attachmentIds: [own.id, foreign.id] });
    expect(refused.statusCode).toBe(404);
    const request = await submitted('clientOfA', { ...vendorReview, attachmentIds: [own.id] });
    expect(request.attachments).toEqual([expect.objectContaining({ id: own.id, fileName: 'soc2.pdf', sizeBytes: 1200 })]);
    // Once attached it belongs to that request: it cannot be attached again.
    expect((await submit('clientOfA', { ...vendorReview, attachmentIds: [own.id] })).statusCode).toBe(404);
  });
});

describe('listTaskRequests and getTaskRequest', () => {
  it('lists newest first within the tenant, filters by status and title, and pages with a cursor', async () => {
    const first = await submitted('clientOfB', { ...vendorReview, title: 'Borealis access review policy' });
    const second = await submitted('clientOfB', { ...vendorReview, title: 'Borealis risk register' });
    const list = readJson(
      await app.inject({ method: 'GET', url: '/api/v1/task-requests?limit=1', headers: as('clientOfB') }),
      taskRequestListSchema,
    );
    expect(list.requests.map((row) => row.id)).toEqual([second.id]);
    expect(list.nextCursor).toBe(second.id);
    const next = readJson(
      await app.inject({ method: 'GET', url: `/api/v1/task-requests?limit=1&cursor=${list.nextCursor}`, headers: as('clientOfB') }),
      taskRequestListSchema,
    );
    expect(next.requests.map((row) => row.id)).toEqual([first.id]);
    const searched = readJson(
      await app.inject({ method: 'GET', url: '/api/v1/task-requests?q=ACCESS%20review', headers: as('clientOfB') }),
      taskRequestListSchema,
    );
    expect(searched.requests.map((row) => row.id)).toEqual([first.id]);
    const delivered = readJson(
      await app.inject({ method: 'GET', url: '/api/v1/task-requests?status=delivered', headers: as('clientOfB') }),
      taskRequestListSchema,
    );
    expect(delivered.requests).toEqual([]);
  });

  it('never shows one organization’s requests to another; staff see those they serve, administrators all', async () => {
    const ofA = await submitted('clientOfA', { ...vendorReview, title: 'Only for Acme' });
    const ids = async (actor: TenantActor) =>
      readJson(await app.inject({ method: 'GET', url: '/api/v1/task-requests?limit=100', headers: as(actor) }), taskRequestListSchema)
        .requests;
    expect((await ids('clientOfB')).map((row) => row.organization.id)).not.toContain(fixture.orgs.a.id);
    expect((await ids('clientOfA')).every((row) => row.organization.id === fixture.orgs.a.id)).toBe(true);
    expect((await ids('staffOfA')).map((row) => row.id)).toContain(ofA.id);
    expect(await ids('staffUnassigned')).toEqual([]);
    const orgs = new Set((await ids('administrator')).map((row) => row.organization.id));
    expect(orgs).toEqual(new Set([fixture.orgs.a.id, fixture.orgs.b.id]));

    for (const actor of ['clientOfB', 'staffUnassigned'] as const) {
      const response = await app.inject({ method: 'GET', url: `/api/v1/task-requests/${ofA.id}`, headers: as(actor) });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).message).toBe('No task request has this id.');
    }
    expect((await app.inject({ method: 'GET', url: `/api/v1/task-requests/${ofA.id}`, headers: as('staffOfA') })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/task-requests/not-an-id', headers: as('clientOfA') })).statusCode).toBe(400);
  });

  it('gives a failed request’s client words, not an error code', async () => {
    const request = await submitted();
    await withTenant(database.db, { kind: 'all', userId: null }, (tx) =>
      tx
        .update(taskRequests)
        .set({ status: 'failed', failureMessage: 'Our agent could not read the attached report. A consultant will contact you today.' })
        .where(eq(taskRequests.id, request.id)),
    );
    const read = readJson(
      await app.inject({ method: 'GET', url: `/api/v1/task-requests/${request.id}`, headers: as('clientOfA') }),
      taskRequestDetailSchema,
    );
    expect(read).toMatchObject({
      status: 'failed',
      failureMessage: 'Our agent could not read the attached report. A consultant will contact you today.',
      canCancel: true,
    });
    // A failed request without words of its own promises no alert nobody may have received.
    await withTenant(database.db, { kind: 'all', userId: null }, (tx) =>
      tx.update(taskRequests).set({ failureMessage: null }).where(eq(taskRequests.id, request.id)),
    );
    const bare = readJson(
      await app.inject({ method: 'GET', url: `/api/v1/task-requests/${request.id}`, headers: as('clientOfA') }),
      taskRequestDetailSchema,
    );
    expect(bare.failureMessage).toBe(TASK_REQUEST_FAILED_FALLBACK_MESSAGE);
    expect(bare.failureMessage).not.toMatch(/alerted/);
  });
});

describe('cancelTaskRequest', () => {
  const cancel = (actor: TenantActor, id: string) =>
    app.inject({ method: 'POST', url: `/api/v1/task-requests/${id}/cancel`, headers: as(actor) });

  it('lets the client cancel an undelivered request: status, queued runs and timeline follow', async () => {
    const request = await submitted();
    expect((await cancel('clientOfB', request.id)).statusCode).toBe(404);
    expect((await cancel('staffUnassigned', request.id)).statusCode).toBe(404);
    const byStaff = await cancel('staffOfA', request.id);
    expect(byStaff.statusCode).toBe(403);

    const response = await cancel('clientOfA', request.id);
    expect(response.statusCode).toBe(200);
    const cancelled = readJson(response, taskRequestDetailSchema);
    expect(cancelled).toMatchObject({ status: 'cancelled', canCancel: false });
    expect(cancelled.events.map((event) => event.kind)).toEqual(['submitted', 'classified', 'cancelled']);
    expect(cancelled.events[2]?.actor).toMatch(/@example\.com$/);
    const runs = await withTenant(database.db, { kind: 'all', userId: null }, (tx) =>
      tx.select({ status: agentRuns.status }).from(agentRuns).where(eq(agentRuns.taskRequestId, request.id)),
    );
    expect(runs).toEqual([{ status: 'cancelled' }]);

    const again = await cancel('clientOfA', request.id);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('This request is already cancelled and can no longer be cancelled.');
  });

  it('refuses to cancel a delivered request; an administrator may cancel any open one', async () => {
    const delivered = await submitted();
    await withTenant(database.db, { kind: 'all', userId: null }, (tx) =>
      tx
        .update(taskRequests)
        .set({ status: 'delivered' })
        .where(and(eq(taskRequests.id, delivered.id))),
    );
    expect(errorOf(await cancel('clientOfA', delivered.id)).code).toBe('CONFLICT');
    const open = await submitted();
    expect((await cancel('administrator', open.id)).statusCode).toBe(200);
  });
});

describe('requestTaskRevision', () => {
  const revise = (actor: TenantActor, id: string, notes: unknown) =>
    app.inject({ method: 'POST', url: `/api/v1/task-requests/${id}/revision`, headers: as(actor), payload: { notes } });
  const NOTES = 'Add the subprocessors in the EU and name the reviewer of each.';

  it('sends delivered work back to its agent with the client’s notes, once, and only for the client side', async () => {
    const request = await submitted();
    expect(request.canRequestRevision).toBe(false);
    expect(errorOf(await revise('clientOfA', request.id, NOTES)).code).toBe('CONFLICT');
    await withTenant(database.db, { kind: 'all', userId: null }, async (tx) => {
      await tx.update(agentRuns).set({ status: 'succeeded' }).where(eq(agentRuns.taskRequestId, request.id));
      await tx.update(taskRequests).set({ status: 'delivered', deliveredAt: new Date() }).where(eq(taskRequests.id, request.id));
    });
    const delivered = readJson(
      await app.inject({ method: 'GET', url: `/api/v1/task-requests/${request.id}`, headers: as('clientOfA') }),
      taskRequestDetailSchema,
    );
    expect(delivered.canRequestRevision).toBe(true);

    const short = await revise('clientOfA', request.id, 'Redo');
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).code).toBe('VALIDATION_FAILED');
    expect((await revise('clientOfB', request.id, NOTES)).statusCode).toBe(404);
    expect((await revise('staffUnassigned', request.id, NOTES)).statusCode).toBe(404);
    expect(errorOf(await revise('staffOfA', request.id, NOTES)).code).toBe('FORBIDDEN');

    const response = await revise('clientOfA', request.id, NOTES);
    expect(response.statusCode, response.body).toBe(200);
    const revised = readJson(response, taskRequestDetailSchema);
    expect(revised).toMatchObject({ status: 'queued', canRequestRevision: false, canCancel: true });
    const last = revised.events.at(-1);
    expect(last).toMatchObject({ kind: 'revision_requested', detail: NOTES });
    expect(last?.actor).toMatch(/@example\.com$/);
    // The redraft pipeline a reviewer's rejection uses: a queued agent run carrying the notes.
    const runs = await withTenant(database.db, { kind: 'all', userId: null }, (tx) =>
      tx
        .select({ status: agentRuns.status, reviewNotes: agentRuns.reviewNotes })
        .from(agentRuns)
        .where(eq(agentRuns.taskRequestId, request.id)),
    );
    expect(runs).toEqual(expect.arrayContaining([{ status: 'queued', reviewNotes: NOTES }]));
    expect(runs).toHaveLength(2);

    const again = await revise('clientOfA', request.id, NOTES);
    expect(again.statusCode).toBe(409);
  });
});

describe('getTaskSummary', () => {
  it('counts where the tenant’s requests stand and lists what changed since a time, not the caller’s own steps', async () => {
    const since = new Date().toISOString();
    const summary = async (actor: TenantActor, query = '') =>
      readJson(await app.inject({ method: 'GET', url: `/api/v1/task-summary${query}`, headers: as(actor) }), taskSummarySchema);
    const beforeB = await summary('clientOfB');

    const request = await submitted('clientOfA', { ...vendorReview, title: 'Summary probe' });
    await withTenant(database.db, { kind: 'all', userId: null }, (tx) =>
      tx
        .update(taskRequests)
        .set({ status: 'in_review', dueAt: new Date(Date.now() - 3_600_000) })
        .where(eq(taskRequests.id, request.id)),
    );
    const mine = await summary('clientOfA', `?since=${encodeURIComponent(since)}`);
    expect(mine.counts.inReview).toBeGreaterThanOrEqual(1);
    expect(mine.counts.overdue).toBeGreaterThanOrEqual(1);
    expect(mine.queue[0]?.id).toBe(request.id); // the most overdue comes first
    // The client submitted it themselves; only the classification is news to them.
    expect(mine.changedSince.filter((change) => change.taskRequestId === request.id).map((change) => change.kind)).toEqual(['classified']);
    const staff = await summary('staffOfA', `?since=${encodeURIComponent(since)}`);
    expect(
      staff.changedSince
        .filter((change) => change.taskRequestId === request.id)
        .map((change) => change.kind)
        .sort(),
    ).toEqual(['classified', 'submitted']);

    const afterB = await summary('clientOfB');
    expect(afterB.counts).toEqual(beforeB.counts);
    expect(afterB.changedSince.every((change) => change.taskRequestId !== request.id)).toBe(true);
    expect((await summary('staffUnassigned')).counts).toEqual({ active: 0, inReview: 0, completed: 0, overdue: 0, needsAttention: 0 });
  });
});

import { randomUUID } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../../../tests/auth-helpers.ts';
import { createTenantFixture, type TenantActor, type TenantFixture, type TenantOrg } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import type { OutputReview, QualityScores, ReviewQueue } from '../../../shared/schemas/reviews.ts';
import type { TaskClassification } from '../../../shared/schemas/task-requests.ts';
import { buildApp } from '../../app.ts';
import { parseEnv } from '../../env.ts';
import { securityEvents } from '../../db/schema/access.ts';
import { agentRuns } from '../../db/schema/agent-runs.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { deliverableVersions, deliverables } from '../../db/schema/deliverables.ts';
import { outboundEmails } from '../../db/schema/mail.ts';
import { staffAssignments } from '../../db/schema/organizations.ts';
import { aiOutputs, outputReviews } from '../../db/schema/reviews.ts';
import { taskRequestEvents, taskRequests } from '../../db/schema/task-requests.ts';
import { ensureProfile, grantRole } from '../../platform/access/access.service.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { submitTaskRequest } from '../task-requests/pipeline.ts';

/**
 * What reviewers do, through the real app on a real database: the queue, the review screen's data,
 * a reviewer's edit, an approver's decision (publish, or redraft with notes) and the quality scores,
 * each across two organizations (another tenant's output answers 404, like a missing one).
 */

const CLASSIFICATION: TaskClassification = {
  workKind: 'policy_draft',
  agentId: 'policy-drafter',
  priority: 'high',
  complexity: 'medium',
  estimateMinDays: 5,
  estimateMaxDays: 7,
  reasons: ['A policy to write.'],
  provider: 'builtin',
};
const SCORES = { accuracy: 90, completeness: 80, framework_alignment: 85, timeliness: 95 };

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
const approvers = {} as Record<'a' | 'b', { userId: string; token: string }>;

type Actor = TenantActor | 'approverOfA' | 'approverOfB';
const tokenOf = (actor: Actor) =>
  actor === 'approverOfA' ? approvers.a.token : actor === 'approverOfB' ? approvers.b.token : fixture.tokens[actor];
const call = (actor: Actor, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${tokenOf(actor)}` }, ...(payload ? { payload } : {}) });
const all = <T>(work: Parameters<typeof withTenant<T>>[2]) => withTenant(database.db, { kind: 'all', userId: null }, work);

async function approverOf(org: TenantOrg) {
  const user = await createTestUser(app);
  await ensureProfile(database.db, { userId: user.userId, userType: 'staff' });
  await grantRole(database.db, { userId: user.userId, role: 'consultant', isApprover: true });
  await all((tx) =>
    tx.insert(staffAssignments).values({ organizationId: fixture.orgs[org].id, staffUserId: user.userId, engagementRole: 'reviewer' }),
  );
  return { userId: user.userId, token: user.accessToken };
}

/** A request of `org` with an agent's first draft awaiting review, due in `dueInDays`. */
async function seedDraft(org: TenantOrg, options: { requestedBy: string; dueInDays: number; body?: string; title?: string }) {
  return all(async (tx) => {
    const jobs = app.jobs;
    const request = await submitTaskRequest(tx, jobs, {
      organizationId: fixture.orgs[org].id,
      requestedBy: options.requestedBy,
      title: options.title ?? `Access control policy ${randomUUID().slice(0, 6)}`,
      description: 'Write our access control policy for SOC 2.',
      department: 'compliance',
      deadline: null,
      frameworks: ['SOC 2'],
      source: 'wizard',
      classification: CLASSIFICATION,
    });
    await tx
      .update(taskRequests)
      .set({ status: 'in_review', dueAt: new Date(Date.now() + options.dueInDays * 86_400_000) })
      .where(eq(taskRequests.id, request.id));
    const [output] = await tx
      .insert(aiOutputs)
      .values({
        organizationId: request.organizationId,
        taskRequestId: request.id,
        agentId: 'policy-drafter',
        version: 1,
        title: request.title,
        type: 'policy_draft',
        confidence: 87,
        summary: 'An access control policy.',
        keyFindings: ['No quarterly access review today.'],
        riskScore: 62,
        recommendations: ['Review access every quarter.'],
        body: options.body ?? '# Access control\n\nAccess is granted by role.\n\nReviews happen yearly.\n',
        sources: [{ kind: 'framework_requirement', ref: 'SOC 2 CC6.1', title: 'Logical access' }],
      })
      .returning({ id: aiOutputs.id });
    return { requestId: request.id, outputId: output!.id };
  });
}

const decision = (overrides: object = {}) => ({ decision: 'approved', notes: '', scores: SCORES, issues: [], ...overrides });

let draftA1: { requestId: string; outputId: string };
let draftA2: { requestId: string; outputId: string };
let draftB1: { requestId: string; outputId: string };

beforeAll(async () => {
  database = await createTestDatabase();
  // The drafts are seeded by hand: no agent may work their requests meanwhile (on a busy machine it did,
  // superseding the seeded version before the test read it).
  app = await buildApp({ database, env: parseEnv({ NODE_ENV: 'test', JOB_WORKERS: 'off' }) });
  fixture = await createTenantFixture(app, database);
  approvers.a = await approverOf('a');
  approvers.b = await approverOf('b');
  draftA1 = await seedDraft('a', { requestedBy: fixture.userIds.clientOfA, dueInDays: 5 });
  draftA2 = await seedDraft('a', { requestedBy: fixture.userIds.clientOfA, dueInDays: 2 });
  draftB1 = await seedDraft('b', { requestedBy: fixture.userIds.clientOfB, dueInDays: 1 });
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

const queueIds = async (actor: Actor) => {
  const response = await call(actor, 'GET', '/api/v1/review-queue');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as ReviewQueue).outputs.map((item) => item.outputId);
};

describe('the review queue', () => {
  it('lists drafts awaiting review in the caller’s organizations, the request due soonest first', async () => {
    expect(await queueIds('staffOfA')).toEqual([draftA2.outputId, draftA1.outputId]);
    expect(await queueIds('approverOfB')).toEqual([draftB1.outputId]);
    expect(await queueIds('administrator')).toEqual([draftB1.outputId, draftA2.outputId, draftA1.outputId]);
    expect(await queueIds('staffUnassigned')).toEqual([]);
    const item = (await call('staffOfA', 'GET', '/api/v1/review-queue')).json() as ReviewQueue;
    expect(item.outputs[0]).toMatchObject({
      version: 1,
      type: 'policy_draft',
      agentName: 'Policy Drafter',
      confidence: 87,
      riskScore: 62,
      organizationName: fixture.orgs.a.name,
      request: { id: draftA2.requestId, priority: 'high' },
    });
  });

  it('is for reviewers only: a client gets 403', async () => {
    expect((await call('clientOfA', 'GET', '/api/v1/review-queue')).statusCode).toBe(403);
  });
});

describe('one output under review', () => {
  it('shows the request, the draft and whether the caller may decide', async () => {
    const reader = await call('staffOfA', 'GET', `/api/v1/outputs/${draftA1.outputId}`);
    expect(reader.statusCode, reader.body).toBe(200);
    const review = reader.json() as OutputReview;
    expect(review.request).toMatchObject({ id: draftA1.requestId, department: 'compliance', frameworks: ['SOC 2'], status: 'in_review' });
    expect(review.output).toMatchObject({ version: 1, status: 'pending_review', agentName: 'Policy Drafter', editedBy: null });
    expect(review.output.sources).toEqual([{ kind: 'framework_requirement', ref: 'SOC 2 CC6.1', title: 'Logical access' }]);
    expect(review).toMatchObject({ previous: null, diff: [], reviews: [], canDecide: false, whyNot: 'not_approver' });
    const approver = (await call('approverOfA', 'GET', `/api/v1/outputs/${draftA1.outputId}`)).json() as OutputReview;
    expect(approver).toMatchObject({ canDecide: true, whyNot: null });
  });

  it('answers another organization’s output exactly like a missing one (404)', async () => {
    const missing = await call('approverOfB', 'GET', `/api/v1/outputs/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    for (const actor of ['approverOfB', 'staffUnassigned'] as const) {
      const response = await call(actor, 'GET', `/api/v1/outputs/${draftA1.outputId}`);
      expect(response.statusCode, actor).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: missing.json().error.code, message: missing.json().error.message } });
      expect(response.body).not.toContain(fixture.orgs.a.name);
    }
    expect((await call('approverOfB', 'POST', `/api/v1/outputs/${draftA1.outputId}/revisions`, { body: '# Mine' })).statusCode).toBe(404);
    expect((await call('approverOfB', 'POST', `/api/v1/outputs/${draftA1.outputId}/decision`, decision())).statusCode).toBe(404);
    expect((await call('approverOfA', 'POST', `/api/v1/outputs/${draftB1.outputId}/decision`, decision())).statusCode).toBe(404);
    expect((await call('clientOfA', 'GET', `/api/v1/outputs/${draftA1.outputId}`)).statusCode).toBe(403);
  });
});

describe('a reviewer’s edit', () => {
  it('becomes the next version, awaiting review, and supersedes the edited one', async () => {
    const body = '# Access control\n\nAccess is granted by role.\n\nReviews happen every quarter.\n';
    const response = await call('staffOfA', 'POST', `/api/v1/outputs/${draftA1.outputId}/revisions`, {
      body,
      recommendations: ['Review access every quarter.', 'Log every grant.'],
    });
    expect(response.statusCode, response.body).toBe(201);
    const revised = response.json() as OutputReview;
    expect(revised.output).toMatchObject({ version: 2, status: 'pending_review', body, summary: 'An access control policy.' });
    expect(revised.output.editedBy?.id).toBe(fixture.userIds.staffOfA);
    expect(revised.output.recommendations).toEqual(['Review access every quarter.', 'Log every grant.']);
    expect(revised.previous).toMatchObject({ outputId: draftA1.outputId, version: 1 });
    expect(revised.diff.filter((line) => line.kind !== 'unchanged')).toEqual([
      { kind: 'removed', text: 'Reviews happen yearly.' },
      { kind: 'added', text: 'Reviews happen every quarter.' },
    ]);
    const rows = await all((tx) =>
      tx.select().from(aiOutputs).where(eq(aiOutputs.taskRequestId, draftA1.requestId)).orderBy(aiOutputs.version),
    );
    expect(rows.map((row) => [row.version, row.status, row.runId, row.editedBy, row.agentId])).toEqual([
      [1, 'superseded', null, null, 'policy-drafter'],
      [2, 'pending_review', null, fixture.userIds.staffOfA, 'policy-drafter'],
    ]);
    expect(await queueIds('staffOfA')).toEqual([draftA2.outputId, revised.output.id]);
    draftA1 = { ...draftA1, outputId: revised.output.id };

    const again = await call('staffOfA', 'POST', `/api/v1/outputs/${rows[0]!.id}/revisions`, { body: '# Again' });
    expect(again.statusCode).toBe(409);
    expect((await call('staffOfA', 'POST', `/api/v1/outputs/${draftA1.outputId}/revisions`, { body: '   ' })).statusCode).toBe(400);
  });
});

describe('an approver’s decision', () => {
  it('is refused to a reviewer without the approver flag (403 from the guard)', async () => {
    const response = await call('staffOfA', 'POST', `/api/v1/outputs/${draftA2.outputId}/decision`, decision());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });

  it('needs notes to reject, and whole scores from 0 to 100', async () => {
    const noNotes = await call(
      'approverOfA',
      'POST',
      `/api/v1/outputs/${draftA2.outputId}/decision`,
      decision({ decision: 'rejected', notes: '  ' }),
    );
    expect(noNotes.statusCode).toBe(400);
    expect(noNotes.body).toContain('Say what should change');
    const badScore = await call(
      'approverOfA',
      'POST',
      `/api/v1/outputs/${draftA2.outputId}/decision`,
      decision({ scores: { ...SCORES, accuracy: 101 } }),
    );
    expect(badScore.statusCode).toBe(400);
    const noScores = await call('approverOfA', 'POST', `/api/v1/outputs/${draftA2.outputId}/decision`, { decision: 'approved' });
    expect(noScores.statusCode).toBe(400);
  });

  it('is never the requester’s own: 403 SEGREGATION_OF_DUTIES and a security event', async () => {
    const own = await seedDraft('a', { requestedBy: approvers.a.userId, dueInDays: 9 });
    const view = (await call('approverOfA', 'GET', `/api/v1/outputs/${own.outputId}`)).json() as OutputReview;
    expect(view).toMatchObject({ canDecide: false, whyNot: 'own_request' });
    const response = await call('approverOfA', 'POST', `/api/v1/outputs/${own.outputId}/decision`, decision());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'SEGREGATION_OF_DUTIES' } });
    const events = await database.db.select().from(securityEvents).where(eq(securityEvents.userId, approvers.a.userId));
    expect(events.map((event) => [event.eventType, (event.details as { reason?: string }).reason])).toContainEqual([
      'PRIVILEGE_ESCALATION',
      'segregation_of_duties',
    ]);
    const [output] = await all((tx) => tx.select().from(aiOutputs).where(eq(aiOutputs.id, own.outputId)));
    expect(output?.status).toBe('pending_review');
  });

  it('approving publishes the deliverable, delivers the request and e-mails the requester', async () => {
    const response = await call(
      'approverOfA',
      'POST',
      `/api/v1/outputs/${draftA1.outputId}/decision`,
      decision({ issues: ['Owner missing'] }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ decision: 'approved', overallScore: 87.5, requestStatus: 'delivered', runId: null });
    const { deliverable } = response.json() as { deliverable: { id: string; version: number } };
    expect(deliverable.version).toBe(1);

    await all(async (tx) => {
      const [request] = await tx.select().from(taskRequests).where(eq(taskRequests.id, draftA1.requestId));
      expect(request).toMatchObject({ status: 'delivered', assigneeId: approvers.a.userId });
      expect(request?.deliveredAt).toBeInstanceOf(Date);
      const [output] = await tx.select().from(aiOutputs).where(eq(aiOutputs.id, draftA1.outputId));
      expect(output?.status).toBe('approved');
      const [published] = await tx.select().from(deliverables).where(eq(deliverables.taskRequestId, draftA1.requestId));
      expect(published).toMatchObject({ id: deliverable.id, status: 'completed', currentVersion: 1 });
      const versions = await tx.select().from(deliverableVersions).where(eq(deliverableVersions.deliverableId, deliverable.id));
      expect(versions.map((row) => [row.outputId, row.publishedBy])).toEqual([[draftA1.outputId, approvers.a.userId]]);
      const [review] = await tx.select().from(outputReviews).where(eq(outputReviews.outputId, draftA1.outputId));
      expect(review).toMatchObject({ decision: 'approved', reviewerId: approvers.a.userId, overallScore: 87.5, issues: ['Owner missing'] });
      const events = await tx.select().from(taskRequestEvents).where(eq(taskRequestEvents.taskRequestId, draftA1.requestId));
      expect(events.map((event) => event.kind)).toEqual(expect.arrayContaining(['approved', 'delivered']));
      // One operation, one entry (docs/audit.md): the decision's entry names the version it published.
      const trail = await tx
        .select()
        .from(auditEvents)
        .where(or(eq(auditEvents.entityId, draftA1.outputId), eq(auditEvents.entityId, deliverable.id)));
      expect(trail.filter((entry) => entry.actorId === approvers.a.userId)).toMatchObject([
        {
          action: 'review.decide',
          entityType: 'ai_output',
          entityId: draftA1.outputId,
          before: { status: 'pending_review' },
          after: { status: 'approved', overallScore: 87.5, deliverable: { id: deliverable.id, version: 1 } },
        },
      ]);
    });
    const [requester] = await database.db
      .select({ email: authUsers.email })
      .from(authUsers)
      .where(eq(authUsers.id, fixture.userIds.clientOfA));
    const mails = await database.db
      .select()
      .from(outboundEmails)
      .where(and(eq(outboundEmails.toAddress, requester!.email!), eq(outboundEmails.subject, 'Your deliverable is ready')));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain('/dashboard-compliancecore?tab=tasks&section=deliverables');
    // Webhooks and workflow triggers hear of it (docs/events.md), in the decision's transaction.
    const published = (await database.db.execute(
      sql`select data from pgboss.job where name = 'domain-event' and data->>'type' = 'deliverable.published' and data->>'entityId' = ${deliverable.id}`,
    )) as unknown as { rows: Array<{ data: { data: { version: number } } }> };
    expect(published.rows.map((row) => row.data.data.version)).toEqual([1]);

    const second = await call('approverOfA', 'POST', `/api/v1/outputs/${draftA1.outputId}/decision`, decision());
    expect(second.statusCode).toBe(409);
  });

  it('rejecting sends the notes back to the agent as a new run, and e-mails nobody', async () => {
    const mailsBefore = await database.db.$count(outboundEmails);
    const notes = 'Name the system owners and the review cadence.';
    const response = await call('approverOfA', 'POST', `/api/v1/outputs/${draftA2.outputId}/decision`, {
      decision: 'rejected',
      notes,
      scores: { accuracy: 70, completeness: 60, framework_alignment: 75, timeliness: 90 },
      issues: ['No owners', 'Cadence missing'],
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as { runId: string; requestStatus: string; overallScore: number };
    expect(result).toMatchObject({ requestStatus: 'queued', overallScore: 73.8, deliverable: null });
    await all(async (tx) => {
      const [run] = await tx.select().from(agentRuns).where(eq(agentRuns.id, result.runId));
      expect(run).toMatchObject({ taskRequestId: draftA2.requestId, reviewNotes: notes, status: 'queued', agentId: 'policy-drafter' });
      expect(run?.jobId).toBeTypeOf('string');
      const [request] = await tx.select().from(taskRequests).where(eq(taskRequests.id, draftA2.requestId));
      expect(request).toMatchObject({ status: 'queued', assigneeId: approvers.a.userId, deliveredAt: null });
      const events = await tx.select().from(taskRequestEvents).where(eq(taskRequestEvents.taskRequestId, draftA2.requestId));
      expect(events.filter((event) => event.kind === 'changes_requested').map((event) => event.detail)).toEqual([notes]);
      const [output] = await tx.select().from(aiOutputs).where(eq(aiOutputs.id, draftA2.outputId));
      expect(output?.status).toBe('rejected');
    });
    expect(await database.db.$count(outboundEmails)).toBe(mailsBefore);
    const view = (await call('staffOfA', 'GET', `/api/v1/outputs/${draftA2.outputId}`)).json() as OutputReview;
    expect(view).toMatchObject({ canDecide: false, whyNot: 'already_decided' });
    expect(view.reviews.map((review) => [review.decision, review.notes, review.overallScore])).toEqual([['rejected', notes, 73.8]]);
  });

  it('is decided once when two decisions race (one 200, one 409)', async () => {
    const draft = await seedDraft('a', { requestedBy: fixture.userIds.clientOfA, dueInDays: 3 });
    const url = `/api/v1/outputs/${draft.outputId}/decision`;
    const [first, second] = await Promise.all([
      call('approverOfA', 'POST', url, decision()),
      call('approverOfA', 'POST', url, decision({ decision: 'rejected', notes: 'Redo it.' })),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(await all((tx) => tx.$count(outputReviews, eq(outputReviews.outputId, draft.outputId)))).toBe(1);
  });
});

describe('quality scores', () => {
  it('shows each organization its own reviews only; an organization without reviews gets the empty state', async () => {
    const emptyB = (await call('clientOfB', 'GET', '/api/v1/quality-scores')).json() as QualityScores;
    expect(emptyB).toMatchObject({ overall: null, reviewCount: 0, categories: [], documents: [] });
    expect(emptyB.months).toHaveLength(6);
    expect(emptyB.months.every((month) => month.score === null && month.reviews === 0)).toBe(true);
    expect((await call('staffUnassigned', 'GET', '/api/v1/quality-scores')).json()).toMatchObject({ reviewCount: 0 });
  });

  it('averages the reviews by category and month, with bands and month-over-month trends', async () => {
    // A review from last month, to give the trend a month to compare with.
    const lastMonth = new Date();
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    const old = await seedDraft('a', { requestedBy: fixture.userIds.clientOfA, dueInDays: 30, title: 'Vendor policy' });
    await all(async (tx) => {
      await tx.update(aiOutputs).set({ status: 'approved' }).where(eq(aiOutputs.id, old.outputId));
      await tx.insert(outputReviews).values({
        organizationId: fixture.orgs.a.id,
        outputId: old.outputId,
        taskRequestId: old.requestId,
        reviewerId: approvers.a.userId,
        decision: 'approved',
        scores: { accuracy: 96, completeness: 92, framework_alignment: 94, timeliness: 98 },
        overallScore: 95,
        createdAt: lastMonth,
      });
    });
    const response = await call('clientOfA', 'GET', '/api/v1/quality-scores');
    expect(response.statusCode, response.body).toBe(200);
    const quality = response.json() as QualityScores;
    const thisMonth = quality.documents.filter((doc) => doc.document !== 'Vendor policy');
    // This month: the approval (87.5), the rejection (73.8) and the raced decision (87.5 or 77.5 — scores are the same either way).
    expect(thisMonth.map((doc) => doc.score).sort()).toEqual([73.8, 87.5, 87.5]);
    expect(quality.reviewCount).toBe(4);
    expect(quality.overall).toEqual({ score: 86, band: 'good', trend: -12.1 });
    const accuracy = quality.categories.find((category) => category.category === 'accuracy');
    expect(accuracy).toEqual({
      category: 'accuracy',
      label: 'Accuracy',
      score: 86.5,
      band: 'good',
      trend: -12.7,
      details: 'Lowest 70, highest 96 across 4 assessed documents.',
    });
    expect(quality.categories.find((category) => category.category === 'completeness')).toMatchObject({
      score: 78,
      band: 'needs-improvement',
    });
    expect(quality.categories.find((category) => category.category === 'timeliness')).toMatchObject({ score: 94.5, band: 'excellent' });
    expect(quality.months.slice(-2).map((month) => [month.score, month.reviews, month.band])).toEqual([
      [95, 1, 'excellent'],
      [82.9, 3, 'good'],
    ]);
    const rejected = quality.documents.find((doc) => doc.score === 73.8);
    expect(rejected).toMatchObject({
      status: 'rejected',
      issues: ['No owners', 'Cadence missing'],
      recommendations: ['Review access every quarter.'],
      band: 'needs-improvement',
    });
    expect(response.body).not.toContain(fixture.orgs.b.name);
    const admin = (await call('administrator', 'GET', '/api/v1/quality-scores')).json() as QualityScores;
    expect(admin.reviewCount).toBe(4);
  });
});

import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../../../tests/auth-helpers.ts';
import { readJson } from '../../../../tests/read-response.ts';
import { seedPlan, seedSubscription } from '../../../../tests/task-request-fixture.ts';
import { createTenantFixture, type TenantActor, type TenantFixture } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { errorBodySchema } from '../../../shared/errors.ts';
import {
  planTaskRequestsResponseSchema,
  taskCommentListSchema,
  taskCommentSchema,
  taskRequestDetailSchema,
} from '../../../shared/schemas/task-requests.ts';
import { buildApp } from '../../app.ts';
import { userAccessScopes } from '../../db/schema/access.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { outboundEmails } from '../../db/schema/mail.ts';
import { staffAssignments } from '../../db/schema/organizations.ts';
import { taskRequests } from '../../db/schema/task-requests.ts';
import { ensureProfile, grantRole } from '../../platform/access/access.service.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';

/** The request page's comment thread (with its e-mails) and advisor plans becoming task requests. */
let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database });
  fixture = await createTenantFixture(app, database);
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

const as = (actor: TenantActor) => ({ authorization: `Bearer ${fixture.tokens[actor]}` });

async function submitted(actor: TenantActor, organizationId?: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/task-requests',
    headers: as(actor),
    payload: { title: 'Draft an acceptable use policy', department: 'legal', organizationId },
  });
  expect(response.statusCode, response.body).toBe(201);
  return readJson(response, taskRequestDetailSchema);
}

async function emailOf(userId: string): Promise<string> {
  const [row] = await database.db.select({ email: authUsers.email }).from(authUsers).where(eq(authUsers.id, userId));
  if (!row?.email) throw new Error('no e-mail');
  return row.email;
}

async function mailsTo(addresses: string[], subject: string) {
  return database.db
    .select({ to: outboundEmails.toAddress, kind: outboundEmails.kind, text: outboundEmails.textBody })
    .from(outboundEmails)
    .where(inArray(outboundEmails.toAddress, addresses))
    .then((rows) => rows.filter((row) => row.kind === 'task-comment' && row.text.includes(subject)));
}

describe('listTaskComments and createTaskComment', () => {
  const url = (id: string) => `/api/v1/task-requests/${id}/comments`;
  const post = (actor: TenantActor, id: string, body: string) =>
    app.inject({ method: 'POST', url: url(id), headers: as(actor), payload: { body } });

  it('threads the client and staff, records each on the timeline and e-mails the other side', async () => {
    const request = await submitted('clientOfA');
    const clientSays = await post('clientOfA', request.id, '  Please cover remote work too.  ');
    expect(clientSays.statusCode, clientSays.body).toBe(201);
    expect(readJson(clientSays, taskCommentSchema)).toMatchObject({
      body: 'Please cover remote work too.',
      authorKind: 'client',
      isMine: true,
    });

    // The staff assigned to Acme (the lead consultant and the spare reviewer) hear of it; nobody else.
    const staffMails = await mailsTo([await emailOf(fixture.userIds.staffOfA)], 'Please cover remote work too.');
    expect(staffMails).toHaveLength(1);
    expect(staffMails[0]?.text).toContain(`/task-requests?request=${request.id}`);
    const assignedInA = await withTenant(database.db, { kind: 'all', userId: null }, (tx) =>
      tx
        .select({ staffUserId: staffAssignments.staffUserId })
        .from(staffAssignments)
        .where(eq(staffAssignments.organizationId, fixture.orgs.a.id)),
    );
    const allMails = await database.db.select({ to: outboundEmails.toAddress, text: outboundEmails.textBody }).from(outboundEmails);
    expect(allMails.filter((mail) => mail.text.includes('Please cover remote work too.'))).toHaveLength(assignedInA.length);

    const staffSays = await post('staffOfA', request.id, 'Will do — drafting it now.');
    expect(readJson(staffSays, taskCommentSchema)).toMatchObject({ authorKind: 'staff' });
    expect(await mailsTo([await emailOf(fixture.userIds.clientOfA)], 'Will do — drafting it now.')).toHaveLength(1);

    const thread = readJson(await app.inject({ method: 'GET', url: url(request.id), headers: as('clientOfA') }), taskCommentListSchema);
    expect(thread.comments.map((comment) => [comment.authorKind, comment.body, comment.isMine])).toEqual([
      ['client', 'Please cover remote work too.', true],
      ['staff', 'Will do — drafting it now.', false],
    ]);
    const detail = readJson(
      await app.inject({ method: 'GET', url: `/api/v1/task-requests/${request.id}`, headers: as('clientOfA') }),
      taskRequestDetailSchema,
    );
    expect(detail.events.filter((event) => event.kind === 'commented').map((event) => event.detail)).toEqual([
      'Please cover remote work too.',
      'Will do — drafting it now.',
    ]);
  });

  it('e-mails nobody when no staff serve the organization, and still keeps the comment', async () => {
    const request = await submitted('clientOfB');
    const before = (await database.db.select().from(outboundEmails)).length;
    // Borealis has only the spare reviewer: remove it for this test's moment.
    await withTenant(database.db, { kind: 'all', userId: null }, (tx) =>
      tx.delete(staffAssignments).where(eq(staffAssignments.id, fixture.orgs.b.spareAssignmentId)),
    );
    expect((await post('clientOfB', request.id, 'Anyone there?')).statusCode).toBe(201);
    expect((await database.db.select().from(outboundEmails)).length).toBe(before);
  });

  it('refuses an empty or too long comment, and another organization’s request (404)', async () => {
    const request = await submitted('clientOfA');
    const empty = await post('clientOfA', request.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(readJson(empty, errorBodySchema).error.issues?.map((issue) => issue.path)).toEqual(['body.body']);
    expect((await post('clientOfA', request.id, 'x'.repeat(5_001))).statusCode).toBe(400);
    expect((await post('clientOfB', request.id, 'Let me in')).statusCode).toBe(404);
    expect((await post('staffUnassigned', request.id, 'Let me in')).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: url(request.id), headers: as('clientOfB') })).statusCode).toBe(404);
  });
});

describe('createTaskRequestsFromPlan', () => {
  const steps = [
    { title: 'Write the information security policy', description: 'Cover access control and encryption.', category: 'policy' },
    { title: 'Build the risk register', description: 'Likelihood and impact for our top threats.', category: 'risk_assessment' },
  ];
  const url = (planId: string) => `/api/v1/assistant-plans/${planId}/task-requests`;

  it('turns each step of an approved plan into a request once; a second call returns the same ones', async () => {
    const subscriptionId = await seedSubscription(database.db, { userId: fixture.userIds.clientOfA, organizationId: fixture.orgs.a.id });
    const plan = await seedPlan(database.db, { subscriptionId, userId: fixture.userIds.clientOfA, status: 'approved', steps });

    expect((await app.inject({ method: 'POST', url: url(plan.id), headers: as('clientOfB') })).statusCode).toBe(404);
    const first = await app.inject({ method: 'POST', url: url(plan.id), headers: as('clientOfA') });
    expect(first.statusCode, first.body).toBe(201);
    const created = readJson(first, planTaskRequestsResponseSchema);
    expect(created.created).toBe(2);
    expect(created.requests.map((request) => [request.title, request.department, request.source, request.workKind])).toEqual([
      ['Write the information security policy', 'legal', 'plan', 'policy_draft'],
      ['Build the risk register', 'risk', 'plan', 'risk_register'],
    ]);

    const second = await app.inject({ method: 'POST', url: url(plan.id), headers: as('staffOfA') });
    expect(second.statusCode).toBe(200);
    const again = readJson(second, planTaskRequestsResponseSchema);
    expect(again.created).toBe(0);
    expect(again.requests.map((request) => request.id)).toEqual(created.requests.map((request) => request.id));
    const rows = await withTenant(database.db, { kind: 'all', userId: null }, (tx) =>
      tx.select({ stepId: taskRequests.planStepId }).from(taskRequests).where(eq(taskRequests.planId, plan.id)),
    );
    expect(rows.map((row) => row.stepId).sort()).toEqual([...plan.stepIds].sort());
  });

  it('refuses a plan that is not approved yet (409) and an unknown one (404)', async () => {
    const subscriptionId = await seedSubscription(database.db, { userId: fixture.userIds.clientOfB, organizationId: fixture.orgs.b.id });
    const plan = await seedPlan(database.db, { subscriptionId, userId: fixture.userIds.clientOfB, status: 'submitted', steps });
    const early = await app.inject({ method: 'POST', url: url(plan.id), headers: as('clientOfB') });
    expect(early.statusCode).toBe(409);
    expect(readJson(early, errorBodySchema).error.code).toBe('CONFLICT');
    expect((await app.inject({ method: 'POST', url: url(crypto.randomUUID()), headers: as('clientOfB') })).statusCode).toBe(404);
  });

  it('creates the requests when an approver approves the plan, in the same decision', async () => {
    const owner = await createTestUser(app);
    await ensureProfile(database.db, { userId: owner.userId, userType: 'client' });
    const subscriptionId = await seedSubscription(database.db, { userId: owner.userId, organizationId: fixture.orgs.b.id });
    const plan = await seedPlan(database.db, { subscriptionId, userId: owner.userId, status: 'submitted', steps: steps.slice(0, 1) });
    const approver = await createTestUser(app);
    await ensureProfile(database.db, { userId: approver.userId, userType: 'staff' });
    await grantRole(database.db, { userId: approver.userId, role: 'consultant', isApprover: true });
    await database.db.insert(userAccessScopes).values({ userId: approver.userId });

    const decided = await app.inject({
      method: 'POST',
      url: `/api/v1/reviews/plans/${plan.id}/decision`,
      headers: { authorization: `Bearer ${approver.accessToken}` },
      payload: { decision: 'approve' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const rows = await withTenant(database.db, { kind: 'all', userId: null }, (tx) =>
      tx.select().from(taskRequests).where(eq(taskRequests.planId, plan.id)),
    );
    expect(rows.map((row) => [row.organizationId, row.requestedBy, row.source, row.title, row.status])).toEqual([
      [fixture.orgs.b.id, owner.userId, 'plan', 'Write the information security policy', 'queued'],
    ]);
    // The owner's organization sees them; the endpoint afterwards creates nothing more.
    const again = readJson(
      await app.inject({ method: 'POST', url: url(plan.id), headers: as('clientOfB') }),
      planTaskRequestsResponseSchema,
    );
    expect(again).toMatchObject({ created: 0, requests: [expect.objectContaining({ id: rows[0]?.id })] });
  });
});

import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type TestUser, createTestUser } from '../../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { errorBodySchema } from '../../../shared/errors.ts';
import {
  planListResponseSchema,
  planSchema,
  reviewPlanSchema,
  reviewQueueResponseSchema,
} from '../../../shared/schemas/assistant-plans.ts';
import { buildApp } from '../../app.ts';
import { assistantPlanSteps } from '../../db/schema/assistant-plans.ts';
import { userAccessScopes } from '../../db/schema/access.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { organizationMembers } from '../../db/schema/organizations.ts';
import { ensureProfile, grantRole } from '../../platform/access/access.service.ts';
import { readJson } from '../../../../tests/read-response.ts';
import { checkSubscriptionResponseSchema, subscriptionSchema } from '../../../shared/schemas/billing.ts';

/** check-subscription for a user who has one. */
const activeSubscriptionSchema = checkSubscriptionResponseSchema.extend({ subscription: subscriptionSchema });

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

async function app(): Promise<FastifyInstance> {
  const instance = await buildApp({ database });
  onTestFinished(() => instance.close());
  return instance;
}

/** A user with a live subscription, bought through the real checkout (manual billing). */
async function subscribedUser(instance: FastifyInstance): Promise<TestUser & { subscriptionId: string }> {
  const user = await createTestUser(instance);
  const checkout = await instance.inject({
    method: 'POST',
    url: '/api/v1/billing/checkout',
    headers: { authorization: `Bearer ${user.accessToken}` },
    payload: {
      plan: 'growth',
      company: { name: 'Acme Health', size: '51-200', country: 'Germany' },
      billingContact: { name: 'Ada Lovelace', email: 'ada@example.com', address: '1 Analytical Way, Berlin' },
      acceptTerms: true,
    },
  });
  expect(checkout.statusCode, checkout.body).toBe(201);
  const check = await instance.inject({
    method: 'POST',
    url: '/functions/v1/check-subscription',
    headers: { authorization: `Bearer ${user.accessToken}` },
  });
  return { ...user, subscriptionId: readJson(check, activeSubscriptionSchema).subscription.id };
}

function call(
  instance: FastifyInstance,
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return instance.inject({
    method,
    url,
    headers: user ? { authorization: `Bearer ${user.accessToken}` } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const suggestion = {
  title: 'Set up quarterly access reviews',
  description: 'Export user lists and collect owner approvals (SOC 2 CC6.3).',
  category: 'security',
  priority: 2,
  source_mode: 'general',
  raw_message: 'Help us set up quarterly access reviews for SOC 2',
};

describe('POST /api/v1/plans (Use plan)', () => {
  it('creates a draft plan with its first step pending, in the user’s subscription', async () => {
    const instance = await app();
    const user = await subscribedUser(instance);
    const response = await call(instance, user, 'POST', '/api/v1/plans', suggestion);
    expect(response.statusCode).toBe(201);
    const plan = readJson(response, planSchema);
    expect(plan).toMatchObject({
      subscription_id: user.subscriptionId,
      user_id: user.userId,
      title: suggestion.title,
      description: suggestion.description,
      status: 'draft',
      source_mode: 'general',
      raw_message: suggestion.raw_message,
      submitted_at: null,
      reviewed_at: null,
      review_note: null,
      step_count: 1,
    });
    expect(plan.steps).toEqual([
      {
        id: expect.any(String),
        plan_id: plan.id,
        order_index: 0,
        title: suggestion.title,
        description: suggestion.description,
        category: 'security',
        priority: 2,
        status: 'pending',
      },
    ]);
  });

  it('fills the spec defaults: priority 3, category compliance_assessment', async () => {
    const instance = await app();
    const user = await subscribedUser(instance);
    const plan = readJson(await call(instance, user, 'POST', '/api/v1/plans', { title: 'Gap assessment' }), planSchema);
    expect(plan.steps[0]).toMatchObject({ priority: 3, category: 'compliance_assessment', status: 'pending' });
    expect(plan.source_mode).toBe('general');
  });

  it('says NO_SUBSCRIPTION when the user has none', async () => {
    const instance = await app();
    const user = await createTestUser(instance);
    const response = await call(instance, user, 'POST', '/api/v1/plans', suggestion);
    expect(response.statusCode).toBe(403);
    expect(readJson(response, errorBodySchema).error).toMatchObject({
      code: 'NO_SUBSCRIPTION',
      message: 'Please create a subscription first.',
    });
  });

  it('lets an invited colleague use the organization’s subscription (it belongs to the organization, not to the buyer)', async () => {
    const instance = await app();
    const buyer = await subscribedUser(instance);
    const [subscription] = await database.db
      .select({ organizationId: subscriptions.organizationId })
      .from(subscriptions)
      .where(eq(subscriptions.id, buyer.subscriptionId));
    if (!subscription?.organizationId) throw new Error('the checkout made no organization');
    const colleague = await createTestUser(instance);
    await ensureProfile(database.db, { userId: colleague.userId, userType: 'client' });
    await grantRole(database.db, { userId: colleague.userId, role: 'client' });
    await database.db
      .insert(organizationMembers)
      .values({ organizationId: subscription.organizationId, userId: colleague.userId, role: 'member' });
    const check = await call(instance, colleague, 'POST', '/functions/v1/check-subscription');
    expect(readJson(check, activeSubscriptionSchema).subscription).toMatchObject({ id: buyer.subscriptionId, plan: 'growth' });
    const response = await call(instance, colleague, 'POST', '/api/v1/plans', suggestion);
    expect(response.statusCode, response.body).toBe(201);
    expect(readJson(response, planSchema)).toMatchObject({ subscription_id: buyer.subscriptionId, user_id: colleague.userId });
    // Someone of another organization still has none.
    const stranger = await createTestUser(instance);
    expect(readJson(await call(instance, stranger, 'POST', '/functions/v1/check-subscription'), checkSubscriptionResponseSchema)).toEqual({
      subscription: null,
    });
  });

  it('requires sign-in and valid input', async () => {
    const instance = await app();
    expect((await call(instance, null, 'POST', '/api/v1/plans', suggestion)).statusCode).toBe(401);
    const user = await subscribedUser(instance);
    for (const payload of [{}, { title: '  ' }, { title: 'x', priority: 9 }, { title: 'x', raw_message: 'a'.repeat(10_001) }]) {
      const response = await call(instance, user, 'POST', '/api/v1/plans', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(readJson(response, errorBodySchema).error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('editing a plan', () => {
  it('adds, edits, reorders and removes steps, then submits the plan, which then stays as submitted', async () => {
    const instance = await app();
    const user = await subscribedUser(instance);
    const created = readJson(await call(instance, user, 'POST', '/api/v1/plans', suggestion), planSchema);
    const base = `/api/v1/plans/${created.id}`;

    const added = await call(instance, user, 'POST', `${base}/steps`, {
      title: 'Collect approvals',
      description: 'From every system owner',
    });
    expect(added.statusCode).toBe(201);
    let plan = readJson(await call(instance, user, 'POST', `${base}/steps`, { title: 'Remove revoked access', priority: 1 }), planSchema);
    expect(plan.steps.map((step) => [step.order_index, step.title, step.priority])).toEqual([
      [0, suggestion.title, 2],
      [1, 'Collect approvals', 3],
      [2, 'Remove revoked access', 1],
    ]);

    const [first, second, third] = plan.steps;
    plan = readJson(
      await call(instance, user, 'PATCH', `${base}/steps/${second?.id}`, { title: 'Collect owner approvals', status: 'in_progress' }),
      planSchema,
    );
    expect(plan.steps[1]).toMatchObject({
      title: 'Collect owner approvals',
      status: 'in_progress',
      description: 'From every system owner',
    });

    plan = readJson(await call(instance, user, 'PUT', `${base}/steps/order`, { step_ids: [third?.id, first?.id, second?.id] }), planSchema);
    expect(plan.steps.map((step) => [step.order_index, step.id])).toEqual([
      [0, third?.id],
      [1, first?.id],
      [2, second?.id],
    ]);
    const partial = await call(instance, user, 'PUT', `${base}/steps/order`, { step_ids: [third?.id, first?.id] });
    expect(partial.statusCode).toBe(400);

    plan = readJson(await call(instance, user, 'DELETE', `${base}/steps/${first?.id}`), planSchema);
    expect(plan.steps.map((step) => [step.order_index, step.id])).toEqual([
      [0, third?.id],
      [1, second?.id],
    ]);

    const submitted = await call(instance, user, 'POST', `${base}/submit`);
    expect(submitted.statusCode).toBe(200);
    expect(readJson(submitted, planSchema)).toMatchObject({ status: 'submitted', submitted_at: expect.any(String) });
    const late = await call(instance, user, 'POST', `${base}/steps`, { title: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(readJson(late, errorBodySchema).error.message).toBe('This plan is with our reviewers and cannot be changed until they decide.');

    const list = readJson(await call(instance, user, 'GET', '/api/v1/plans'), planListResponseSchema);
    expect(list.plans.map((item) => [item.id, item.status, item.step_count])).toEqual([[created.id, 'submitted', 2]]);
  });

  it('keeps at least one step', async () => {
    const instance = await app();
    const user = await subscribedUser(instance);
    const plan = readJson(await call(instance, user, 'POST', '/api/v1/plans', suggestion), planSchema);
    const response = await call(instance, user, 'DELETE', `/api/v1/plans/${plan.id}/steps/${plan.steps[0]?.id}`);
    expect(response.statusCode).toBe(409);
    expect(await database.db.select().from(assistantPlanSteps).where(eq(assistantPlanSteps.planId, plan.id))).toHaveLength(1);
  });

  it('never lets another user read or change a plan (404)', async () => {
    const instance = await app();
    const owner = await subscribedUser(instance);
    const intruder = await subscribedUser(instance);
    const plan = readJson(await call(instance, owner, 'POST', '/api/v1/plans', suggestion), planSchema);
    const stepId = plan.steps[0]?.id;
    const attempts = [
      call(instance, intruder, 'GET', `/api/v1/plans/${plan.id}`),
      call(instance, intruder, 'POST', `/api/v1/plans/${plan.id}/steps`, { title: 'Mine now' }),
      call(instance, intruder, 'PATCH', `/api/v1/plans/${plan.id}/steps/${stepId}`, { title: 'Mine now' }),
      call(instance, intruder, 'PUT', `/api/v1/plans/${plan.id}/steps/order`, { step_ids: [stepId] }),
      call(instance, intruder, 'DELETE', `/api/v1/plans/${plan.id}/steps/${stepId}`),
      call(instance, intruder, 'POST', `/api/v1/plans/${plan.id}/submit`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(readJson(response, errorBodySchema).error).toMatchObject({ code: 'NOT_FOUND', message: 'Plan not found.' });
    }
    expect(readJson(await call(instance, intruder, 'GET', '/api/v1/plans'), planListResponseSchema).plans).toEqual([]);
    const unchanged = readJson(await call(instance, owner, 'GET', `/api/v1/plans/${plan.id}`), planSchema);
    expect(unchanged).toMatchObject({ status: 'draft', steps: [{ title: suggestion.title }] });
  });

  it('answers 404 for a step of another plan and 400 for an id that is not one', async () => {
    const instance = await app();
    const user = await subscribedUser(instance);
    const one = readJson(await call(instance, user, 'POST', '/api/v1/plans', suggestion), planSchema);
    const two = readJson(await call(instance, user, 'POST', '/api/v1/plans', suggestion), planSchema);
    expect((await call(instance, user, 'PATCH', `/api/v1/plans/${one.id}/steps/${two.steps[0]?.id}`, { title: 'x' })).statusCode).toBe(404);
    expect((await call(instance, user, 'GET', '/api/v1/plans/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('reviewing submitted plans', () => {
  async function staff(instance: FastifyInstance, options: { approver: boolean }): Promise<TestUser> {
    const user = await createTestUser(instance);
    await ensureProfile(database.db, { userId: user.userId, userType: 'staff' });
    await grantRole(database.db, { userId: user.userId, role: 'consultant', isApprover: options.approver });
    // Staff read client plans through a scope; this one has every field empty (everywhere).
    await database.db.insert(userAccessScopes).values({ userId: user.userId });
    return user;
  }

  async function submittedPlan(instance: FastifyInstance) {
    const owner = await subscribedUser(instance);
    const plan = readJson(await call(instance, owner, 'POST', '/api/v1/plans', suggestion), planSchema);
    expect((await call(instance, owner, 'POST', `/api/v1/plans/${plan.id}/submit`)).statusCode).toBe(200);
    return { owner, plan };
  }

  it('reads a client’s plan only within the reviewer’s scope (region = the client’s country), as if it did not exist outside it', async () => {
    const instance = await app();
    const { plan } = await submittedPlan(instance); // bought for Acme Health, Germany
    async function scopedStaff(scopes: { region?: string; framework?: string; isActive?: boolean }[]) {
      const user = await createTestUser(instance);
      await ensureProfile(database.db, { userId: user.userId, userType: 'staff' });
      await grantRole(database.db, { userId: user.userId, role: 'consultant', isApprover: true });
      for (const scope of scopes) await database.db.insert(userAccessScopes).values({ userId: user.userId, ...scope });
      return user;
    }
    const sees = async (user: TestUser) => {
      const queue = readJson(await call(instance, user, 'GET', '/api/v1/reviews/plans'), reviewQueueResponseSchema);
      return queue.plans.some((item) => item.id === plan.id);
    };
    const inGermany = await scopedStaff([{ region: 'Germany' }]);
    const germanySoc2 = await scopedStaff([{ region: 'Germany', framework: 'soc2' }]); // framework: the plan names none
    const inFrance = await scopedStaff([{ region: 'France' }]);
    const lapsed = await scopedStaff([{ region: 'Germany', isActive: false }]);
    const unscoped = await scopedStaff([]);
    const either = await scopedStaff([{ region: 'France' }, { region: 'Germany' }]);

    expect(await sees(inGermany)).toBe(true);
    expect(await sees(germanySoc2)).toBe(true);
    expect(await sees(either)).toBe(true);
    for (const outside of [inFrance, lapsed, unscoped]) {
      expect(await sees(outside)).toBe(false);
      expect((await call(instance, outside, 'GET', `/api/v1/reviews/plans/${plan.id}`)).statusCode).toBe(404);
      const decision = await call(instance, outside, 'POST', `/api/v1/reviews/plans/${plan.id}/decision`, { decision: 'approve' });
      expect(decision.statusCode).toBe(404);
    }
    expect((await call(instance, inGermany, 'GET', `/api/v1/reviews/plans/${plan.id}`)).statusCode).toBe(200);
    const approved = await call(instance, inGermany, 'POST', `/api/v1/reviews/plans/${plan.id}/decision`, { decision: 'approve' });
    expect(readJson(approved, reviewPlanSchema).status).toBe('approved');
  });

  it('shows staff the queue with who asked; clients and drafts stay out of it', async () => {
    const instance = await app();
    const { owner, plan } = await submittedPlan(instance);
    const draft = readJson(await call(instance, owner, 'POST', '/api/v1/plans', suggestion), planSchema);
    const reviewer = await staff(instance, { approver: false });
    const queue = readJson(await call(instance, reviewer, 'GET', '/api/v1/reviews/plans'), reviewQueueResponseSchema);
    const mine = queue.plans.find((item) => item.id === plan.id);
    expect(mine).toMatchObject({ status: 'submitted', requester_email: owner.email, step_count: 1 });
    expect(queue.plans.some((item) => item.id === draft.id)).toBe(false);
    expect((await call(instance, reviewer, 'GET', `/api/v1/reviews/plans/${draft.id}`)).statusCode).toBe(404);
    expect((await call(instance, owner, 'GET', '/api/v1/reviews/plans')).statusCode).toBe(403);
  });

  it('lets only an approver decide (product.md §6), and asks for a note when sending a plan back', async () => {
    const instance = await app();
    const { owner, plan } = await submittedPlan(instance);
    const reviewer = await staff(instance, { approver: false });
    const approver = await staff(instance, { approver: true });
    const url = `/api/v1/reviews/plans/${plan.id}/decision`;

    const refused = await call(instance, reviewer, 'POST', url, { decision: 'approve' });
    expect(refused.statusCode).toBe(403);
    const noNote = await call(instance, approver, 'POST', url, { decision: 'request_changes', note: '  ' });
    expect(noNote.statusCode).toBe(400);
    expect(readJson(noNote, errorBodySchema).error.issues?.[0]?.message).toBe('Say what should change, so the requester knows what to do.');

    const sentBack = await call(instance, approver, 'POST', url, {
      decision: 'request_changes',
      note: 'Name the system owners for each review.',
    });
    expect(readJson(sentBack, reviewPlanSchema)).toMatchObject({
      status: 'changes_requested',
      review_note: 'Name the system owners for each review.',
      reviewed_at: expect.any(String),
    });
    expect((await call(instance, approver, 'POST', url, { decision: 'approve' })).statusCode).toBe(409);

    // The owner sees the note, edits again and resubmits; then the approver approves.
    const seen = readJson(await call(instance, owner, 'GET', `/api/v1/plans/${plan.id}`), planSchema);
    expect(seen).toMatchObject({ status: 'changes_requested', review_note: 'Name the system owners for each review.' });
    expect((await call(instance, owner, 'POST', `/api/v1/plans/${plan.id}/steps`, { title: 'List the system owners' })).statusCode).toBe(
      201,
    );
    expect(readJson(await call(instance, owner, 'POST', `/api/v1/plans/${plan.id}/submit`), planSchema).status).toBe('submitted');
    const approved = await call(instance, approver, 'POST', url, { decision: 'approve', note: '' });
    expect(readJson(approved, reviewPlanSchema)).toMatchObject({ status: 'approved', review_note: null, step_count: 2 });
    const late = await call(instance, owner, 'POST', `/api/v1/plans/${plan.id}/steps`, { title: 'One more' });
    expect(readJson(late, errorBodySchema).error.message).toBe('This plan has been approved and can no longer be changed.');
  });

  it('never lets an approver decide on a plan they submitted themselves', async () => {
    const instance = await app();
    const approver = await subscribedUser(instance);
    await ensureProfile(database.db, { userId: approver.userId, userType: 'staff' });
    await grantRole(database.db, { userId: approver.userId, role: 'consultant', isApprover: true });
    const plan = readJson(await call(instance, approver, 'POST', '/api/v1/plans', suggestion), planSchema);
    await call(instance, approver, 'POST', `/api/v1/plans/${plan.id}/submit`);
    const own = await call(instance, approver, 'POST', `/api/v1/reviews/plans/${plan.id}/decision`, { decision: 'approve' });
    expect(own.statusCode).toBe(403);
    expect(readJson(own, errorBodySchema).error.message).toBe('You submitted this plan, so another approver must decide on it.');
    expect(readJson(await call(instance, approver, 'GET', `/api/v1/plans/${plan.id}`), planSchema).status).toBe('submitted');
  });
});

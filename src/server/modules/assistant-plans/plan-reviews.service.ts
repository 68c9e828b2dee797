import { asc, eq, inArray } from 'drizzle-orm';
import type { AccessScope, PermissionSubject } from '../../../shared/permissions.ts';
import type { PlanStatus, ReviewPlan, ReviewPlanSummary, reviewDecisionInputSchema } from '../../../shared/schemas/assistant-plans.ts';
import type { z } from 'zod';
import { AppError } from '../../app-error.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { assistantPlans } from '../../db/schema/assistant-plans.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { keepInScope, requireInScope } from '../../platform/access/scoped-read.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { type PlanRow, plansWithStepCounts, readPlan, recordPlanChange, toSummary } from './assistant-plans.service.ts';

/**
 * The staff side of task requests: submitted plans from every client, and the approver's decision
 * (product.md §6: approval is allowed only with is_approver — the routes check it before calling here).
 */

export type ReviewDecision = z.output<typeof reviewDecisionInputSchema>;

/** What a reviewer holds: read through the one scoped-read check (docs/permissions.md "Scopes"). */
export type Reviewer = PermissionSubject;

const NOT_SUBMITTED = () => new AppError('NOT_FOUND', 'No submitted plan has this id.');

/**
 * A client's plan is scoped by region: the country of the client organization it was bought for.
 * A plan whose organization states no country names no scope and is read on the permission alone.
 */
async function planScopes(db: Db | DbTransaction, planIds: string[]): Promise<Map<string, AccessScope>> {
  if (planIds.length === 0) return new Map();
  const rows = await db
    .select({ id: assistantPlans.id, country: organizations.country })
    .from(assistantPlans)
    .innerJoin(subscriptions, eq(subscriptions.id, assistantPlans.subscriptionId))
    .leftJoin(organizations, eq(organizations.id, subscriptions.organizationId))
    .where(inArray(assistantPlans.id, planIds));
  return new Map(rows.map((row) => [row.id, { region: row.country }]));
}

async function requirePlanInScope(db: Db | DbTransaction, reviewer: Reviewer, planId: string): Promise<void> {
  const scope = (await planScopes(db, [planId])).get(planId) ?? {};
  requireInScope(reviewer, 'outputs:review', scope, NOT_SUBMITTED());
}

async function emailsOf(db: Db, userIds: string[]): Promise<Map<string, string | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select({ id: authUsers.id, email: authUsers.email }).from(authUsers).where(inArray(authUsers.id, userIds));
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** Plans in one review state (by default those awaiting a decision), oldest submission first. */
export async function listReviewQueue(db: Db, reviewer: Reviewer, status: Exclude<PlanStatus, 'draft'>): Promise<ReviewPlanSummary[]> {
  const all = await plansWithStepCounts(db, eq(assistantPlans.status, status), [asc(assistantPlans.submittedAt), asc(assistantPlans.id)]);
  const scopes = await planScopes(
    db,
    all.map(({ row }) => row.id),
  );
  const plans = keepInScope(reviewer, 'outputs:review', all, ({ row }) => scopes.get(row.id) ?? {});
  const emails = await emailsOf(db, [...new Set(plans.map(({ row }) => row.userId))]);
  return plans.map(({ row, stepCount }) => ({ ...toSummary(row, stepCount), requester_email: emails.get(row.userId) ?? null }));
}

async function reviewablePlan(db: Db | DbTransaction, planId: string, forUpdate = false): Promise<PlanRow> {
  const query = db.select().from(assistantPlans).where(eq(assistantPlans.id, planId));
  const [row] = forUpdate ? await query.for('update') : await query;
  // A draft is its owner's alone until they submit it: to a reviewer it does not exist.
  if (!row || row.status === 'draft') throw NOT_SUBMITTED();
  return row;
}

export async function getReviewPlan(db: Db, reviewer: Reviewer, planId: string): Promise<ReviewPlan> {
  const row = await reviewablePlan(db, planId);
  await requirePlanInScope(db, reviewer, planId);
  const emails = await emailsOf(db, [row.userId]);
  return { ...(await readPlan(db, row)), requester_email: emails.get(row.userId) ?? null };
}

/**
 * Approves a submitted plan or sends it back to its owner with a note; once per submission, never by its owner.
 * `onApproved` runs in the same transaction when the plan is approved (its steps become task requests),
 * which is why the transaction reaches every organization: the approver acts for the plan's.
 */
export async function decidePlan(
  db: Db,
  input: {
    planId: string;
    reviewerId: string;
    reviewer: Reviewer;
    decision: ReviewDecision;
    /** Runs when the plan is approved; what it answers (the task requests made) goes on the trail entry. */
    onApproved?: (tx: DbTransaction) => Promise<unknown>;
  },
): Promise<ReviewPlan> {
  await withTenant(db, { kind: 'all', userId: input.reviewerId }, async (tx) => {
    const row = await reviewablePlan(tx, input.planId, true);
    // A plan is never hidden from its own owner; anyone else reads it only within their scope.
    if (row.userId !== input.reviewerId) await requirePlanInScope(tx, input.reviewer, input.planId);
    if (row.status !== 'submitted')
      throw new AppError('CONFLICT', 'This plan has already been decided. It returns to the queue when its owner submits it again.');
    // Segregation of duties: whoever asked for the work never signs it off.
    if (row.userId === input.reviewerId) throw new AppError('FORBIDDEN', 'You submitted this plan, so another approver must decide on it.');
    const now = new Date();
    const status = input.decision.decision === 'approve' ? 'approved' : 'changes_requested';
    const [decided] = await tx
      .update(assistantPlans)
      .set({
        status,
        reviewedBy: input.reviewerId,
        reviewedAt: now,
        reviewNote: input.decision.note || null,
        updatedAt: now,
      })
      .where(eq(assistantPlans.id, input.planId))
      .returning();
    const made = input.decision.decision === 'approve' ? await input.onApproved?.(tx) : undefined;
    await recordPlanChange(tx, {
      plan: decided ?? row,
      actor: input.reviewerId,
      action: 'plan.decide',
      after: { status, note: input.decision.note || null, ...(made === undefined ? {} : { taskRequestIds: made }) },
    });
  });
  return getReviewPlan(db, input.reviewer, input.planId);
}

import { asc, eq, inArray } from 'drizzle-orm';
import type { PlanStatus, ReviewPlan, ReviewPlanSummary, reviewDecisionInputSchema } from '../../../shared/schemas/assistant-plans.ts';
import type { z } from 'zod';
import { AppError } from '../../app-error.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { assistantPlans } from '../../db/schema/assistant-plans.ts';
import { type PlanRow, plansWithStepCounts, readPlan, toSummary } from './assistant-plans.service.ts';

/**
 * The staff side of task requests: submitted plans from every client, and the approver's decision
 * (product.md §6: approval is allowed only with is_approver — the routes check it before calling here).
 */

export type ReviewDecision = z.output<typeof reviewDecisionInputSchema>;

async function emailsOf(db: Db, userIds: string[]): Promise<Map<string, string | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select({ id: authUsers.id, email: authUsers.email }).from(authUsers).where(inArray(authUsers.id, userIds));
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** Plans in one review state (by default those awaiting a decision), oldest submission first. */
export async function listReviewQueue(db: Db, status: Exclude<PlanStatus, 'draft'>): Promise<ReviewPlanSummary[]> {
  const plans = await plansWithStepCounts(db, eq(assistantPlans.status, status), [asc(assistantPlans.submittedAt), asc(assistantPlans.id)]);
  const emails = await emailsOf(db, [...new Set(plans.map(({ row }) => row.userId))]);
  return plans.map(({ row, stepCount }) => ({ ...toSummary(row, stepCount), requester_email: emails.get(row.userId) ?? null }));
}

async function reviewablePlan(db: Db | DbTransaction, planId: string, forUpdate = false): Promise<PlanRow> {
  const query = db.select().from(assistantPlans).where(eq(assistantPlans.id, planId));
  const [row] = forUpdate ? await query.for('update') : await query;
  // A draft is its owner's alone until they submit it: to a reviewer it does not exist.
  if (!row || row.status === 'draft') throw new AppError('NOT_FOUND', 'No submitted plan has this id.');
  return row;
}

export async function getReviewPlan(db: Db, planId: string): Promise<ReviewPlan> {
  const row = await reviewablePlan(db, planId);
  const emails = await emailsOf(db, [row.userId]);
  return { ...(await readPlan(db, row)), requester_email: emails.get(row.userId) ?? null };
}

/** Approves a submitted plan or sends it back to its owner with a note; once per submission, never by its owner. */
export async function decidePlan(db: Db, input: { planId: string; reviewerId: string; decision: ReviewDecision }): Promise<ReviewPlan> {
  await db.transaction(async (tx) => {
    const row = await reviewablePlan(tx, input.planId, true);
    if (row.status !== 'submitted')
      throw new AppError('CONFLICT', 'This plan has already been decided. It returns to the queue when its owner submits it again.');
    // Segregation of duties: whoever asked for the work never signs it off.
    if (row.userId === input.reviewerId) throw new AppError('FORBIDDEN', 'You submitted this plan, so another approver must decide on it.');
    const now = new Date();
    await tx
      .update(assistantPlans)
      .set({
        status: input.decision.decision === 'approve' ? 'approved' : 'changes_requested',
        reviewedBy: input.reviewerId,
        reviewedAt: now,
        reviewNote: input.decision.note || null,
        updatedAt: now,
      })
      .where(eq(assistantPlans.id, input.planId));
  });
  return getReviewPlan(db, input.planId);
}

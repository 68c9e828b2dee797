import { type SQL, and, asc, count, desc, eq, max } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Plan,
  PlanStep,
  PlanSummary,
  createPlanInputSchema,
  stepInputSchema,
  updateStepInputSchema,
} from '../../../shared/schemas/assistant-plans.ts';
import { MAX_PLAN_STEPS, isPlanEditable } from '../../../shared/schemas/assistant-plans.ts';
import { AppError } from '../../app-error.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { assistantPlanSteps, assistantPlans } from '../../db/schema/assistant-plans.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import { findLiveSubscription } from '../billing/billing.service.ts';

/**
 * Assistant plans (product.md §3, §4): 'Use plan' turns the advisor's suggestion into a draft plan with
 * its first step pending; its owner then edits the steps and submits it. Only the owner ever reads
 * or changes a plan: anyone else gets 404, as if it did not exist.
 */

export type PlanRow = typeof assistantPlans.$inferSelect;
type StepRow = typeof assistantPlanSteps.$inferSelect;

export type CreatePlanInput = z.output<typeof createPlanInputSchema>;
export type StepInput = z.output<typeof stepInputSchema>;
export type UpdateStepInput = z.output<typeof updateStepInputSchema>;

export interface PlanRef {
  userId: string;
  planId: string;
}

function toStep(row: StepRow): PlanStep {
  return {
    id: row.id,
    plan_id: row.planId,
    order_index: row.orderIndex,
    title: row.title,
    description: row.description,
    category: row.category,
    priority: row.priority,
    status: row.status,
  };
}

export function toSummary(row: PlanRow, stepCount: number): PlanSummary {
  return {
    id: row.id,
    subscription_id: row.subscriptionId,
    user_id: row.userId,
    title: row.title,
    description: row.description,
    status: row.status,
    source_mode: row.sourceMode,
    raw_message: row.rawMessage,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    submitted_at: row.submittedAt?.toISOString() ?? null,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    review_note: row.reviewNote,
    step_count: stepCount,
  };
}

export async function readPlan(db: Db | DbTransaction, row: PlanRow): Promise<Plan> {
  const steps = await db
    .select()
    .from(assistantPlanSteps)
    .where(eq(assistantPlanSteps.planId, row.id))
    .orderBy(asc(assistantPlanSteps.orderIndex));
  return { ...toSummary(row, steps.length), steps: steps.map(toStep) };
}

/** The user's plan, locked for the rest of the transaction when `forUpdate`; 404 for anyone else's. */
async function ownPlan(db: Db | DbTransaction, ref: PlanRef, forUpdate = false): Promise<PlanRow> {
  const query = db
    .select()
    .from(assistantPlans)
    .where(and(eq(assistantPlans.id, ref.planId), eq(assistantPlans.userId, ref.userId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', 'Plan not found.');
  return row;
}

function assertEditable(row: PlanRow): void {
  if (!isPlanEditable(row.status)) {
    throw new AppError(
      'CONFLICT',
      row.status === 'approved'
        ? 'This plan has been approved and can no longer be changed.'
        : 'This plan is with our reviewers and cannot be changed until they decide.',
    );
  }
}

async function touch(tx: DbTransaction, planId: string): Promise<PlanRow> {
  const [row] = await tx.update(assistantPlans).set({ updatedAt: new Date() }).where(eq(assistantPlans.id, planId)).returning();
  if (!row) throw new AppError('NOT_FOUND', 'Plan not found.');
  return row;
}

/**
 * Records a change of a plan on the trail (docs/audit.md) of the organization its subscription is
 * for, in the change's transaction: the plan's owner acts.
 */
export async function recordPlanChange(
  tx: DbTransaction,
  input: { plan: PlanRow; actor: string | null; action: string; after?: unknown },
): Promise<void> {
  const [subscription] = await tx
    .select({ organizationId: subscriptions.organizationId })
    .from(subscriptions)
    .where(eq(subscriptions.id, input.plan.subscriptionId));
  await recordAudit(tx, {
    actor: input.actor,
    organizationId: subscription?.organizationId ?? null,
    action: input.action,
    entityType: 'plan',
    entityId: input.plan.id,
    after: input.after,
  });
}

/** 'Use plan': the plan (draft) and its first step (order 0, pending) in one transaction. */
export async function createPlan(db: Db, input: { userId: string; plan: CreatePlanInput }): Promise<Plan> {
  const subscription = await findLiveSubscription(db, input.userId);
  if (!subscription) throw new AppError('NO_SUBSCRIPTION', 'Please create a subscription first.');
  const { plan } = input;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(assistantPlans)
      .values({
        subscriptionId: subscription.id,
        userId: input.userId,
        title: plan.title,
        description: plan.description,
        status: 'draft',
        sourceMode: plan.source_mode,
        rawMessage: plan.raw_message,
      })
      .returning();
    if (!row) throw new Error('createPlan: insert returned nothing');
    await tx.insert(assistantPlanSteps).values({
      planId: row.id,
      orderIndex: 0,
      title: plan.title,
      description: plan.description,
      category: plan.category,
      priority: plan.priority,
      status: 'pending',
    });
    await recordPlanChange(tx, { plan: row, actor: input.userId, action: 'plan.create', after: { title: row.title, status: row.status } });
    return readPlan(tx, row);
  });
}

/** Plans matching `where`, each with its step count, in `order`; at most 200. */
export async function plansWithStepCounts(db: Db, where: SQL, order: SQL[]): Promise<{ row: PlanRow; stepCount: number }[]> {
  const rows = await db
    .select({ plan: assistantPlans, steps: count(assistantPlanSteps.id) })
    .from(assistantPlans)
    .leftJoin(assistantPlanSteps, eq(assistantPlanSteps.planId, assistantPlans.id))
    .where(where)
    .groupBy(assistantPlans.id)
    .orderBy(...order)
    .limit(200);
  return rows.map((row) => ({ row: row.plan, stepCount: Number(row.steps) }));
}

export async function listPlans(db: Db, userId: string): Promise<PlanSummary[]> {
  const plans = await plansWithStepCounts(db, eq(assistantPlans.userId, userId), [desc(assistantPlans.createdAt), desc(assistantPlans.id)]);
  return plans.map(({ row, stepCount }) => toSummary(row, stepCount));
}

export async function getPlan(db: Db, ref: PlanRef): Promise<Plan> {
  return readPlan(db, await ownPlan(db, ref));
}

export async function addStep(db: Db, ref: PlanRef & { step: StepInput }): Promise<Plan> {
  return db.transaction(async (tx) => {
    assertEditable(await ownPlan(tx, ref, true));
    const [last] = await tx
      .select({ count: count(), highest: max(assistantPlanSteps.orderIndex) })
      .from(assistantPlanSteps)
      .where(eq(assistantPlanSteps.planId, ref.planId));
    if ((last?.count ?? 0) >= MAX_PLAN_STEPS) throw new AppError('CONFLICT', `A plan has at most ${MAX_PLAN_STEPS} steps.`);
    await tx
      .insert(assistantPlanSteps)
      .values({ planId: ref.planId, orderIndex: (last?.highest ?? -1) + 1, ...ref.step, status: 'pending' });
    const row = await touch(tx, ref.planId);
    await recordPlanChange(tx, { plan: row, actor: ref.userId, action: 'plan.step_add', after: ref.step });
    return readPlan(tx, row);
  });
}

export async function updateStep(db: Db, ref: PlanRef & { stepId: string; changes: UpdateStepInput }): Promise<Plan> {
  return db.transaction(async (tx) => {
    assertEditable(await ownPlan(tx, ref, true));
    const updated = await tx
      .update(assistantPlanSteps)
      .set({ ...ref.changes, updatedAt: new Date() })
      .where(and(eq(assistantPlanSteps.id, ref.stepId), eq(assistantPlanSteps.planId, ref.planId)))
      .returning({ id: assistantPlanSteps.id });
    if (updated.length === 0) throw new AppError('NOT_FOUND', 'Step not found.');
    const row = await touch(tx, ref.planId);
    await recordPlanChange(tx, { plan: row, actor: ref.userId, action: 'plan.step_update', after: { stepId: ref.stepId, ...ref.changes } });
    return readPlan(tx, row);
  });
}

/** Removes a step and closes the gap in the order; a plan keeps at least one step. */
export async function removeStep(db: Db, ref: PlanRef & { stepId: string }): Promise<Plan> {
  return db.transaction(async (tx) => {
    assertEditable(await ownPlan(tx, ref, true));
    const steps = await tx
      .select()
      .from(assistantPlanSteps)
      .where(eq(assistantPlanSteps.planId, ref.planId))
      .orderBy(asc(assistantPlanSteps.orderIndex));
    if (!steps.some((step) => step.id === ref.stepId)) throw new AppError('NOT_FOUND', 'Step not found.');
    if (steps.length === 1) throw new AppError('CONFLICT', 'A plan needs at least one step.');
    await tx.delete(assistantPlanSteps).where(eq(assistantPlanSteps.id, ref.stepId));
    await renumber(
      tx,
      steps.filter((step) => step.id !== ref.stepId).map((step) => step.id),
    );
    const row = await touch(tx, ref.planId);
    await recordPlanChange(tx, { plan: row, actor: ref.userId, action: 'plan.step_remove', after: { stepId: ref.stepId } });
    return readPlan(tx, row);
  });
}

async function renumber(tx: DbTransaction, orderedIds: readonly string[]): Promise<void> {
  for (const [index, id] of orderedIds.entries()) {
    await tx.update(assistantPlanSteps).set({ orderIndex: index, updatedAt: new Date() }).where(eq(assistantPlanSteps.id, id));
  }
}

/** `stepIds` must name every step of the plan exactly once, in the new order. */
export async function reorderSteps(db: Db, ref: PlanRef & { stepIds: readonly string[] }): Promise<Plan> {
  return db.transaction(async (tx) => {
    assertEditable(await ownPlan(tx, ref, true));
    const steps = await tx.select({ id: assistantPlanSteps.id }).from(assistantPlanSteps).where(eq(assistantPlanSteps.planId, ref.planId));
    const known = new Set(steps.map((step) => step.id));
    if (ref.stepIds.length !== known.size || ref.stepIds.some((id) => !known.has(id))) {
      throw new AppError('VALIDATION_FAILED', 'List every step of the plan exactly once.', [
        { path: 'body.step_ids', message: 'List every step of the plan exactly once.' },
      ]);
    }
    await renumber(tx, ref.stepIds);
    const row = await touch(tx, ref.planId);
    await recordPlanChange(tx, { plan: row, actor: ref.userId, action: 'plan.steps_reorder', after: { stepIds: ref.stepIds } });
    return readPlan(tx, row);
  });
}

export async function submitPlan(db: Db, ref: PlanRef): Promise<Plan> {
  return db.transaction(async (tx) => {
    assertEditable(await ownPlan(tx, ref, true));
    const now = new Date();
    const [row] = await tx
      .update(assistantPlans)
      .set({ status: 'submitted', submittedAt: now, updatedAt: now })
      .where(eq(assistantPlans.id, ref.planId))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', 'Plan not found.');
    await recordPlanChange(tx, { plan: row, actor: ref.userId, action: 'plan.submit', after: { status: row.status } });
    return readPlan(tx, row);
  });
}

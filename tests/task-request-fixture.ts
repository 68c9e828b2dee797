import type { Db } from '../src/server/db/client.ts';
import { assistantPlanSteps, assistantPlans } from '../src/server/db/schema/assistant-plans.ts';
import { subscriptions } from '../src/server/db/schema/billing.ts';
import type { PlanStatus } from '../src/shared/schemas/assistant-plans.ts';

/** Task-request test helpers: subscriptions and plans seeded in the database. */

/** An active subscription of an organization, bought by `userId`. */
export async function seedSubscription(db: Db, input: { userId: string; organizationId: string }): Promise<string> {
  const [row] = await db
    .insert(subscriptions)
    .values({
      userId: input.userId,
      organizationId: input.organizationId,
      plan: 'growth',
      status: 'active',
      provider: 'manual',
      billingName: 'Ada Lovelace',
      billingEmail: 'ada@example.com',
      billingAddress: '1 Analytical Way, Berlin',
    })
    .returning({ id: subscriptions.id });
  if (!row) throw new Error('seedSubscription: insert returned nothing');
  return row.id;
}

/** A plan with its steps, in the given status. */
export async function seedPlan(
  db: Db,
  input: { subscriptionId: string; userId: string; status: PlanStatus; steps: { title: string; description: string; category: string }[] },
): Promise<{ id: string; stepIds: string[] }> {
  const [plan] = await db
    .insert(assistantPlans)
    .values({
      subscriptionId: input.subscriptionId,
      userId: input.userId,
      title: 'Get SOC 2 ready',
      status: input.status,
      submittedAt: new Date(),
    })
    .returning({ id: assistantPlans.id });
  if (!plan) throw new Error('seedPlan: insert returned nothing');
  const steps = await db
    .insert(assistantPlanSteps)
    .values(input.steps.map((step, index) => ({ planId: plan.id, orderIndex: index, priority: 2, ...step })))
    .returning({ id: assistantPlanSteps.id });
  return { id: plan.id, stepIds: steps.map((step) => step.id) };
}

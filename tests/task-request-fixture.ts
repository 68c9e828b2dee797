import { eq } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.ts';
import { assistantPlanSteps, assistantPlans } from '../src/server/db/schema/assistant-plans.ts';
import { subscriptions } from '../src/server/db/schema/billing.ts';
import { deliverables } from '../src/server/db/schema/deliverables.ts';
import { aiOutputs } from '../src/server/db/schema/reviews.ts';
import { AGENT_FOR_KIND } from '../src/server/modules/agent-runs/providers/builtin-classifier.ts';
import { publishDeliverable } from '../src/server/modules/deliverables/publish-deliverable.ts';
import { submitTaskRequest } from '../src/server/modules/task-requests/pipeline.ts';
import type { Jobs } from '../src/server/platform/jobs/job-types.ts';
import { withTenant } from '../src/server/platform/tenancy/tenant.ts';
import type { PlanStatus } from '../src/shared/schemas/assistant-plans.ts';
import type { TaskClassification, WorkKind } from '../src/shared/schemas/task-requests.ts';

/** Task-request test helpers: subscriptions and plans seeded in the database; requests and their deliverables. */

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

/**
 * For what reads deliverables (the deliverables' routes, the policy center, attestation campaigns): a
 * request submitted through the pipeline, so its deliverable is pending, then an approved output of it
 * published as the deliverable's next version (what the review produces), through the pipeline's and the
 * deliverables' own functions.
 */
export interface SeededRequest {
  deliverableId: string;
  taskRequestId: string;
}

const system = { kind: 'all', userId: null } as const;

/** The classification a test request is submitted with: the built-in agent for its kind. */
export function testClassification(kind: WorkKind): TaskClassification {
  return {
    workKind: kind,
    agentId: AGENT_FOR_KIND[kind],
    priority: 'medium',
    complexity: 'medium',
    estimateMinDays: 3,
    estimateMaxDays: 5,
    reasons: ['Test'],
    provider: 'builtin',
  };
}

/** A request submitted from the wizard (a policy draft unless `kind` says otherwise), and its pending deliverable. */
export async function submitSeededRequest(
  db: Db,
  jobs: Jobs,
  input: {
    organizationId: string;
    requestedBy: string;
    title: string;
    description?: string;
    frameworks?: string[];
    kind?: WorkKind;
    submittedAt?: Date;
  },
): Promise<SeededRequest> {
  const { kind = 'policy_draft', description = '', frameworks = [], ...rest } = input;
  return withTenant(db, system, async (tx) => {
    const request = await submitTaskRequest(tx, jobs, {
      ...rest,
      description,
      department: 'compliance',
      deadline: null,
      frameworks,
      source: 'wizard',
      classification: testClassification(kind),
    });
    const [deliverable] = await tx.select({ id: deliverables.id }).from(deliverables).where(eq(deliverables.taskRequestId, request.id));
    if (!deliverable) throw new Error('no deliverable');
    return { deliverableId: deliverable.id, taskRequestId: request.id };
  });
}

/** An approved output version of the request (titled as the deliverable unless `title` is given), published as the deliverable's next version. */
export async function publishApprovedOutput(
  db: Db,
  seeded: SeededRequest,
  input: { version: number; body: string; publishedBy: string; title?: string },
): ReturnType<typeof publishDeliverable> {
  return withTenant(db, system, async (tx) => {
    const [row] = await tx.select().from(deliverables).where(eq(deliverables.id, seeded.deliverableId));
    if (!row) throw new Error('no deliverable');
    const [output] = await tx
      .insert(aiOutputs)
      .values({
        organizationId: row.organizationId,
        taskRequestId: seeded.taskRequestId,
        agentId: 'policy-drafter',
        version: input.version,
        title: input.title ?? row.title,
        type: row.type,
        confidence: 90,
        summary: 'Summary',
        keyFindings: ['Finding'],
        riskScore: 40,
        recommendations: ['Recommendation'],
        body: input.body,
        sources: [],
        status: 'approved',
      })
      .returning({ id: aiOutputs.id });
    if (!output) throw new Error('no output');
    return publishDeliverable(tx, { outputId: output.id, publishedBy: input.publishedBy, reviewerName: 'Riley Reviewer' });
  });
}

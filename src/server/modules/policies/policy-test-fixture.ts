import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deliverables } from '../../db/schema/deliverables.ts';
import { aiOutputs } from '../../db/schema/reviews.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { AGENT_FOR_KIND } from '../agent-runs/providers/builtin-classifier.ts';
import { publishDeliverable } from '../deliverables/publish-deliverable.ts';
import { submitTaskRequest } from '../task-requests/pipeline.ts';

/**
 * Test set-up for the policy center and the campaigns that read it: a policy request whose deliverable
 * is pending, then an output of it approved and published as the deliverable's next version (what the
 * review produces), through the pipeline's and the deliverables' own functions.
 */
export interface SeededPolicyRequest {
  deliverableId: string;
  taskRequestId: string;
}

const system = { kind: 'all', userId: null } as const;

export async function submitPolicyRequest(
  db: Db,
  jobs: Jobs,
  input: { organizationId: string; requestedBy: string; title: string },
): Promise<SeededPolicyRequest> {
  return withTenant(db, system, async (tx) => {
    const request = await submitTaskRequest(tx, jobs, {
      ...input,
      description: '',
      department: 'compliance',
      deadline: null,
      frameworks: [],
      source: 'wizard',
      classification: {
        workKind: 'policy_draft',
        agentId: AGENT_FOR_KIND.policy_draft,
        priority: 'medium',
        complexity: 'medium',
        estimateMinDays: 3,
        estimateMaxDays: 5,
        reasons: ['Test'],
        provider: 'builtin',
      },
    });
    const [deliverable] = await tx.select({ id: deliverables.id }).from(deliverables).where(eq(deliverables.taskRequestId, request.id));
    if (!deliverable) throw new Error('no deliverable');
    return { deliverableId: deliverable.id, taskRequestId: request.id };
  });
}

export async function approvePolicyOutput(
  db: Db,
  seeded: SeededPolicyRequest,
  input: { version: number; body: string; publishedBy: string },
): Promise<void> {
  await withTenant(db, system, async (tx) => {
    const [row] = await tx.select().from(deliverables).where(eq(deliverables.id, seeded.deliverableId));
    if (!row) throw new Error('no deliverable');
    const [output] = await tx
      .insert(aiOutputs)
      .values({
        organizationId: row.organizationId,
        taskRequestId: seeded.taskRequestId,
        agentId: 'policy-drafter',
        version: input.version,
        title: row.title,
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
    await publishDeliverable(tx, { outputId: output.id, publishedBy: input.publishedBy, reviewerName: 'Riley Reviewer' });
  });
}

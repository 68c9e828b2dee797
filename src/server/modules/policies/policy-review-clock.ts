import { and, isNull, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { policies } from '../../db/schema/policies.ts';
import { SYSTEM_ORIGIN } from '../../platform/audit/record-audit.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { classifyBuiltin } from '../agent-runs/providers/builtin-classifier.ts';
import { submitTaskRequest } from '../task-requests/pipeline.ts';
import { markPolicyReviewOpened } from './policy-records.ts';

/**
 * Policy reviews on a clock (issue 37 item 1): once a day, every policy whose review date is today or
 * past, and whose date has no review task yet, gets one: a task request (source `policy_review`) that
 * goes through the delivery pipeline, so the revised text is approved through the review and published
 * as the next version. Each review date opens one task; a retry opens nothing twice.
 */

export const POLICY_REVIEW_CLOCK_CRON = '20 6 * * *';
const system = { kind: 'all', userId: null } as const;

export async function runPolicyReviewClock(db: Db, jobs: Jobs, now = new Date()): Promise<{ opened: number }> {
  const today = now.toISOString().slice(0, 10);
  return withTenant(db, system, async (tx) => {
    const rows = await tx
      .select()
      .from(policies)
      .where(
        and(
          lte(policies.reviewDate, today),
          or(isNull(policies.reviewTaskOpenedFor), ne(policies.reviewTaskOpenedFor, policies.reviewDate)),
        ),
      )
      .for('update', { skipLocked: true });
    for (const policy of rows) {
      const input = {
        title: `Review policy ${policy.ref}: ${policy.title}`.slice(0, 200),
        description: `The review date of ${policy.ref} “${policy.title}” (version ${policy.currentVersion}, in force since ${policy.effectiveDate}) is ${policy.reviewDate}. Review the policy against current practice and the frameworks it serves, and draft the revised version; once approved, publish it as the next version in the policy center.`,
        department: 'compliance' as const,
        deadline: null,
        frameworks: [] as string[],
      };
      const task = await submitTaskRequest(tx, jobs, {
        ...input,
        organizationId: policy.organizationId,
        requestedBy: policy.ownerId,
        source: 'policy_review',
        classification: classifyBuiltin({ ...input, now }),
        submittedAt: now,
        origin: SYSTEM_ORIGIN,
      });
      await markPolicyReviewOpened(tx, policy, task.id, SYSTEM_ORIGIN, now);
    }
    return { opened: rows.length };
  });
}

export async function startPolicyReviewClockWorker(jobs: JobQueue, db: Db): Promise<void> {
  await jobs.work('policy-review-clock', { pollingIntervalSeconds: 30 }, async () => {
    await runPolicyReviewClock(db, jobs);
  });
}

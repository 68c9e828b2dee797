import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { TASK_CHANGES_MAX, type TaskSummary } from '../../../shared/schemas/task-requests.ts';
import { taskRequestEvents, taskRequests } from '../../db/schema/task-requests.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { selectSummaryRows, summariesOf } from './task-request-views.ts';

/** How many open requests the Overview's queue shows. */
const QUEUE_SIZE = 5;

const count = (condition: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/**
 * The dashboard Overview's figures (tab=tasks): counts by where requests stand, the most urgent open
 * ones, and what happened since the client's last visit. Everything through the tenant guard.
 */
export async function getTaskSummary(tenant: Tenant, since: string | undefined): Promise<TaskSummary> {
  return tenant.transaction(async (tx) => {
    const inTenant = tenant.where(taskRequests.organizationId);
    const open = sql`${taskRequests.status} not in ('delivered', 'cancelled')`;
    const [counts] = await tx
      .select({
        active: count(sql`${taskRequests.status} in ('queued', 'in_progress')`),
        inReview: count(sql`${taskRequests.status} = 'in_review'`),
        completed: count(sql`${taskRequests.status} = 'delivered'`),
        overdue: count(sql`${open} and ${taskRequests.dueAt} < now()`),
        needsAttention: count(sql`${taskRequests.status} = 'failed'`),
      })
      .from(taskRequests)
      .where(inTenant);

    const queueRows = await selectSummaryRows(
      tx,
      and(inTenant, inArray(taskRequests.status, ['queued', 'in_progress', 'in_review', 'failed'])),
      [asc(taskRequests.dueAt), asc(taskRequests.id)],
      QUEUE_SIZE,
    );

    const userId = tenant.scope.userId;
    const changes = await tx
      .select({
        id: taskRequestEvents.id,
        taskRequestId: taskRequestEvents.taskRequestId,
        title: taskRequests.title,
        kind: taskRequestEvents.kind,
        detail: taskRequestEvents.detail,
        createdAt: taskRequestEvents.createdAt,
      })
      .from(taskRequestEvents)
      .innerJoin(taskRequests, eq(taskRequests.id, taskRequestEvents.taskRequestId))
      .where(
        and(
          tenant.where(taskRequestEvents.organizationId),
          since ? gt(taskRequestEvents.createdAt, new Date(since)) : undefined,
          // What the caller did themselves is not news to them.
          userId ? or(isNull(taskRequestEvents.actorId), ne(taskRequestEvents.actorId, userId)) : undefined,
        ),
      )
      .orderBy(desc(taskRequestEvents.createdAt), desc(taskRequestEvents.id))
      .limit(TASK_CHANGES_MAX);

    return {
      counts: counts ?? { active: 0, inReview: 0, completed: 0, overdue: 0, needsAttention: 0 },
      queue: await summariesOf(tx, queueRows),
      changedSince: changes.map((change) => ({ ...change, createdAt: change.createdAt.toISOString() })),
    };
  });
}

import { and, eq, gte, isNull, lt, or } from 'drizzle-orm';
import type { ProgramAnalytics, ProgramAnalyticsMonth } from '../../../shared/schemas/workflow-runs.ts';
import { taskRequests } from '../../db/schema/task-requests.ts';
import { workflowApprovals } from '../../db/schema/workflow-runs.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';

/**
 * Program Analytics (docs/workflow-runs.md), by calendar month (UTC) for the last 12 months:
 * - on-time completion: task requests delivered in the month, and how many of them by their due date;
 * - overdue trend: task requests past their due date and neither delivered nor cancelled at the
 *   month's end — for the current month, now;
 * - approvals waiting: workflow approvals created by the month's end and not yet decided (or
 *   cancelled) then.
 * Workflow runs carry no due date, so on-time completion counts task requests, including the ones
 * workflows create.
 */

const MONTHS = 12;

function monthStart(year: number, month: number): Date {
  return new Date(Date.UTC(year, month, 1));
}

export async function getProgramAnalytics(tenant: Tenant, named: string | undefined, now = new Date()): Promise<ProgramAnalytics> {
  const organizationId = await actingOrganization(tenant, named, { field: 'query.organizationId', soleAssignmentImplied: true });
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const windows = Array.from({ length: MONTHS }, (_, index) => {
    const offset = index - (MONTHS - 1);
    const from = monthStart(year, month + offset);
    const next = monthStart(year, month + offset + 1);
    return { from, next, end: next < now ? next : now };
  });
  const windowStart = windows[0]?.from ?? now;
  return tenant.transaction(async (tx) => {
    const tasks = await tx
      .select({
        dueAt: taskRequests.dueAt,
        deliveredAt: taskRequests.deliveredAt,
        cancelledAt: taskRequests.cancelledAt,
        createdAt: taskRequests.createdAt,
      })
      .from(taskRequests)
      .where(
        and(
          eq(taskRequests.organizationId, organizationId),
          or(isNull(taskRequests.cancelledAt), gte(taskRequests.cancelledAt, windowStart)),
          or(isNull(taskRequests.deliveredAt), gte(taskRequests.deliveredAt, windowStart)),
          or(lt(taskRequests.dueAt, now), gte(taskRequests.deliveredAt, windowStart)),
        ),
      );
    const approvals = await tx
      .select({ createdAt: workflowApprovals.createdAt, decidedAt: workflowApprovals.decidedAt, status: workflowApprovals.status })
      .from(workflowApprovals)
      .where(
        and(
          eq(workflowApprovals.organizationId, organizationId),
          lt(workflowApprovals.createdAt, now),
          or(isNull(workflowApprovals.decidedAt), gte(workflowApprovals.decidedAt, windowStart)),
        ),
      );
    const months: ProgramAnalyticsMonth[] = windows.map(({ from, next, end }) => {
      const delivered = tasks.filter((task) => task.deliveredAt && task.deliveredAt >= from && task.deliveredAt < next);
      const completedOnTime = delivered.filter((task) => task.deliveredAt && task.deliveredAt <= task.dueAt).length;
      const overdue = tasks.filter(
        (task) =>
          task.createdAt <= end &&
          task.dueAt < end &&
          (!task.deliveredAt || task.deliveredAt > end) &&
          (!task.cancelledAt || task.cancelledAt > end),
      ).length;
      const approvalsWaiting = approvals.filter(
        (approval) => approval.createdAt <= end && (approval.decidedAt ? approval.decidedAt > end : approval.status === 'pending'),
      ).length;
      return {
        month: from.toISOString().slice(0, 7),
        completed: delivered.length,
        completedOnTime,
        onTimeRate: delivered.length === 0 ? null : Math.round((completedOnTime / delivered.length) * 1000) / 1000,
        overdue,
        approvalsWaiting,
      };
    });
    return { organizationId, generatedAt: now.toISOString(), months };
  });
}

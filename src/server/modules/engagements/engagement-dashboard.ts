import { and, asc, eq } from 'drizzle-orm';
import { AUDIT_REQUEST_STATUSES, type AuditRequestStatus } from '../../../shared/schemas/engagement-statuses.ts';
import type { EngagementDashboard } from '../../../shared/schemas/engagements.ts';
import { auditRequests, engagementAuditors } from '../../db/schema/engagements.ts';
import { verifyChain } from '../../platform/audit/audit-chain.ts';
import { requestViews } from './audit-requests.service.ts';
import type { EngagementReach } from './engagement-reach.ts';
import { engagementViews } from './engagements.service.ts';

/**
 * The Auditor Dashboard of one engagement: requests by status, what is overdue, and — for an auditor —
 * what changed since their previous visit (this visit is then remembered).
 */
export async function getEngagementDashboard(reach: EngagementReach, now = new Date()): Promise<EngagementDashboard> {
  return reach.tenant.transaction(async (tx) => {
    const [engagement] = await engagementViews(tx, [reach.engagement], () => reach.side);
    if (!engagement) throw new Error('getEngagementDashboard: no view');
    const rows = await tx
      .select()
      .from(auditRequests)
      .where(eq(auditRequests.engagementId, reach.engagement.id))
      .orderBy(asc(auditRequests.ref));
    const views = await requestViews(tx, reach, rows, now);
    const byStatus = Object.fromEntries(AUDIT_REQUEST_STATUSES.map((status) => [status, 0])) as Record<AuditRequestStatus, number>;
    for (const view of views) byStatus[view.status] += 1;
    let changedSinceLastVisit: EngagementDashboard['changedSinceLastVisit'] = null;
    let lastVisitAt: string | null = null;
    if (reach.side === 'auditor') {
      const where = and(eq(engagementAuditors.engagementId, reach.engagement.id), eq(engagementAuditors.userId, reach.userId));
      const [auditor] = await tx.select({ lastVisitAt: engagementAuditors.lastVisitAt }).from(engagementAuditors).where(where);
      const previous = auditor?.lastVisitAt ?? null;
      lastVisitAt = previous?.toISOString() ?? null;
      changedSinceLastVisit = views.filter((view) => !previous || new Date(view.updatedAt) > previous);
      await tx.update(engagementAuditors).set({ lastVisitAt: now }).where(where);
    }
    return {
      engagement,
      byStatus,
      overdue: views.filter((view) => view.overdue),
      changedSinceLastVisit,
      lastVisitAt,
      verification: await verifyChain(tx, reach.engagement.organizationId),
    };
  });
}

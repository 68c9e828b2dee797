import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../app-error.ts';
import { auditEngagements, engagementAuditors } from '../../db/schema/engagements.ts';
import { getRequestAccess, recordSecurityEvent } from '../../platform/access/access-guard.ts';
import { auditOrigin } from '../../platform/audit/record-audit.ts';
import { type Tenant, requestTenant, tenantOf, withTenant } from '../../platform/tenancy/tenant.ts';

/**
 * Who reaches an audit engagement, and as which side (docs/audit.md): staff and administrators whose
 * tenant reaches its organization run it, the organization's members answer it, and its invited
 * auditors review it — only that organization, only until the access end date. An engagement nobody
 * may reach answers 404 like a missing one; an auditor whose access has ended gets 403 and the attempt
 * is a PRIVILEGE_ESCALATION security event on the organization's trail.
 */

export type EngagementRow = typeof auditEngagements.$inferSelect;
export type EngagementSide = 'staff' | 'client' | 'auditor';

export interface EngagementReach {
  engagement: EngagementRow;
  side: EngagementSide;
  /** Bound to the engagement's organization (an auditor's own tenant reaches nothing else). */
  tenant: Tenant;
  userId: string;
}

const NOT_FOUND = 'No such engagement.';

/** Today's date (UTC) as YYYY-MM-DD, to compare with date columns. */
export function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export async function denyAuditor(
  request: FastifyRequest,
  engagement: EngagementRow,
  userId: string,
  reason: 'engagement_access_ended' | 'outside_period',
  extra: Record<string, unknown> = {},
): Promise<never> {
  await recordSecurityEvent(request, {
    userId,
    eventType: 'PRIVILEGE_ESCALATION',
    details: {
      source: 'api',
      reason,
      organizationId: engagement.organizationId,
      engagementId: engagement.id,
      method: request.method,
      path: request.url.split('?')[0],
      ...extra,
    },
  });
  throw new AppError(
    'FORBIDDEN',
    reason === 'engagement_access_ended'
      ? 'Your access to this engagement has ended.'
      : 'This lies outside the period under audit of your engagement.',
  );
}

export async function reachEngagement(request: FastifyRequest, engagementId: string, now = new Date()): Promise<EngagementReach> {
  const access = await getRequestAccess(request);
  const userId = access.user.userId;
  const tenant = await requestTenant(request);
  const db = request.server.database.db;
  // Under row-level security with the caller's own id: the tenant's engagements, and those they audit.
  const found = await tenant.transaction(async (tx) => {
    const [engagement] = await tx.select().from(auditEngagements).where(eq(auditEngagements.id, engagementId));
    if (!engagement) return null;
    const [auditor] = await tx
      .select({ userId: engagementAuditors.userId })
      .from(engagementAuditors)
      .where(and(eq(engagementAuditors.engagementId, engagementId), eq(engagementAuditors.userId, userId)));
    return { engagement, isAuditor: Boolean(auditor) };
  });
  if (!found) throw new AppError('NOT_FOUND', NOT_FOUND);
  const { engagement } = found;
  if (tenant.reaches(engagement.organizationId)) {
    return { engagement, side: tenant.scope.kind === 'member' ? 'client' : 'staff', tenant, userId };
  }
  if (!found.isAuditor) throw new AppError('NOT_FOUND', NOT_FOUND);
  if (today(now) > engagement.accessEndsOn) return denyAuditor(request, engagement, userId, 'engagement_access_ended');
  const scope = { kind: 'staff', userId, organizationIds: [engagement.organizationId] } as const;
  return { engagement, side: 'auditor', tenant: tenantOf(db, scope, auditOrigin(request)), userId };
}

/** The engagements a user audits (any access end: the list shows ended ones as ended). */
export async function auditedEngagementIds(request: FastifyRequest): Promise<string[]> {
  const access = await getRequestAccess(request);
  const rows = await withTenant(request.server.database.db, { kind: 'none', userId: access.user.userId }, (tx) =>
    tx
      .select({ engagementId: engagementAuditors.engagementId })
      .from(engagementAuditors)
      .where(eq(engagementAuditors.userId, access.user.userId)),
  );
  return rows.map((row) => row.engagementId);
}

/** 403 unless the caller takes part on one of these sides. */
export function requireSide(reach: EngagementReach, sides: readonly EngagementSide[], message: string): void {
  if (!sides.includes(reach.side)) throw new AppError('FORBIDDEN', message);
}

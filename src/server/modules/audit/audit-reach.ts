import type { FastifyRequest } from 'fastify';
import { AppError } from '../../app-error.ts';
import { getRequestAccess, recordSecurityEvent } from '../../platform/access/access-guard.ts';
import { periodBounds } from '../engagements/audit-evidence.ts';
import { denyAuditor, reachEngagement } from '../engagements/engagement-reach.ts';
import { type Tenant, requestTenant } from '../../platform/tenancy/tenant.ts';
import type { TrailWindow } from './audit.service.ts';

/**
 * Who reads which organization's trail (docs/audit.md): staff with `audit:read` the organizations
 * their tenant reaches (administrators all), a client manager their own organization, and an
 * engagement's auditors its organization within the period under audit, until their access ends.
 * Another organization answers 404; a date range outside an auditor's period 403 with a security event.
 */

export interface TrailReach {
  tenant: Tenant;
  organizationId: string;
  window: TrailWindow;
}

export async function reachTrail(
  request: FastifyRequest,
  query: { organizationId?: string; engagementId?: string; from?: string; to?: string },
): Promise<TrailReach> {
  if (query.engagementId) {
    const reach = await reachEngagement(request, query.engagementId);
    const { engagement } = reach;
    if (query.organizationId && query.organizationId !== engagement.organizationId) throw new AppError('NOT_FOUND', 'Not found.');
    if (reach.side === 'client' && !(await getRequestAccess(request)).roles.includes('client_manager')) {
      throw new AppError('FORBIDDEN', 'The audit trail is for staff, client managers and auditors.');
    }
    if (reach.side !== 'auditor') return { tenant: reach.tenant, organizationId: engagement.organizationId, window: {} };
    if ((query.from && query.from > engagement.periodEnd) || (query.to && query.to < engagement.periodStart)) {
      return denyAuditor(request, engagement, reach.userId, 'outside_period', { from: query.from ?? null, to: query.to ?? null });
    }
    const { start, endExclusive } = periodBounds(engagement);
    return { tenant: reach.tenant, organizationId: engagement.organizationId, window: { from: start, before: endExclusive } };
  }
  const access = await getRequestAccess(request);
  const tenant: Tenant = await requestTenant(request);
  const isClientManager = tenant.scope.kind === 'member' && access.roles.includes('client_manager');
  const isStaffReader = tenant.scope.kind !== 'member' && access.permissions.has('audit:read');
  if (!isClientManager && !isStaffReader) {
    await recordSecurityEvent(request, {
      userId: access.user.userId,
      eventType: 'PRIVILEGE_ESCALATION',
      details: { source: 'api', reason: 'audit_trail', method: request.method, path: request.url.split('?')[0] },
    });
    throw new AppError('FORBIDDEN', 'The audit trail is for staff, client managers and auditors.');
  }
  const organizationId =
    query.organizationId ??
    (tenant.scope.kind === 'member'
      ? tenant.scope.organizationId
      : tenant.scope.kind === 'staff' && tenant.scope.organizationIds.length === 1
        ? tenant.scope.organizationIds[0]
        : undefined);
  if (!organizationId) {
    throw new AppError('VALIDATION_FAILED', 'Name the organization whose trail to read.', [
      { path: 'querystring.organizationId', message: 'Choose an organization' },
    ]);
  }
  tenant.assert(organizationId);
  return { tenant, organizationId, window: {} };
}

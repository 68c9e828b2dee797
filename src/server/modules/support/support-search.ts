import type { FastifyRequest } from 'fastify';
import type { SupportRequestHit } from '../../../shared/schemas/search.ts';
import { SUPPORT_STATUS_LABELS } from '../../../shared/schemas/support.ts';
import { getRequestAccess } from '../../platform/access/access-guard.ts';
import { requestTenant } from '../../platform/tenancy/tenant.ts';
import { searchSupportRequests } from './support-views.ts';
import { workspaceHref } from '../../../shared/workspace-links.ts';

/**
 * The search dialog's support request hits for a signed-in user holding support:read, through the
 * tenant guard (a client: their own organization's requests; staff: those they serve). Visitors (the
 * anonymous key), API keys and users who may not read support requests get none; so does a user who
 * must still pass a second factor.
 */
export async function supportSearchHits(request: FastifyRequest, q: string): Promise<SupportRequestHit[]> {
  const auth = request.auth;
  if (!auth || auth.role !== 'authenticated' || auth.apiKey) return [];
  try {
    const access = await getRequestAccess(request);
    if (!access.permissions.has('support:read')) return [];
  } catch {
    return [];
  }
  const hits = await searchSupportRequests(await requestTenant(request), q);
  return hits.map((hit) => ({
    id: hit.id,
    subject: hit.subject,
    status: SUPPORT_STATUS_LABELS[hit.status],
    organizationName: hit.organizationName,
    url_path: workspaceHref.support(hit.id),
  }));
}

import type { FastifyRequest } from 'fastify';
import { getRequestAccess } from '../../platform/access/access-guard.ts';
import { requestTenant } from '../../platform/tenancy/tenant.ts';
import { catalogueIndex } from './catalogue-index.ts';
import type { ProgrammeContext } from './frameworks.service.ts';

/** What every programme handler needs: the tenant guard, the catalogue, and the caller's permissions and scopes. */
export async function programmeContext(request: FastifyRequest): Promise<ProgrammeContext> {
  const [tenant, access, catalogue] = await Promise.all([
    requestTenant(request),
    getRequestAccess(request),
    catalogueIndex(request.server.database.db),
  ]);
  return { tenant, catalogue, reader: { permissions: access.permissions, scopes: access.scopes } };
}

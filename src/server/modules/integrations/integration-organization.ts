import { AppError } from '../../app-error.ts';
import type { Tenant } from '../organizations/tenant.ts';

/**
 * The organization an integration belongs to: a client's own, or the one staff name (which they must
 * reach: 404 otherwise, like a missing one).
 */
export function organizationOf(tenant: Tenant, requested: string | undefined): string {
  const scope = tenant.scope;
  if (scope.kind === 'member') {
    if (requested && requested !== scope.organizationId) throw new AppError('NOT_FOUND', 'No such organization.');
    return scope.organizationId;
  }
  if (!requested) {
    throw new AppError('VALIDATION_FAILED', 'Choose the organization.', [{ path: 'organizationId', message: 'Choose the organization' }]);
  }
  tenant.assert(requested, 'No such organization.');
  return requested;
}

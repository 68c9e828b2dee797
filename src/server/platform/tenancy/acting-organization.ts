import { eq } from 'drizzle-orm';
import { AppError } from '../../app-error.ts';
import { organizations } from '../../db/schema/organizations.ts';
import type { Tenant } from './tenant.ts';

export interface ActingOrganizationOptions {
  /** Where the caller names it, for the field-level error: `body.organizationId`, `query.organizationId`… */
  field?: string;
  /** A staff member assigned to exactly one organization acts for it without naming it (the programme). */
  soleAssignmentImplied?: boolean;
}

/**
 * The one answer to "which organization does this request act for?" (docs/tenancy.md), with one set
 * of refusals for every domain:
 *
 * - a client acts for their own organization; naming another answers 404 NOT_FOUND;
 * - a signed-in account with no organization yet: 409 CONFLICT (subscribing creates one);
 * - staff and administrators name the organization; naming none: 400 VALIDATION_FAILED on `field`
 *   (where `soleAssignmentImplied`, the programme's pages, a staff member assigned to exactly one
 *   organization may leave it out);
 * - an organization the caller does not reach, or that does not exist: 404 NOT_FOUND, the same answer,
 *   so nobody learns what other tenants hold (and an unknown id never becomes a foreign-key error).
 */
export async function actingOrganization(
  tenant: Tenant,
  named: string | null | undefined,
  options: ActingOrganizationOptions = {},
): Promise<string> {
  const { field = 'organizationId', soleAssignmentImplied = false } = options;
  const { scope } = tenant;
  if (scope.kind === 'none') {
    throw new AppError(
      'CONFLICT',
      'Your account has no organization yet. Subscribe to a plan first: the workspace belongs to the organization your subscription creates.',
    );
  }
  if (scope.kind === 'member') {
    if (named && named !== scope.organizationId) throw new AppError('NOT_FOUND', 'No such organization.');
    return scope.organizationId;
  }
  if (!named && soleAssignmentImplied && scope.kind === 'staff' && scope.organizationIds.length === 1 && scope.organizationIds[0])
    return scope.organizationIds[0];
  if (!named)
    throw new AppError('VALIDATION_FAILED', 'Name the client organization.', [{ path: field, message: 'Choose the client organization' }]);
  tenant.assert(named, 'No such organization.');
  if (scope.kind === 'all') {
    const [row] = await tenant.transaction((tx) =>
      tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, named)),
    );
    if (!row) throw new AppError('NOT_FOUND', 'No such organization.');
  }
  return named;
}

import { eq } from 'drizzle-orm';
import { AppError } from '../../app-error.ts';
import { organizations } from '../../db/schema/organizations.ts';
import type { Tenant } from '../organizations/tenant.ts';

/** The organization a support request or upload is for: a client's own, or the one staff named (and reach). */
export async function supportOrganization(tenant: Tenant, named: string | undefined): Promise<string> {
  const { scope } = tenant;
  if (scope.kind === 'none') {
    throw new AppError('CONFLICT', 'You belong to no organization yet, so there is no account to ask about.');
  }
  if (scope.kind === 'member') {
    if (named && named !== scope.organizationId) throw new AppError('NOT_FOUND', 'No such organization.');
    return scope.organizationId;
  }
  if (!named) throw new AppError('BAD_REQUEST', 'Name the client organization the request is for (organizationId).');
  tenant.assert(named, 'No such organization.');
  const [row] = await tenant.transaction((tx) =>
    tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, named)),
  );
  if (!row) throw new AppError('NOT_FOUND', 'No such organization.');
  return row.id;
}

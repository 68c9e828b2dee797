import { and, asc, eq, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Policy,
  PolicyDetail,
  PolicyList,
  policyListQuerySchema,
  publishPolicyInputSchema,
} from '../../../shared/schemas/policies.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { policies } from '../../db/schema/policies.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { POLICY_NOT_FOUND, publishPolicyVersion } from './policy-records.ts';
import { type PolicyRow, policyVersionsOf, policyViews, versionView } from './policy-views.ts';

/**
 * The policy center (issue 37 item 1, docs/policies.md): the organization's controlled documents, each
 * with its versions; publishing from an approved policy deliverable. Another organization's policy is 404.
 */

/** The policy when the caller's tenancy reaches it (404 otherwise); `lock` holds it for a change. */
export async function reachablePolicy(tx: DbTransaction, tenant: Tenant, id: string, lock = false): Promise<PolicyRow> {
  const query = tx
    .select()
    .from(policies)
    .where(and(eq(policies.id, id), tenant.where(policies.organizationId)));
  const [row] = lock ? await query.for('update') : await query;
  tenant.assert(row?.organizationId, POLICY_NOT_FOUND);
  if (!row) throw new AppError('NOT_FOUND', POLICY_NOT_FOUND);
  return row;
}

async function detail(tx: DbTransaction, row: PolicyRow, now: Date): Promise<PolicyDetail> {
  const [view] = await policyViews(tx, [row], now);
  if (!view) throw new Error('detail: no view');
  const versions = await policyVersionsOf(tx, row.id);
  return {
    ...view,
    body: versions.find((version) => version.version === row.currentVersion)?.body ?? '',
    versions: versions.map(versionView),
  };
}

export async function listPolicies(tenant: Tenant, query: z.output<typeof policyListQuerySchema>, now = new Date()): Promise<PolicyList> {
  const organizationId = await actingOrganization(tenant, query.organizationId, {
    field: 'query.organizationId',
    soleAssignmentImplied: true,
  });
  return tenant.transaction(async (tx) => {
    const conditions = [eq(policies.organizationId, organizationId)];
    if (query.reviewDue === 'true') conditions.push(lte(policies.reviewDate, now.toISOString().slice(0, 10)));
    const rows = await tx
      .select()
      .from(policies)
      .where(and(...conditions))
      .orderBy(asc(policies.ref));
    const views: Policy[] = await policyViews(tx, rows, now);
    return { organizationId, policies: query.reviewDue === 'false' ? views.filter((view) => !view.isReviewDue) : views };
  });
}

export async function getPolicy(tenant: Tenant, id: string, now = new Date()): Promise<PolicyDetail> {
  return tenant.transaction(async (tx) => detail(tx, await reachablePolicy(tx, tenant, id), now));
}

export async function publishPolicy(
  tenant: Tenant,
  userId: string,
  input: z.output<typeof publishPolicyInputSchema>,
  now = new Date(),
): Promise<PolicyDetail> {
  const { organizationId: named, ...fields } = input;
  return tenant.transaction(async (tx) => {
    const existing = fields.policyId ? await reachablePolicy(tx, tenant, fields.policyId, true) : null;
    if (existing && named && named !== existing.organizationId) throw new AppError('NOT_FOUND', POLICY_NOT_FOUND);
    const organizationId =
      existing?.organizationId ?? (await actingOrganization(tenant, named, { field: 'body.organizationId', soleAssignmentImplied: true }));
    const row = await publishPolicyVersion(tx, organizationId, existing, fields, { userId, origin: tenant.origin, now });
    return detail(tx, row, now);
  });
}

import { and, arrayContains, asc, eq, ilike, lte, notInArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { PermissionSubject } from '../../../shared/permissions.ts';
import type {
  updateVendorInputSchema,
  Vendor,
  vendorInputSchema,
  VendorList,
  vendorListQuerySchema,
} from '../../../shared/schemas/vendors.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { vendors } from '../../db/schema/vendors.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { applyVendorUpdate, insertVendor } from './vendor-records.ts';
import { type VendorRow, vendorViews } from './vendor-views.ts';

/**
 * The vendor register (issue 35, docs/vendors.md): refs V-001 onwards per organization, filters, the
 * links to risks and controls. Tenancy by the tenant guard: another organization's vendor is 404.
 */

export const VENDOR_NOT_FOUND = 'No such vendor.';

export interface VendorActor {
  userId: string;
  reader: PermissionSubject;
}

type VendorInput = z.output<typeof vendorInputSchema>;
type VendorUpdate = z.output<typeof updateVendorInputSchema>;

async function viewOne(tx: DbTransaction, row: VendorRow): Promise<Vendor> {
  const [view] = await vendorViews(tx, [row]);
  if (!view) throw new Error('viewOne: no view');
  return view;
}

export async function createVendor(tenant: Tenant, jobs: Jobs, actor: VendorActor, input: VendorInput, now = new Date()): Promise<Vendor> {
  const organizationId = await actingOrganization(tenant, input.organizationId, {
    field: 'body.organizationId',
    soleAssignmentImplied: true,
  });
  const { organizationId: _named, ...fields } = input;
  return tenant.transaction(async (tx) =>
    viewOne(tx, await insertVendor(tx, jobs, organizationId, fields, actor.userId, now, tenant.origin)),
  );
}

function listConditions(organizationId: string, query: z.output<typeof vendorListQuerySchema>, now: Date) {
  const conditions = [eq(vendors.organizationId, organizationId)];
  if (query.status) conditions.push(eq(vendors.status, query.status));
  if (query.tier) conditions.push(eq(vendors.tier, query.tier));
  if (query.dataCategory) conditions.push(arrayContains(vendors.dataCategories, [query.dataCategory]));
  if (query.subProcessor) conditions.push(eq(vendors.isSubProcessor, query.subProcessor === 'true'));
  if (query.reviewDue === 'true') {
    conditions.push(lte(vendors.nextReviewOn, now.toISOString().slice(0, 10)), notInArray(vendors.status, ['offboarded', 'rejected']));
  }
  if (query.q) {
    const words = `%${query.q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const match = or(ilike(vendors.name, words), ilike(vendors.services, words), ilike(vendors.ref, words), ilike(vendors.website, words));
    if (match) conditions.push(match);
  }
  return and(...conditions);
}

export async function listVendors(tenant: Tenant, query: z.output<typeof vendorListQuerySchema>, now = new Date()): Promise<VendorList> {
  const organizationId = await actingOrganization(tenant, query.organizationId, {
    field: 'query.organizationId',
    soleAssignmentImplied: true,
  });
  return tenant.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(vendors)
      .where(listConditions(organizationId, query, now))
      .orderBy(asc(vendors.ref));
    return { organizationId, vendors: await vendorViews(tx, rows, now) };
  });
}

/** The vendor when the caller's tenancy reaches it (404 otherwise); `lock` holds its row for a change. */
export async function reachableVendor(tx: DbTransaction, tenant: Tenant, id: string, lock = false): Promise<VendorRow> {
  const query = tx
    .select()
    .from(vendors)
    .where(and(eq(vendors.id, id), tenant.where(vendors.organizationId)));
  const [row] = lock ? await query.for('update') : await query;
  tenant.assert(row?.organizationId, VENDOR_NOT_FOUND);
  if (!row) throw new AppError('NOT_FOUND', VENDOR_NOT_FOUND);
  return row;
}

export async function getVendor(tenant: Tenant, id: string): Promise<Vendor> {
  return tenant.transaction(async (tx) => viewOne(tx, await reachableVendor(tx, tenant, id)));
}

export async function updateVendor(tenant: Tenant, id: string, input: VendorUpdate, now = new Date()): Promise<Vendor> {
  return tenant.transaction(async (tx) => {
    const row = await reachableVendor(tx, tenant, id, true);
    if (input.organizationId && input.organizationId !== row.organizationId) throw new AppError('NOT_FOUND', VENDOR_NOT_FOUND);
    const { organizationId: _named, ...change } = input;
    return viewOne(tx, await applyVendorUpdate(tx, row, change, now, tenant.origin));
  });
}

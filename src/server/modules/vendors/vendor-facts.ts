import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client.ts';
import { vendors } from '../../db/schema/vendors.ts';
import type { VendorStatus, VendorTier } from '../../../shared/schemas/vendors.ts';

/** A vendor as other modules read the register (the questionnaires' answer library): never offboarded or rejected ones. */
export interface VendorFact {
  id: string;
  name: string;
  services: string;
  tier: VendorTier;
  status: VendorStatus;
  isSubProcessor: boolean;
  nextReviewOn: string | null;
  updatedAt: Date;
}

/** The organization's current vendors (proposed to approved), by name. */
export async function listVendorFacts(tx: DbTransaction, organizationId: string): Promise<VendorFact[]> {
  const rows = await tx
    .select({
      id: vendors.id,
      name: vendors.name,
      services: vendors.services,
      tier: vendors.tier,
      status: vendors.status,
      isSubProcessor: vendors.isSubProcessor,
      nextReviewOn: vendors.nextReviewOn,
      updatedAt: vendors.updatedAt,
    })
    .from(vendors)
    .where(and(eq(vendors.organizationId, organizationId), notInArray(vendors.status, ['rejected', 'offboarded'])))
    .orderBy(asc(vendors.name));
  return rows.map((row) => ({ ...row, tier: row.tier as VendorTier }));
}

import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client.ts';
import { vendors } from '../../db/schema/vendors.ts';

/** Statuses under which a vendor actually processes data for the organization (proposed, in review, rejected or offboarded ones do not). */
export const PROCESSING_STATUSES = ['approved', 'approved_with_conditions'] as const;

/**
 * The organization's sub-processors as its trust center lists them: vendors flagged as sub-processors
 * and approved (with or without conditions), by name. App wiring hands this to the trust center.
 */
export async function listSubProcessors(
  tx: DbTransaction,
  organizationId: string,
): Promise<{ name: string; purpose: string; website: string }[]> {
  const rows = await tx
    .select({ name: vendors.name, purpose: vendors.services, website: vendors.website })
    .from(vendors)
    .where(
      and(eq(vendors.organizationId, organizationId), eq(vendors.isSubProcessor, true), inArray(vendors.status, [...PROCESSING_STATUSES])),
    )
    .orderBy(asc(vendors.name));
  return rows;
}

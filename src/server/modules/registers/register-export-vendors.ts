import { asc, eq, inArray } from 'drizzle-orm';
import { authUsers } from '../../db/schema/auth.ts';
import { vendorControls, vendorRisks, vendors } from '../../db/schema/vendors.ts';
import { risks } from '../../db/schema/risks.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { toCsv } from './register-csv.ts';

/**
 * The vendor register as CSV (docs/vendors.md). The first columns are the import's fields in snake_case,
 * so an exported file maps onto the import by name and imports back; linked risks follow as refs.
 */
export async function vendorsCsv(tenant: Tenant, organizationId: string): Promise<string> {
  const { rows, controlLinks, riskLinks, emails } = await tenant.transaction(async (tx) => {
    const rows = await tx.select().from(vendors).where(eq(vendors.organizationId, organizationId)).orderBy(asc(vendors.ref));
    const controlLinks = await tx.select().from(vendorControls).where(eq(vendorControls.organizationId, organizationId));
    const riskLinks = await tx
      .select({ vendorId: vendorRisks.vendorId, ref: risks.ref })
      .from(vendorRisks)
      .innerJoin(risks, eq(risks.id, vendorRisks.riskId))
      .where(eq(vendorRisks.organizationId, organizationId));
    const owners = [...new Set(rows.flatMap((row) => row.ownerId ?? []))];
    const emails =
      owners.length === 0
        ? []
        : await tx.select({ id: authUsers.id, email: authUsers.email }).from(authUsers).where(inArray(authUsers.id, owners));
    return { rows, controlLinks, riskLinks, emails };
  });
  const emailOf = new Map(emails.map((row) => [row.id, row.email ?? '']));
  const listOf = (links: readonly { vendorId: string }[], pick: (link: never) => string, vendorId: string) =>
    links
      .filter((link) => link.vendorId === vendorId)
      .map((link) => pick(link as never))
      .sort()
      .join(' ');
  return toCsv(
    [
      'ref',
      'name',
      'website',
      'owner_email',
      'tier',
      'services',
      'data_categories',
      'is_sub_processor',
      'contract_start',
      'contract_end',
      'dpa_signed_on',
      'baa_signed_on',
      'status',
      'residual_risk',
      'conditions',
      'next_review_on',
      'control_ids',
      'risks',
      'created_at',
    ],
    rows.map((row) => [
      row.ref,
      row.name,
      row.website,
      row.ownerId ? emailOf.get(row.ownerId) : '',
      row.tier,
      row.services,
      row.dataCategories.join(' '),
      row.isSubProcessor ? 'yes' : 'no',
      row.contractStart,
      row.contractEnd,
      row.dpaSignedOn,
      row.baaSignedOn,
      row.status,
      row.residualRisk,
      row.conditions,
      row.nextReviewOn,
      listOf(controlLinks, (link: { controlId: string }) => link.controlId, row.id),
      listOf(riskLinks, (link: { ref: string }) => link.ref, row.id),
      row.createdAt.toISOString(),
    ]),
  );
}

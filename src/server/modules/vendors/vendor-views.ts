import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { VENDOR_REVIEW_CADENCE_MONTHS, type Vendor, type VendorTier } from '../../../shared/schemas/vendors.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { risks } from '../../db/schema/risks.ts';
import { vendorControls, vendorRisks, vendors } from '../../db/schema/vendors.ts';
import { userNames } from '../task-requests/task-request-views.ts';

export type VendorRow = typeof vendors.$inferSelect;

/** V-001, V-002 …: one more than the organization's highest numbered ref (ref numbers taken by a file count too). */
export async function nextVendorRef(tx: DbTransaction, organizationId: string, taken: readonly string[] = []): Promise<string> {
  // Two vendors created at once must not both take the same number: one waits for the other's commit.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`vendors:${organizationId}`}, 0))`);
  const rows = await tx
    .select({ ref: vendors.ref })
    .from(vendors)
    .where(and(eq(vendors.organizationId, organizationId), like(vendors.ref, 'V-%')));
  const highest = Math.max(0, ...[...rows.map((row) => row.ref), ...taken].map((ref) => Number(/^V-(\d+)$/i.exec(ref)?.[1] ?? 0)));
  return `V-${String(highest + 1).padStart(3, '0')}`;
}

/** 400 on `path` unless every id is a risk of the organization's register. */
export async function requireOrganizationRisks(
  tx: DbTransaction,
  organizationId: string,
  riskIds: readonly string[],
  path = 'body.riskIds',
): Promise<void> {
  const wanted = [...new Set(riskIds)];
  if (wanted.length === 0) return;
  const rows = await tx
    .select({ id: risks.id })
    .from(risks)
    .where(and(eq(risks.organizationId, organizationId), inArray(risks.id, wanted)));
  const found = new Set(rows.map((row) => row.id));
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new AppError('VALIDATION_FAILED', 'The request is not valid.', [
      { path, message: `Not a risk of this organization's register: ${missing.join(', ')}` },
    ]);
  }
}

const today = (now: Date) => now.toISOString().slice(0, 10);

export async function vendorViews(tx: DbTransaction, rows: readonly VendorRow[], now = new Date()): Promise<Vendor[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const riskLinks = await tx
    .select({ vendorId: vendorRisks.vendorId, id: risks.id, ref: risks.ref, title: risks.title })
    .from(vendorRisks)
    .innerJoin(risks, eq(risks.id, vendorRisks.riskId))
    .where(inArray(vendorRisks.vendorId, ids))
    .orderBy(asc(risks.ref));
  const controlLinks = await tx
    .select({ vendorId: vendorControls.vendorId, controlId: vendorControls.controlId })
    .from(vendorControls)
    .where(inArray(vendorControls.vendorId, ids))
    .orderBy(asc(vendorControls.controlId));
  const names = await userNames(
    tx,
    rows.map((row) => row.ownerId),
  );
  const day = today(now);
  return rows.map((row) => ({
    id: row.id,
    ref: row.ref,
    name: row.name,
    website: row.website,
    owner: row.ownerId ? { id: row.ownerId, name: names.get(row.ownerId) ?? 'A former user' } : null,
    tier: row.tier,
    reviewCadenceMonths: VENDOR_REVIEW_CADENCE_MONTHS[row.tier as VendorTier],
    services: row.services,
    dataCategories: row.dataCategories,
    isSubProcessor: row.isSubProcessor,
    contractStart: row.contractStart,
    contractEnd: row.contractEnd,
    dpaSignedOn: row.dpaSignedOn,
    baaSignedOn: row.baaSignedOn,
    status: row.status,
    residualRisk: row.residualRisk,
    conditions: row.conditions,
    nextReviewOn: row.nextReviewOn,
    reviewDue: row.nextReviewOn !== null && row.nextReviewOn <= day && row.status !== 'offboarded' && row.status !== 'rejected',
    risks: riskLinks.filter((link) => link.vendorId === row.id).map(({ id, ref, title }) => ({ id, ref, title })),
    controlIds: controlLinks.filter((link) => link.vendorId === row.id).map((link) => link.controlId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

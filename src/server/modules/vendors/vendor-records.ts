import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  nextVendorReviewDate,
  type updateVendorInputSchema,
  type vendorInputSchema,
  type VendorTier,
} from '../../../shared/schemas/vendors.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { vendorControls, vendorRisks, vendors } from '../../db/schema/vendors.ts';
import { type AuditOrigin, recordAudit } from '../../platform/audit/record-audit.ts';
import { emitDomainEvent } from '../../platform/events/domain-events.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { requireProgrammeControls } from '../evidence/programme-controls.ts';
import { requireOrganizationUser } from '../risks/risk-views.ts';
import { nextVendorRef, requireOrganizationRisks, type VendorRow } from './vendor-views.ts';

/**
 * The vendor register's state changes (the only writer of `vendors`, `vendor_risks`, `vendor_controls`):
 * insertVendor and applyVendorUpdate record their trail entry in the caller's transaction; the write*
 * halves serve the CSV import, which records one entry for the whole file (docs/audit.md).
 */

export type VendorCreate = Omit<z.output<typeof vendorInputSchema>, 'organizationId'> & { ref?: string };
export type VendorChange = Omit<z.output<typeof updateVendorInputSchema>, 'organizationId'>;

const NOT_FOUND = 'No such vendor.';

async function setVendorLinks(
  tx: DbTransaction,
  row: VendorRow,
  links: { riskIds?: readonly string[]; controlIds?: readonly string[] },
): Promise<void> {
  if (links.riskIds) {
    await requireOrganizationRisks(tx, row.organizationId, links.riskIds);
    await tx.delete(vendorRisks).where(eq(vendorRisks.vendorId, row.id));
    const riskIds = [...new Set(links.riskIds)];
    if (riskIds.length > 0)
      await tx.insert(vendorRisks).values(riskIds.map((riskId) => ({ organizationId: row.organizationId, vendorId: row.id, riskId })));
  }
  if (links.controlIds) {
    await requireProgrammeControls(tx, row.organizationId, links.controlIds);
    await tx.delete(vendorControls).where(eq(vendorControls.vendorId, row.id));
    const controlIds = [...new Set(links.controlIds)];
    if (controlIds.length > 0)
      await tx
        .insert(vendorControls)
        .values(controlIds.map((controlId) => ({ organizationId: row.organizationId, vendorId: row.id, controlId })));
  }
}

/** insertVendor without its trail entry or event (the CSV import records one entry for the file). */
export async function writeNewVendor(
  tx: DbTransaction,
  organizationId: string,
  input: VendorCreate,
  createdBy: string,
  now: Date,
): Promise<VendorRow> {
  if (input.ownerId) await requireOrganizationUser(tx, organizationId, input.ownerId, 'body.ownerId');
  await requireOrganizationRisks(tx, organizationId, input.riskIds);
  await requireProgrammeControls(tx, organizationId, input.controlIds);
  const { riskIds, controlIds, ref, nextReviewOn, ...fields } = input;
  const [row] = await tx
    .insert(vendors)
    .values({
      ...fields,
      organizationId,
      ref: ref ?? (await nextVendorRef(tx, organizationId)),
      tier: input.tier,
      nextReviewOn:
        nextReviewOn === undefined ? nextVendorReviewDate(input.tier as VendorTier, now.toISOString().slice(0, 10)) : nextReviewOn,
      createdBy,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('writeNewVendor: insert returned nothing');
  await setVendorLinks(tx, row, { riskIds, controlIds });
  return row;
}

/** Adds a vendor to the register: the row, its links, the trail entry and `vendor.created`, in the caller's transaction. */
export async function insertVendor(
  tx: DbTransaction,
  jobs: Jobs,
  organizationId: string,
  input: VendorCreate,
  createdBy: string,
  now: Date,
  origin: Partial<AuditOrigin> = { actor: createdBy },
): Promise<VendorRow> {
  const row = await writeNewVendor(tx, organizationId, input, createdBy, now);
  await recordAudit(tx, {
    ...origin,
    organizationId,
    action: 'vendor.create',
    entityType: 'vendor',
    entityId: row.id,
    after: { ...row, riskIds: input.riskIds, controlIds: input.controlIds },
  });
  await emitDomainEvent(tx, jobs, {
    type: 'vendor.created',
    organizationId,
    entityId: row.id,
    data: { ref: row.ref, name: row.name.slice(0, 200), tier: row.tier, status: row.status },
  });
  return row;
}

/** applyVendorUpdate without its trail entry (the CSV import). A tier change without a named date moves the next review. */
export async function writeVendorChange(tx: DbTransaction, row: VendorRow, input: VendorChange, now: Date): Promise<VendorRow> {
  if (input.ownerId) await requireOrganizationUser(tx, row.organizationId, input.ownerId, 'body.ownerId');
  const { riskIds, controlIds, ...fields } = input;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<VendorRow>;
  if (input.tier !== undefined && input.tier !== row.tier && input.nextReviewOn === undefined) {
    changes.nextReviewOn = nextVendorReviewDate(input.tier as VendorTier, now.toISOString().slice(0, 10));
  }
  const [updated] = await tx
    .update(vendors)
    .set({ ...changes, updatedAt: now })
    .where(eq(vendors.id, row.id))
    .returning();
  if (!updated) throw new AppError('NOT_FOUND', NOT_FOUND);
  await setVendorLinks(tx, updated, { riskIds, controlIds });
  return updated;
}

/** Changes a vendor (fields, status, links) and records it on the trail. */
export async function applyVendorUpdate(
  tx: DbTransaction,
  row: VendorRow,
  input: VendorChange,
  now: Date,
  origin: Partial<AuditOrigin> = {},
  action = 'vendor.update',
): Promise<VendorRow> {
  const updated = await writeVendorChange(tx, row, input, now);
  await recordAudit(tx, {
    ...origin,
    organizationId: row.organizationId,
    action,
    entityType: 'vendor',
    entityId: row.id,
    before: row,
    after: {
      ...updated,
      ...(input.riskIds ? { riskIds: input.riskIds } : {}),
      ...(input.controlIds ? { controlIds: input.controlIds } : {}),
    },
  });
  return updated;
}

/**
 * The clock's change: the vendor's review came due. Records which date was announced (so the daily pass
 * sends each date once), the trail entry (no person: the system) and `vendor.review_due`, in the caller's transaction.
 */
export async function markVendorReviewDue(tx: DbTransaction, jobs: Jobs, row: VendorRow, now: Date): Promise<void> {
  if (!row.nextReviewOn) return;
  await tx.update(vendors).set({ reviewDueSentFor: row.nextReviewOn }).where(eq(vendors.id, row.id));
  await recordAudit(tx, {
    actor: null,
    organizationId: row.organizationId,
    action: 'vendor.review_due',
    entityType: 'vendor',
    entityId: row.id,
    before: { reviewDueSentFor: row.reviewDueSentFor },
    after: { reviewDueSentFor: row.nextReviewOn, at: now.toISOString() },
  });
  await emitDomainEvent(tx, jobs, {
    type: 'vendor.review_due',
    organizationId: row.organizationId,
    entityId: row.id,
    data: { ref: row.ref, name: row.name.slice(0, 200), tier: row.tier, dueOn: row.nextReviewOn, ownerId: row.ownerId },
  });
}

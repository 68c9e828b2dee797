import { eq } from 'drizzle-orm';
import type { VendorDocumentReading } from '../../../../shared/schemas/vendor-document-extraction.ts';
import type { ConfirmedExtraction, VendorDocumentStatus } from '../../../../shared/schemas/vendor-documents.ts';
import type { DbTransaction } from '../../../db/client.ts';
import { vendorCuecRequirements, vendorDocuments } from '../../../db/schema/vendors.ts';
import { type AuditOrigin, recordAudit, SYSTEM_ORIGIN } from '../../../platform/audit/record-audit.ts';
import { emitDomainEvent } from '../../../platform/events/domain-events.ts';
import type { Jobs } from '../../../platform/jobs/job-types.ts';

/**
 * The state changes of a vendor's documents (the only writer of `vendor_documents` and
 * `vendor_cuec_requirements`, docs/vendor-documents.md): each records its trail entry in the caller's
 * transaction.
 */

export type VendorDocumentRow = typeof vendorDocuments.$inferSelect;
export type CuecRequirementRow = typeof vendorCuecRequirements.$inferSelect;

export interface NewVendorDocument {
  organizationId: string;
  vendorId: string;
  fileName: string;
  mediaType: string;
  sizeBytes: number;
  sha256: string;
  /** `reading` when the reader job is queued; a problem status when the file is kept without reading. */
  status: VendorDocumentStatus;
  message: string | null;
  uploadedBy: string;
}

/** Keeps an uploaded file's row and, when it can be read, queues the reader (one job per document). */
export async function insertVendorDocument(
  tx: DbTransaction,
  jobs: Jobs,
  input: NewVendorDocument,
  now: Date,
  origin: Partial<AuditOrigin>,
): Promise<VendorDocumentRow> {
  const [row] = await tx
    .insert(vendorDocuments)
    .values({ ...input, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insertVendorDocument: insert returned nothing');
  if (row.status === 'reading') {
    await jobs.enqueue(tx, 'vendor-document-read', { documentId: row.id, organizationId: row.organizationId });
  }
  await recordAudit(tx, {
    ...origin,
    organizationId: row.organizationId,
    action: 'vendor_document.upload',
    entityType: 'vendor_document',
    entityId: row.id,
    after: { vendorId: row.vendorId, fileName: row.fileName, sha256: row.sha256, sizeBytes: row.sizeBytes, status: row.status },
  });
  return row;
}

/** The reader's result (the system's): the extraction to confirm, or the problem that kept it from reading. */
export async function recordVendorDocumentReading(
  tx: DbTransaction,
  row: VendorDocumentRow,
  reading: VendorDocumentReading,
  now: Date,
): Promise<VendorDocumentRow> {
  const change =
    reading.status === 'read'
      ? { status: 'read' as const, message: null, kind: reading.kind, pageCount: reading.pageCount, reading }
      : { status: reading.status, message: reading.message };
  const [updated] = await tx
    .update(vendorDocuments)
    .set({ ...change, updatedAt: now })
    .where(eq(vendorDocuments.id, row.id))
    .returning();
  if (!updated) throw new Error('recordVendorDocumentReading: no row');
  await recordAudit(tx, {
    ...SYSTEM_ORIGIN,
    organizationId: row.organizationId,
    action: 'vendor_document.read',
    entityType: 'vendor_document',
    entityId: row.id,
    before: { status: row.status },
    after:
      reading.status === 'read'
        ? {
            status: 'read',
            kind: reading.kind,
            pageCount: reading.pageCount,
            fields: reading.fields.length,
            exceptions: reading.exceptions.length,
            cuecs: reading.cuecs.length,
          }
        : { status: reading.status, message: reading.message },
  });
  return updated;
}

/** The reader job gave up (out of retries): the file is kept for a person, with why. */
export async function failVendorDocumentReading(tx: DbTransaction, row: VendorDocumentRow, message: string, now: Date): Promise<void> {
  await tx
    .update(vendorDocuments)
    .set({ status: 'failed', message: message.slice(0, 500), updatedAt: now })
    .where(eq(vendorDocuments.id, row.id));
  await recordAudit(tx, {
    ...SYSTEM_ORIGIN,
    organizationId: row.organizationId,
    action: 'vendor_document.read_failed',
    entityType: 'vendor_document',
    entityId: row.id,
    before: { status: row.status },
    after: { status: 'failed', message: message.slice(0, 500) },
  });
}

export interface ConfirmedDocument {
  confirmed: ConfirmedExtraction;
  expiresOn: string | null;
  cuecRequirements: { text: string; criteria: string[]; page: number; controlIds: string[]; taskRequestId: string | null }[];
  findingRiskId: string | null;
  residualRiskChange: { from: string | null; to: string } | null;
  renewalTaskRequestId: string | null;
  confirmedBy: string;
}

/** A reviewer's confirmation and what it set in motion (the consequences' ids), with one trail entry. */
export async function writeVendorDocumentConfirmation(
  tx: DbTransaction,
  row: VendorDocumentRow,
  input: ConfirmedDocument,
  now: Date,
  origin: Partial<AuditOrigin>,
): Promise<VendorDocumentRow> {
  const [updated] = await tx
    .update(vendorDocuments)
    .set({
      status: 'confirmed',
      kind: input.confirmed.kind,
      confirmed: input.confirmed,
      expiresOn: input.expiresOn,
      findingRiskId: input.findingRiskId,
      residualRiskChange: input.residualRiskChange,
      renewalTaskRequestId: input.renewalTaskRequestId,
      confirmedBy: input.confirmedBy,
      confirmedAt: now,
      updatedAt: now,
    })
    .where(eq(vendorDocuments.id, row.id))
    .returning();
  if (!updated) throw new Error('writeVendorDocumentConfirmation: no row');
  if (input.cuecRequirements.length > 0) {
    await tx.insert(vendorCuecRequirements).values(
      input.cuecRequirements.map((requirement, position) => ({
        ...requirement,
        organizationId: row.organizationId,
        vendorId: row.vendorId,
        documentId: row.id,
        position,
        createdAt: now,
      })),
    );
  }
  await recordAudit(tx, {
    ...origin,
    organizationId: row.organizationId,
    action: 'vendor_document.confirm',
    entityType: 'vendor_document',
    entityId: row.id,
    before: { status: row.status, reading: row.reading },
    after: {
      status: 'confirmed',
      confirmed: input.confirmed,
      corrected: input.confirmed.fields.filter((field) => field.corrected).map((field) => field.key),
      expiresOn: input.expiresOn,
      cuecRequirements: input.cuecRequirements,
      findingRiskId: input.findingRiskId,
      residualRiskChange: input.residualRiskChange,
      renewalTaskRequestId: input.renewalTaskRequestId,
    },
  });
  return updated;
}

/**
 * The daily pass found the confirmed document near or past its expiry: remembers the date it announced
 * (each once), the renewal task it opened (if any), the trail entry (the system's) and
 * `vendor.document_expiring`, in the caller's transaction.
 */
export async function markVendorDocumentExpiring(
  tx: DbTransaction,
  jobs: Jobs,
  row: VendorDocumentRow,
  vendor: { ref: string; name: string; ownerId: string | null },
  renewalTaskRequestId: string | null,
  now: Date,
): Promise<void> {
  if (!row.expiresOn) return;
  const renewal = renewalTaskRequestId ?? row.renewalTaskRequestId;
  await tx
    .update(vendorDocuments)
    .set({ expiringSentFor: row.expiresOn, renewalTaskRequestId: renewal, updatedAt: now })
    .where(eq(vendorDocuments.id, row.id));
  await recordAudit(tx, {
    ...SYSTEM_ORIGIN,
    organizationId: row.organizationId,
    action: 'vendor_document.expiring',
    entityType: 'vendor_document',
    entityId: row.id,
    before: { expiringSentFor: row.expiringSentFor, renewalTaskRequestId: row.renewalTaskRequestId },
    after: { expiringSentFor: row.expiresOn, renewalTaskRequestId: renewal, at: now.toISOString() },
  });
  await emitDomainEvent(tx, jobs, {
    type: 'vendor.document_expiring',
    organizationId: row.organizationId,
    entityId: row.vendorId,
    data: {
      documentId: row.id,
      ref: vendor.ref,
      name: vendor.name.slice(0, 200),
      kind: row.kind,
      expiresOn: row.expiresOn,
      expired: row.expiresOn <= now.toISOString().slice(0, 10),
      ownerId: vendor.ownerId,
      renewalTaskRequestId: renewal,
    },
  });
}

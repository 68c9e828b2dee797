import { and, desc, eq } from 'drizzle-orm';
import type { VendorDocumentFieldKey } from '../../../../shared/schemas/vendor-document-extraction.ts';
import { VENDOR_DOCUMENT_MAX_BYTES } from '../../../../shared/schemas/vendor-document-extraction.ts';
import type {
  ConfirmedExtraction,
  ConfirmVendorDocumentInput,
  VendorDocument,
  VendorDocumentExtraction,
  VendorDocumentList,
} from '../../../../shared/schemas/vendor-documents.ts';
import { AppError } from '../../../app-error.ts';
import type { DbTransaction } from '../../../db/client.ts';
import { vendorDocuments } from '../../../db/schema/vendors.ts';
import type { FileStore } from '../../../platform/files/file-store.ts';
import type { StoredFile } from '../../../platform/files/send-stored-file.ts';
import { sniffMediaType } from '../../../platform/files/sniff-media-type.ts';
import type { Jobs } from '../../../platform/jobs/job-types.ts';
import type { Tenant } from '../../../platform/tenancy/tenant.ts';
import { reachableVendor } from '../vendors.service.ts';
import { applyConfirmedConsequences } from './vendor-document-consequences.ts';
import { insertVendorDocument, type VendorDocumentRow, writeVendorDocumentConfirmation } from './vendor-document-records.ts';
import { vendorDocumentExtractionView, vendorDocumentView, vendorDocumentViews } from './vendor-document-views.ts';

/**
 * A vendor's documents (docs/vendor-documents.md): upload (kept whatever it is, read off the request
 * when it can be), the reader's extraction, a reviewer's confirmation and its consequences. Tenancy
 * through the vendor: another organization's vendor or document is 404.
 */

export const VENDOR_DOCUMENT_NOT_FOUND = 'No such document of this vendor.';

export interface DocumentDeps {
  jobs: Jobs;
  fileStore: FileStore;
}

export interface UploadedFile {
  bytes: Buffer;
  fileName: string;
}

/** The status an upload starts in: `reading` when the reader can take it, else why not (the file is kept either way). */
function initialStatus(bytes: Buffer, mediaType: string): { status: 'reading' | 'too_large' | 'not_pdf'; message: string | null } {
  if (bytes.length > VENDOR_DOCUMENT_MAX_BYTES) {
    return {
      status: 'too_large',
      message: `The file is ${(bytes.length / 1_048_576).toFixed(1)} MB; the reader opens files up to ${VENDOR_DOCUMENT_MAX_BYTES / 1_048_576} MB. It is kept here: enter the fields by hand or ask the vendor for a smaller copy.`,
    };
  }
  if (mediaType !== 'application/pdf') {
    return {
      status: 'not_pdf',
      message: `The file is not a PDF (its contents look like ${mediaType === 'application/octet-stream' ? 'unknown binary data' : mediaType}). It is kept here; upload the report or certificate as a PDF.`,
    };
  }
  return { status: 'reading', message: null };
}

export async function uploadVendorDocument(
  tenant: Tenant,
  deps: DocumentDeps,
  actor: { userId: string },
  vendorId: string,
  file: UploadedFile,
  now = new Date(),
): Promise<VendorDocument> {
  // The vendor first: bytes are stored only for a vendor the caller reaches.
  await tenant.transaction(async (tx) => reachableVendor(tx, tenant, vendorId));
  const mediaType = sniffMediaType(file.bytes, file.fileName);
  const stored = await deps.fileStore.put(file.bytes);
  return tenant.transaction(async (tx) => {
    const vendor = await reachableVendor(tx, tenant, vendorId);
    const row = await insertVendorDocument(
      tx,
      deps.jobs,
      {
        organizationId: vendor.organizationId,
        vendorId: vendor.id,
        fileName: file.fileName.slice(0, 255) || 'document.pdf',
        mediaType,
        sizeBytes: stored.size,
        sha256: stored.sha256,
        ...initialStatus(file.bytes, mediaType),
        uploadedBy: actor.userId,
      },
      now,
      tenant.origin,
    );
    return vendorDocumentView(tx, row);
  });
}

export async function listVendorDocuments(tenant: Tenant, vendorId: string): Promise<VendorDocumentList> {
  return tenant.transaction(async (tx) => {
    const vendor = await reachableVendor(tx, tenant, vendorId);
    const rows = await tx
      .select()
      .from(vendorDocuments)
      .where(eq(vendorDocuments.vendorId, vendor.id))
      .orderBy(desc(vendorDocuments.createdAt));
    return { documents: await vendorDocumentViews(tx, rows) };
  });
}

async function reachableDocument(tx: DbTransaction, vendorId: string, documentId: string, lock = false): Promise<VendorDocumentRow> {
  const query = tx
    .select()
    .from(vendorDocuments)
    .where(and(eq(vendorDocuments.id, documentId), eq(vendorDocuments.vendorId, vendorId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', VENDOR_DOCUMENT_NOT_FOUND);
  return row;
}

export async function getVendorDocumentExtraction(tenant: Tenant, vendorId: string, documentId: string): Promise<VendorDocumentExtraction> {
  return tenant.transaction(async (tx) => {
    const vendor = await reachableVendor(tx, tenant, vendorId);
    return vendorDocumentExtractionView(tx, await reachableDocument(tx, vendor.id, documentId));
  });
}

/** The stored file of a vendor's document, for a person to open (kept whatever its status). */
export async function vendorDocumentFile(tenant: Tenant, fileStore: FileStore, vendorId: string, documentId: string): Promise<StoredFile> {
  const row = await tenant.transaction(async (tx) => {
    const vendor = await reachableVendor(tx, tenant, vendorId);
    return reachableDocument(tx, vendor.id, documentId);
  });
  const body = await fileStore.stream(row.sha256);
  if (!body) throw new AppError('NOT_FOUND', 'The stored file is missing.');
  return { fileName: row.fileName, mediaType: row.mediaType, sizeBytes: row.sizeBytes, body };
}

/** The reviewer's extraction: every field the reader found named (confirmed or corrected), each marked when changed. */
function confirmedExtraction(row: VendorDocumentRow, input: ConfirmVendorDocumentInput): ConfirmedExtraction {
  const extracted = new Map((row.reading?.fields ?? []).map((field) => [field.key, field]));
  const named = new Set<VendorDocumentFieldKey>(input.fields.map((field) => field.key));
  const missing = [...extracted.keys()].filter((key) => !named.has(key));
  if (missing.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The request is not valid.',
      missing.map((key) => ({ path: 'body.fields', message: `Confirm or correct ${key}: the reader found it` })),
    );
  }
  return {
    kind: input.kind,
    fields: input.fields.map((field) => {
      const found = extracted.get(field.key);
      return { ...field, corrected: !found || found.value !== field.value || found.page !== field.page };
    }),
    exceptions: input.exceptions,
    cuecs: input.cuecs,
    subserviceOrganizations: input.subserviceOrganizations,
  };
}

export async function confirmVendorDocumentExtraction(
  tenant: Tenant,
  jobs: Jobs,
  actor: { userId: string },
  vendorId: string,
  documentId: string,
  input: ConfirmVendorDocumentInput,
  now = new Date(),
): Promise<VendorDocumentExtraction> {
  return tenant.transaction(async (tx) => {
    // The vendor's row is held first: two confirmations (or a confirmation and a vendor change) queue here.
    const vendor = await reachableVendor(tx, tenant, vendorId, true);
    const row = await reachableDocument(tx, vendor.id, documentId, true);
    if (row.status === 'confirmed') {
      throw new AppError('VENDOR_DOCUMENT_ALREADY_CONFIRMED', 'This document’s extraction was confirmed already; reload to see it.');
    }
    if (row.status !== 'read') {
      throw new AppError(
        'VENDOR_DOCUMENT_NOT_READ',
        row.status === 'reading'
          ? 'The document is still being read; try again in a moment.'
          : `The document could not be read (${row.status}); there is nothing to confirm.`,
      );
    }
    if (row.updatedAt.getTime() !== new Date(input.expectedUpdatedAt).getTime()) {
      throw new AppError('CONFLICT', 'The document changed since it was opened; reload and confirm again.');
    }
    const confirmed = confirmedExtraction(row, input);
    const consequences = await applyConfirmedConsequences({ tx, jobs, vendor, actorId: actor.userId, now }, confirmed);
    const updated = await writeVendorDocumentConfirmation(
      tx,
      row,
      { ...consequences, confirmed, confirmedBy: actor.userId },
      now,
      tenant.origin,
    );
    return vendorDocumentExtractionView(tx, updated);
  });
}

import { eq } from 'drizzle-orm';
import type { VendorDocumentReading } from '../../../../shared/schemas/vendor-document-extraction.ts';
import type { Db } from '../../../db/client.ts';
import { vendorDocuments } from '../../../db/schema/vendors.ts';
import type { FileStore } from '../../../platform/files/file-store.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import { withTenant } from '../../../platform/tenancy/tenant.ts';
import { readVendorDocument } from '../reader/read-vendor-document.ts';
import { failVendorDocumentReading, recordVendorDocumentReading } from './vendor-document-records.ts';

/**
 * The reader job (`vendor-document-read`, docs/vendor-documents.md): the PDF's text is read off the
 * request (it is CPU-heavy) and outside any transaction; only the result is written, and only while the
 * document is still `reading` (a retry after a crash writes it once). The queue beats while it runs.
 */

const system = { kind: 'all', userId: null } as const;

export async function readUploadedVendorDocument(db: Db, fileStore: FileStore, documentId: string, now = new Date()): Promise<void> {
  const row = await withTenant(db, system, async (tx) => {
    const [found] = await tx.select().from(vendorDocuments).where(eq(vendorDocuments.id, documentId));
    return found;
  });
  if (!row || row.status !== 'reading') return;
  const bytes = await fileStore.get(row.sha256);
  const reading: VendorDocumentReading = bytes
    ? await readVendorDocument(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength))
    : { status: 'corrupt', message: 'The stored file is missing; upload it again.' };
  await withTenant(db, system, async (tx) => {
    const [locked] = await tx.select().from(vendorDocuments).where(eq(vendorDocuments.id, documentId)).for('update');
    if (!locked || locked.status !== 'reading') return;
    await recordVendorDocumentReading(tx, locked, reading, now);
  });
}

async function failReading(db: Db, documentId: string, message: string): Promise<void> {
  await withTenant(db, system, async (tx) => {
    const [row] = await tx.select().from(vendorDocuments).where(eq(vendorDocuments.id, documentId)).for('update');
    if (!row || row.status !== 'reading') return;
    await failVendorDocumentReading(tx, row, `The reader stopped: ${message}`, new Date());
  });
}

/** Works the reader's queue in this process (startWorkers: the server, or `npm run worker`), one document at a time. */
export async function startVendorDocumentWorker(jobs: JobQueue, db: Db, fileStore: FileStore): Promise<void> {
  await jobs.work('vendor-document-read', { localConcurrency: 1 }, async (job) => {
    try {
      await readUploadedVendorDocument(db, fileStore, job.data.documentId);
    } catch (error) {
      if (job.retryCount < job.retryLimit) throw error;
      await failReading(db, job.data.documentId, error instanceof Error ? error.message : String(error));
    }
  });
}

import { asc, eq } from 'drizzle-orm';
import type { VendorDocument, VendorDocumentConsequences, VendorDocumentExtraction } from '../../../../shared/schemas/vendor-documents.ts';
import type { DbTransaction } from '../../../db/client.ts';
import { risks } from '../../../db/schema/risks.ts';
import { vendorCuecRequirements } from '../../../db/schema/vendors.ts';
import { userNames } from '../../task-requests/task-request-views.ts';
import type { VendorDocumentRow } from './vendor-document-records.ts';

/** The documents as the API shows them: who uploaded and confirmed, the reading, what confirming did. */

export async function vendorDocumentViews(tx: DbTransaction, rows: readonly VendorDocumentRow[]): Promise<VendorDocument[]> {
  const names = await userNames(tx, [...rows.map((row) => row.uploadedBy), ...rows.map((row) => row.confirmedBy)]);
  const person = (id: string) => ({ id, name: names.get(id) ?? 'A former user' });
  return rows.map((row) => ({
    id: row.id,
    organizationId: row.organizationId,
    vendorId: row.vendorId,
    fileName: row.fileName,
    mediaType: row.mediaType,
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    status: row.status,
    message: row.message,
    kind: row.kind,
    pageCount: row.pageCount,
    expiresOn: row.expiresOn,
    uploadedBy: person(row.uploadedBy),
    confirmedBy: row.confirmedBy ? person(row.confirmedBy) : null,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function vendorDocumentView(tx: DbTransaction, row: VendorDocumentRow): Promise<VendorDocument> {
  const [view] = await vendorDocumentViews(tx, [row]);
  if (!view) throw new Error('vendorDocumentView: no view');
  return view;
}

async function consequencesOf(tx: DbTransaction, row: VendorDocumentRow): Promise<VendorDocumentConsequences | null> {
  if (row.status !== 'confirmed') return null;
  const requirements = await tx
    .select()
    .from(vendorCuecRequirements)
    .where(eq(vendorCuecRequirements.documentId, row.id))
    .orderBy(asc(vendorCuecRequirements.position));
  const [finding] = row.findingRiskId
    ? await tx.select({ id: risks.id, ref: risks.ref, title: risks.title }).from(risks).where(eq(risks.id, row.findingRiskId))
    : [];
  return {
    cuecRequirements: requirements.map((requirement) => ({
      id: requirement.id,
      text: requirement.text,
      criteria: requirement.criteria,
      page: requirement.page,
      controlIds: requirement.controlIds,
      taskRequestId: requirement.taskRequestId,
    })),
    finding: finding ?? null,
    residualRisk: row.residualRiskChange,
    renewalTaskRequestId: row.renewalTaskRequestId,
  };
}

export async function vendorDocumentExtractionView(tx: DbTransaction, row: VendorDocumentRow): Promise<VendorDocumentExtraction> {
  return {
    document: await vendorDocumentView(tx, row),
    extraction: row.reading,
    confirmed: row.confirmed,
    consequences: await consequencesOf(tx, row),
  };
}

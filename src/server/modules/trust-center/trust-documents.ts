import { and, desc, eq } from 'drizzle-orm';
import type { AttachmentMediaType } from '../../../shared/schemas/deliverables.ts';
import type { AddTrustDocumentInput, TrustDocument, TrustDocumentVisibility } from '../../../shared/schemas/trust-center.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { deliverables, deliverableVersions } from '../../db/schema/deliverables.ts';
import { evidence } from '../../db/schema/evidence.ts';
import { trustDocuments } from '../../db/schema/trust-center.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { bytesMatchMediaType } from '../../platform/files/sniff-media-type.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { trustDocumentView } from './trust-center-settings.ts';

/**
 * Documents on the trust center: uploaded through the files platform (the attachments' types, limits
 * and sniffing), or picked from the organization's approved deliverables and reviewed evidence files.
 * A new document is restricted until someone makes it public: publishing is a deliberate act.
 */

type NewDocument = Omit<typeof trustDocuments.$inferInsert, 'id' | 'createdAt'>;

async function insertDocument(tx: DbTransaction, tenant: Tenant, values: NewDocument, action: string): Promise<TrustDocument> {
  const [row] = await tx.insert(trustDocuments).values(values).returning();
  if (!row) throw new Error('insertDocument: insert returned nothing');
  await recordAudit(tx, {
    ...tenant.origin,
    organizationId: row.organizationId,
    action,
    entityType: 'trust_document',
    entityId: row.id,
    after: {
      title: row.title,
      visibility: row.visibility,
      source: row.source,
      sourceId: row.sourceId,
      fileName: row.fileName,
      sha256: row.sha256,
    },
  });
  return trustDocumentView(row);
}

export interface UploadTrustDocumentInput {
  bytes: Buffer;
  fileName: string;
  mediaType: AttachmentMediaType;
  organizationId?: string;
}

export async function uploadTrustDocument(tenant: Tenant, store: FileStore, input: UploadTrustDocumentInput): Promise<TrustDocument> {
  if (input.bytes.length === 0) throw new AppError('BAD_REQUEST', 'The file is empty.');
  if (!bytesMatchMediaType(input.bytes, input.mediaType)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `The file's contents are not ${input.mediaType}: send it with its real type.`);
  }
  const organizationId = await actingOrganization(tenant, input.organizationId, { field: 'query.organizationId' });
  const { sha256, size } = await store.put(input.bytes);
  const title = input.fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return tenant.transaction((tx) =>
    insertDocument(
      tx,
      tenant,
      {
        organizationId,
        title,
        visibility: 'restricted',
        source: 'upload',
        sourceId: null,
        fileName: input.fileName,
        mediaType: input.mediaType,
        sizeBytes: size,
        sha256,
        addedBy: tenant.scope.userId,
      },
      'trust_document.upload',
    ),
  );
}

/** A file name from a title: no slashes or control characters (what uploads refuse too). */
const markdownName = (title: string) => `${title.replace(/[/\\\p{Cc}]+/gu, ' ').trim() || 'document'}.md`;

interface SourceFile {
  title: string;
  fileName: string;
  mediaType: string;
  sizeBytes: number;
  sha256: string;
}

/** The published Markdown of an approved deliverable; null when it has none. */
async function deliverableBody(tx: DbTransaction, organizationId: string, id: string) {
  const [row] = await tx
    .select({ title: deliverables.title, version: deliverables.currentVersion, status: deliverables.status })
    .from(deliverables)
    .where(and(eq(deliverables.id, id), eq(deliverables.organizationId, organizationId)));
  if (!row || row.status !== 'completed' || row.version === 0) return null;
  const [version] = await tx
    .select({ body: deliverableVersions.body })
    .from(deliverableVersions)
    .where(and(eq(deliverableVersions.deliverableId, id), eq(deliverableVersions.version, row.version)))
    .orderBy(desc(deliverableVersions.version))
    .limit(1);
  return version ? { title: row.title, body: version.body } : null;
}

/** A reviewed evidence file (a link, or one nobody signed off, is not offered). */
async function evidenceFile(tx: DbTransaction, organizationId: string, id: string): Promise<SourceFile | null> {
  const [row] = await tx
    .select()
    .from(evidence)
    .where(and(eq(evidence.id, id), eq(evidence.organizationId, organizationId)));
  if (!row?.sha256 || !row.fileName || !row.mediaType || !row.reviewedAt) return null;
  return { title: row.title, fileName: row.fileName, mediaType: row.mediaType, sizeBytes: row.sizeBytes ?? 0, sha256: row.sha256 };
}

/** The source's file: an evidence file as stored; a deliverable's Markdown stored now (outside any transaction). */
async function sourceFile(
  tenant: Tenant,
  store: FileStore,
  organizationId: string,
  input: AddTrustDocumentInput,
): Promise<SourceFile | null> {
  if (input.source === 'evidence') return tenant.transaction((tx) => evidenceFile(tx, organizationId, input.sourceId));
  const published = await tenant.transaction((tx) => deliverableBody(tx, organizationId, input.sourceId));
  if (!published) return null;
  const { sha256, size } = await store.put(Buffer.from(published.body, 'utf8'));
  return { title: published.title, fileName: markdownName(published.title), mediaType: 'text/markdown', sizeBytes: size, sha256 };
}

export async function addTrustDocument(tenant: Tenant, store: FileStore, input: AddTrustDocumentInput): Promise<TrustDocument> {
  const organizationId = await actingOrganization(tenant, input.organizationId, { field: 'body.organizationId' });
  const file = await sourceFile(tenant, store, organizationId, input);
  if (!file) {
    const what = input.source === 'deliverable' ? 'approved deliverable' : 'reviewed evidence file';
    throw new AppError('VALIDATION_FAILED', `No such ${what} in this organization.`, [{ path: 'sourceId', message: `Pick an ${what}` }]);
  }
  const visibility: TrustDocumentVisibility = input.visibility;
  return tenant.transaction((tx) =>
    insertDocument(
      tx,
      tenant,
      {
        organizationId,
        ...file,
        title: input.title ?? file.title,
        visibility,
        source: input.source,
        sourceId: input.sourceId,
        addedBy: tenant.scope.userId,
      },
      'trust_document.add',
    ),
  );
}

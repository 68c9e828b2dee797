import type { Readable } from 'node:stream';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AttachmentMediaType } from '../../../shared/schemas/deliverables.ts';
import type { SupportAttachment } from '../../../shared/schemas/support.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { supportAttachments } from '../../db/schema/support.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { bytesMatchMediaType } from '../../platform/files/sniff-media-type.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';

/**
 * Files on support messages: the same limits and checks as task attachments (docs/delivery.md: the
 * allowed types, 10 MB, the bytes must be what they claim), stored content-addressed by SHA-256. A file
 * is uploaded first, unlinked, and linked when the message that carries it is sent.
 */

export interface UploadSupportAttachmentInput {
  bytes: Buffer;
  fileName: string;
  mediaType: AttachmentMediaType;
  /** Staff and administrators name the client organization; a client's own is implied. */
  organizationId?: string;
}

const view = (row: typeof supportAttachments.$inferSelect): SupportAttachment => ({
  id: row.id,
  fileName: row.fileName,
  mediaType: row.mediaType,
  sizeBytes: row.sizeBytes,
  sha256: row.sha256,
});

export async function uploadSupportAttachment(
  tenant: Tenant,
  store: FileStore,
  input: UploadSupportAttachmentInput,
): Promise<SupportAttachment> {
  const uploadedBy = tenant.scope.userId;
  if (!uploadedBy) throw new Error('uploadSupportAttachment: the route admits signed-in users only');
  if (input.bytes.length === 0) throw new AppError('BAD_REQUEST', 'The file is empty.');
  if (!bytesMatchMediaType(input.bytes, input.mediaType)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `The file's contents are not ${input.mediaType}: send it with its real type.`);
  }
  const organizationId = await actingOrganization(tenant, input.organizationId);
  const { sha256, size } = await store.put(input.bytes);
  const row = await tenant.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(supportAttachments)
      .values({ organizationId, uploadedBy, fileName: input.fileName, mediaType: input.mediaType, sizeBytes: size, sha256 })
      .returning();
    if (!inserted) throw new Error('uploadSupportAttachment: insert returned nothing');
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId,
      action: 'support_attachment.upload',
      entityType: 'support_attachment',
      entityId: inserted.id,
      after: { fileName: inserted.fileName, mediaType: inserted.mediaType, sizeBytes: inserted.sizeBytes, sha256: inserted.sha256 },
    });
    return inserted;
  });
  return view(row);
}

/**
 * Links the caller's own unlinked uploads in the organization to a message. Anything else (another
 * person's file, one already sent, another organization's) is refused as a whole.
 */
export async function linkSupportAttachments(
  tx: DbTransaction,
  input: { organizationId: string; messageId: string; uploadedBy: string; ids: readonly string[] },
): Promise<SupportAttachment[]> {
  const ids = [...new Set(input.ids)];
  if (ids.length === 0) return [];
  const rows = await tx
    .update(supportAttachments)
    .set({ messageId: input.messageId })
    .where(
      and(
        inArray(supportAttachments.id, ids),
        eq(supportAttachments.organizationId, input.organizationId),
        eq(supportAttachments.uploadedBy, input.uploadedBy),
        isNull(supportAttachments.messageId),
      ),
    )
    .returning();
  if (rows.length !== ids.length) {
    throw new AppError('VALIDATION_FAILED', 'An attachment was not found among your uploads for this organization.', [
      { path: 'attachmentIds', message: 'Upload the file again and attach it once' },
    ]);
  }
  return rows.map(view);
}

/** The attachments of the given messages, by message id. */
export async function attachmentsOfMessages(tx: DbTransaction, messageIds: readonly string[]): Promise<Map<string, SupportAttachment[]>> {
  const byMessage = new Map<string, SupportAttachment[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await tx
    .select()
    .from(supportAttachments)
    .where(inArray(supportAttachments.messageId, [...messageIds]));
  for (const row of rows) {
    if (!row.messageId) continue;
    byMessage.set(row.messageId, [...(byMessage.get(row.messageId) ?? []), view(row)]);
  }
  return byMessage;
}

export interface SupportAttachmentDownload {
  fileName: string;
  mediaType: string;
  sizeBytes: number;
  body: Readable;
}

/** A file of an organization the caller reaches; another organization's is NOT_FOUND. */
export async function downloadSupportAttachment(tenant: Tenant, store: FileStore, id: string): Promise<SupportAttachmentDownload> {
  const [row] = await tenant.transaction((tx) =>
    tx
      .select()
      .from(supportAttachments)
      .where(and(eq(supportAttachments.id, id), tenant.where(supportAttachments.organizationId))),
  );
  tenant.assert(row?.organizationId, 'No such attachment.');
  if (!row) throw new AppError('NOT_FOUND', 'No such attachment.');
  const body = await store.stream(row.sha256);
  if (!body) throw new Error(`Support attachment ${row.id}: its file ${row.sha256} is missing from the file store`);
  return { fileName: row.fileName, mediaType: row.mediaType, sizeBytes: row.sizeBytes, body };
}

import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { AttachmentMediaType, TaskAttachment } from '../../../shared/schemas/deliverables.ts';
import { AppError } from '../../app-error.ts';
import { taskAttachments } from '../../db/schema/task-requests.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { recordTaskAttachment } from '../task-requests/task-attachment-records.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { bytesMatchMediaType } from '../../platform/files/sniff-media-type.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';

export interface UploadTaskAttachmentInput {
  bytes: Buffer;
  fileName: string;
  mediaType: AttachmentMediaType;
  uploadedBy: string;
  /** Staff and administrators name the client organization; a client's own is implied. */
  organizationId?: string;
}

/**
 * Checks the bytes are what they claim, stores them content-addressed, and records the attachment in
 * the caller's organization, not yet linked to a request (submitTaskRequest links it).
 */
export async function uploadTaskAttachment(tenant: Tenant, store: FileStore, input: UploadTaskAttachmentInput): Promise<TaskAttachment> {
  if (input.bytes.length === 0) throw new AppError('BAD_REQUEST', 'The file is empty.');
  if (!bytesMatchMediaType(input.bytes, input.mediaType)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `The file's contents are not ${input.mediaType}: send it with its real type.`);
  }
  const organizationId = await actingOrganization(tenant, input.organizationId, { field: 'query.organizationId' });
  const { sha256, size } = await store.put(input.bytes);
  const row = await tenant.transaction((tx) =>
    recordTaskAttachment(tx, tenant.origin, {
      organizationId,
      uploadedBy: input.uploadedBy,
      fileName: input.fileName,
      mediaType: input.mediaType,
      sizeBytes: size,
      sha256,
    }),
  );
  return { id: row.id, fileName: row.fileName, mediaType: row.mediaType, sizeBytes: row.sizeBytes, sha256: row.sha256 };
}

export interface AttachmentDownload {
  fileName: string;
  mediaType: string;
  sizeBytes: number;
  body: Readable;
}

/** An attachment the caller's tenancy reaches, with its bytes; another organization's is NOT_FOUND. */
export async function downloadTaskAttachment(tenant: Tenant, store: FileStore, id: string): Promise<AttachmentDownload> {
  const [row] = await tenant.transaction((tx) =>
    tx
      .select()
      .from(taskAttachments)
      .where(and(eq(taskAttachments.id, id), tenant.where(taskAttachments.organizationId))),
  );
  tenant.assert(row?.organizationId, 'No such attachment.');
  if (!row) throw new AppError('NOT_FOUND', 'No such attachment.');
  const body = await store.stream(row.sha256);
  if (!body) throw new Error(`Attachment ${row.id}: its file ${row.sha256} is missing from the file store`);
  return { fileName: row.fileName, mediaType: row.mediaType, sizeBytes: row.sizeBytes, body };
}

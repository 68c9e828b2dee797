import type { DbTransaction } from '../../db/client.ts';
import { taskAttachments } from '../../db/schema/task-requests.ts';
import { type AuditOrigin, recordAudit } from '../../platform/audit/record-audit.ts';

/**
 * An uploaded attachment, recorded in the organization and not yet linked to a request
 * (`submitTaskRequest` links it). The bytes are stored by the uploader (modules/files) first;
 * `task_attachments` is task-requests' table (issue 40: one writing module per table).
 */
export type TaskAttachmentRow = typeof taskAttachments.$inferSelect;

export async function recordTaskAttachment(
  tx: DbTransaction,
  origin: AuditOrigin,
  values: Pick<TaskAttachmentRow, 'organizationId' | 'uploadedBy' | 'fileName' | 'mediaType' | 'sizeBytes' | 'sha256'>,
): Promise<TaskAttachmentRow> {
  const [row] = await tx.insert(taskAttachments).values(values).returning();
  if (!row) throw new Error('recordTaskAttachment: insert returned nothing');
  await recordAudit(tx, {
    ...origin,
    organizationId: row.organizationId,
    action: 'task_attachment.upload',
    entityType: 'task_attachment',
    entityId: row.id,
    after: { fileName: row.fileName, mediaType: row.mediaType, sizeBytes: row.sizeBytes, sha256: row.sha256 },
  });
  return row;
}

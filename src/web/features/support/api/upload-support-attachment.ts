import { type SupportAttachment, supportAttachmentSchema } from '../../../../shared/schemas/support.ts';
import { apiUpload } from '../../../lib/api-upload.ts';

/**
 * POST /api/v1/support-attachments (uploadSupportAttachment): the file as the raw body, its media type as
 * Content-Type. Staff name the organization the request belongs to.
 */
export function uploadSupportAttachment(
  file: File,
  options: { organizationId?: string; signal?: AbortSignal } = {},
): Promise<SupportAttachment> {
  return apiUpload('/api/v1/support-attachments', {
    body: file,
    query: { fileName: file.name, organizationId: options.organizationId || undefined },
    schema: supportAttachmentSchema,
    signal: options.signal,
    tooLargeMessage: 'This file is too large to attach (10 MB at most).',
  });
}

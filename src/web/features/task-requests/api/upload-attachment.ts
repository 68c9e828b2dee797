import { z } from 'zod';
import { apiUpload } from '../../../lib/api-upload.ts';

/** What POST /api/v1/task-attachments (uploadTaskAttachment, the deliverables module) answers. */
export const uploadedAttachmentSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  mediaType: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
});
export type UploadedAttachment = z.infer<typeof uploadedAttachmentSchema>;

/**
 * Uploads one file as the raw request body (its media type as Content-Type, its name in `fileName`),
 * reporting progress from 0 to 1.
 */
export function uploadAttachment(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadedAttachment> {
  return apiUpload('/api/v1/task-attachments', {
    body: file,
    query: { fileName: file.name },
    schema: uploadedAttachmentSchema,
    signal,
    onProgress,
    tooLargeMessage: 'This file is too large to attach.',
  });
}

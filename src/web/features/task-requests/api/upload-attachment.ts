import { z } from 'zod';
import { isErrorCode } from '../../../../shared/errors.ts';
import { ApiError, currentAccessToken } from '../../../lib/api-client.ts';

/** What POST /api/v1/task-attachments (uploadTaskAttachment, the deliverables module) answers. */
export const uploadedAttachmentSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  mediaType: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
});
export type UploadedAttachment = z.infer<typeof uploadedAttachmentSchema>;

function errorOf(status: number, text: string): ApiError {
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    if (body.error && isErrorCode(body.error.code) && typeof body.error.message === 'string') {
      return new ApiError(status, body.error.code, body.error.message);
    }
  } catch {
    // not JSON: a generic message below
  }
  if (status === 413) return new ApiError(status, 'PAYLOAD_TOO_LARGE', 'This file is too large to attach.');
  return new ApiError(status, status >= 500 ? 'INTERNAL' : 'BAD_REQUEST', `The upload failed (${status}).`);
}

/**
 * Uploads one file as the raw request body (its media type as Content-Type, its name in `fileName`),
 * reporting progress from 0 to 1. XMLHttpRequest because fetch cannot report upload progress.
 */
export async function uploadAttachment(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedAttachment> {
  const token = await currentAccessToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1/task-attachments?fileName=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(errorOf(xhr.status, xhr.responseText));
      try {
        onProgress(1);
        resolve(uploadedAttachmentSchema.parse(JSON.parse(xhr.responseText)));
      } catch {
        reject(new ApiError(xhr.status, 'INTERNAL', 'The server’s answer to the upload was not understood.'));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server. Check your connection and try again.'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    xhr.send(file);
  });
}

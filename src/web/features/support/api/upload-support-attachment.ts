import { isErrorCode } from '../../../../shared/errors.ts';
import { type SupportAttachment, supportAttachmentSchema } from '../../../../shared/schemas/support.ts';
import { ApiError, currentAccessToken } from '../../../lib/api-client.ts';

function errorOf(status: number, text: string): ApiError {
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    if (body.error && isErrorCode(body.error.code) && typeof body.error.message === 'string') {
      return new ApiError(status, body.error.code, body.error.message);
    }
  } catch {
    // not JSON: a generic message below
  }
  if (status === 413) return new ApiError(status, 'PAYLOAD_TOO_LARGE', 'This file is too large to attach (10 MB at most).');
  return new ApiError(status, status >= 500 ? 'INTERNAL' : 'BAD_REQUEST', `The upload failed (${status}).`);
}

/**
 * POST /api/v1/support-attachments (uploadSupportAttachment): the file as the raw body, its media type as
 * Content-Type. Staff name the organization the request belongs to.
 */
export async function uploadSupportAttachment(
  file: File,
  options: { organizationId?: string; signal?: AbortSignal } = {},
): Promise<SupportAttachment> {
  const token = await currentAccessToken();
  const query = new URLSearchParams({ fileName: file.name });
  if (options.organizationId) query.set('organizationId', options.organizationId);
  let response: Response;
  try {
    response = await fetch(`/api/v1/support-attachments?${query.toString()}`, {
      method: 'POST',
      headers: {
        'content-type': file.type || 'application/octet-stream',
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: file,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server. Check your connection and try again.');
  }
  const text = await response.text();
  if (!response.ok) throw errorOf(response.status, text);
  return supportAttachmentSchema.parse(JSON.parse(text));
}

import type { z } from 'zod';
import { type ApiRequest, ApiError, apiErrorOfBody, currentAccessToken, withQuery } from './api-client.ts';

/**
 * The one uploader of the web app (task attachments, support attachments, evidence): a file as the
 * raw request body (its media type as Content-Type) or a multipart form, to our own origin with the
 * signed-in user's token, answered like `apiFetch` (an `ApiError` with the server's code, message and
 * field issues; the answer checked with `schema`). Kept out of api-client.ts so that pages which
 * upload nothing do not carry it.
 */
export interface UploadRequest<T> {
  body: File | FormData;
  query?: ApiRequest<T>['query'];
  schema: z.ZodType<T>;
  signal?: AbortSignal;
  /** Reports how much has been sent, 0 to 1 (through XMLHttpRequest: fetch cannot report an upload's progress). */
  onProgress?: (fraction: number) => void;
  /** What a 413 without the app's error body says (a proxy in front refused the size). */
  tooLargeMessage: string;
  /** A multipart form's JSON part holding the form's fields: issues name the field without it (`fields.title` → `title`). */
  fieldsPart?: string;
}

interface Answer {
  status: number;
  text: string;
}

const NETWORK_FAILURE = 'Could not reach the server. Check your connection and try again.';

function withProgress(url: string, headers: Record<string, string>, body: File | FormData, request: UploadRequest<unknown>) {
  return new Promise<Answer>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', NETWORK_FAILURE));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    request.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}

async function withFetch(url: string, headers: Record<string, string>, body: File | FormData, signal: AbortSignal | undefined) {
  try {
    const response = await fetch(url, { method: 'POST', headers, body, signal });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_FAILURE);
  }
}

function errorOf({ status, text }: Answer, request: UploadRequest<unknown>): ApiError {
  let error: ApiError | null = null;
  try {
    error = apiErrorOfBody(status, JSON.parse(text));
  } catch {
    // not JSON: a generic message below
  }
  if (error && request.fieldsPart) {
    const prefix = `${request.fieldsPart}.`;
    const issues = error.issues.map((issue) => ({
      ...issue,
      path: issue.path.startsWith(prefix) ? issue.path.slice(prefix.length) : issue.path,
    }));
    return new ApiError(error.status, error.code, error.message, issues);
  }
  if (error) return error;
  if (status === 413) return new ApiError(status, 'PAYLOAD_TOO_LARGE', request.tooLargeMessage);
  return new ApiError(status, status >= 500 ? 'INTERNAL' : 'BAD_REQUEST', `The upload failed (${status}).`);
}

export async function apiUpload<T>(path: string, request: UploadRequest<T>): Promise<T> {
  const token = await currentAccessToken();
  const headers: Record<string, string> = { accept: 'application/json' };
  // A multipart body's Content-Type (with its boundary) is the browser's to write.
  if (request.body instanceof File) headers['content-type'] = request.body.type || 'application/octet-stream';
  if (token) headers.authorization = `Bearer ${token}`;
  const url = withQuery(path, request.query);
  const answer = request.onProgress
    ? await withProgress(url, headers, request.body, request)
    : await withFetch(url, headers, request.body, request.signal);
  if (answer.status < 200 || answer.status >= 300) throw errorOf(answer, request);
  let uploaded: T;
  try {
    uploaded = request.schema.parse(JSON.parse(answer.text));
  } catch {
    throw new ApiError(answer.status, 'INTERNAL', 'The server’s answer to the upload was not understood.');
  }
  request.onProgress?.(1);
  return uploaded;
}

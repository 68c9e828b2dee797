import type { z } from 'zod';
import { type ErrorBody, type ErrorCode, isErrorCode } from '../../shared/errors.ts';

/**
 * The one HTTP client for our own origin. No hidden side effects: it never toasts or redirects;
 * callers decide what a failure means. Errors carry the server's machine-readable code.
 */

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK_ERROR';
  /** Field problems, each at its path in the request body as a form names it (`company.name`). */
  readonly issues: { path: string; message: string }[];

  constructor(status: number, code: ApiError['code'], message: string, issues: ApiError['issues'] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

type TokenProvider = () => Promise<string | null>;
let accessTokenProvider: TokenProvider = async () => null;

/** The auth layer registers how to get the current access token (or the anonymous key). */
export function setAccessTokenProvider(provider: TokenProvider): void {
  accessTokenProvider = provider;
}

/** The current access token, for the one request apiFetch cannot make: an upload (lib/api-upload.ts). */
export function currentAccessToken(): Promise<string | null> {
  return accessTokenProvider();
}

export interface ApiRequest<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Validates the response; without it the JSON is returned as `T` unchecked. */
  schema?: z.ZodType<T>;
  /** Overrides the registered token (e.g. the anonymous key). `null` sends no Authorization. */
  token?: string | null;
  signal?: AbortSignal;
  /** Extra request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
}

export function withQuery(path: string, query: ApiRequest<unknown>['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The server names where a problem is (`body.company.name`); a form knows the field as `company.name`. */
function toFieldIssue(issue: { path: string; message: string }): ApiError['issues'][number] {
  return { path: issue.path.replace(/^body\./, ''), message: issue.message };
}

/** The ApiError an answer's body describes (the app's error body), or null when it is not one. */
export function apiErrorOfBody(status: number, body: unknown): ApiError | null {
  const error = (body as Partial<ErrorBody> | null)?.error;
  if (!error || !isErrorCode(error.code)) return null;
  return new ApiError(status, error.code, error.message, (error.issues ?? []).map(toFieldIssue));
}

async function toApiError(response: Response): Promise<ApiError> {
  try {
    const error = apiErrorOfBody(response.status, await response.json());
    if (error) return error;
  } catch {
    // not JSON: fall through to a generic error
  }
  return new ApiError(response.status, response.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST', `Request failed: ${response.status}`);
}

export async function apiFetch<T>(path: string, request: ApiRequest<T> = {}): Promise<T> {
  const token = request.token === undefined ? await accessTokenProvider() : request.token;
  const headers: Record<string, string> = { ...request.headers, accept: 'application/json' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(withQuery(path, request.query), {
      method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server. Check your connection and try again.');
  }
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const json: unknown = await response.json();
  return request.schema ? request.schema.parse(json) : (json as T);
}

/**
 * The query cache's retry rule: a refusal (4xx) is an answer, not a hiccup, so it is never asked again
 * (a repeated 403 would log a second PRIVILEGE_ESCALATION for nothing); network and server errors
 * are retried up to `maxRetries` times.
 */
export function retryUnlessRefused(maxRetries: number): (failureCount: number, error: unknown) => boolean {
  return (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < maxRetries;
}

/**
 * A file from our API (a download that needs the Authorization header, so a plain link cannot fetch
 * it): the bytes and the file name the server gave in Content-Disposition.
 */
export async function apiDownload(
  path: string,
  request: Pick<ApiRequest<unknown>, 'query' | 'signal'> = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const token = await accessTokenProvider();
  let response: Response;
  try {
    response = await fetch(withQuery(path, request.query), {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server. Check your connection and try again.');
  }
  if (!response.ok) throw await toApiError(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="([^"]+)"/i.exec(disposition)?.[1];
  return { blob: await response.blob(), fileName: encoded ? decodeURIComponent(encoded) : (plain ?? null) };
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, retryUnlessRefused, setAccessTokenProvider } from './api-client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenProvider(async () => null);
});

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiFetch', () => {
  it('sends JSON with the registered bearer token and a query string', async () => {
    const fetchMock = stubFetch(200, { ok: true });
    setAccessTokenProvider(async () => 'token-123');
    expect(await apiFetch('/api/v1/things', { body: { a: 1 }, query: { q: 'soc 2', limit: 5, skip: undefined } })).toEqual({
      ok: true,
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/things?q=soc+2&limit=5');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer token-123');
  });

  it('turns an error body into an ApiError with its code', async () => {
    stubFetch(422, {
      error: { code: 'VALIDATION_FAILED', message: 'Email is required', issues: [{ path: 'email', message: 'Required' }] },
    });
    const error = await apiFetch('/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'VALIDATION_FAILED', message: 'Email is required' });
  });

  it('names each field issue as the form does, without the body. prefix', async () => {
    stubFetch(400, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'The request is not valid.',
        issues: [
          { path: 'body.company.name', message: 'Required' },
          { path: 'body', message: 'Expected an object' },
          { path: 'querystring.limit', message: 'Too big' },
        ],
      },
    });
    const error = await apiFetch('/x').catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      issues: [
        { path: 'company.name', message: 'Required' },
        { path: 'body', message: 'Expected an object' },
        { path: 'querystring.limit', message: 'Too big' },
      ],
    });
  });

  it('reports a network failure as NETWORK_ERROR', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiFetch('/x')).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });
});

describe('retryUnlessRefused', () => {
  const retry = retryUnlessRefused(1);

  it('never asks again after a refusal (a repeated 403 would log another security event)', () => {
    expect(retry(0, new ApiError(403, 'FORBIDDEN', 'no'))).toBe(false);
    expect(retry(0, new ApiError(404, 'NOT_FOUND', 'no'))).toBe(false);
  });

  it('retries network and server errors up to the limit', () => {
    expect(retry(0, new ApiError(0, 'NETWORK_ERROR', 'offline'))).toBe(true);
    expect(retry(0, new ApiError(503, 'INTERNAL', 'down'))).toBe(true);
    expect(retry(1, new ApiError(503, 'INTERNAL', 'down'))).toBe(false);
    expect(retry(0, new Error('parse'))).toBe(true);
  });
});

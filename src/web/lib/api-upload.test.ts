import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, setAccessTokenProvider } from './api-client.ts';
import { apiUpload } from './api-upload.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenProvider(async () => null);
});

const uploadedSchema = z.object({ id: z.string() });
const file = new File(['a,b\n1,2\n'], 'list.csv', { type: 'text/csv' });

function stubFetch(status: number, body: string) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(body, { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiUpload', () => {
  it('sends a file as the raw body with its media type, the query and the token', async () => {
    const fetchMock = stubFetch(201, JSON.stringify({ id: 'f1' }));
    setAccessTokenProvider(async () => 'token-1');
    const uploaded = await apiUpload('/api/v1/things', {
      body: file,
      query: { fileName: 'list.csv' },
      schema: uploadedSchema,
      tooLargeMessage: 'Too large',
    });
    expect(uploaded).toEqual({ id: 'f1' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/things?fileName=list.csv');
    expect(init.body).toBe(file);
    expect(init.headers).toEqual({ accept: 'application/json', 'content-type': 'text/csv', authorization: 'Bearer token-1' });
  });

  it('leaves a multipart body’s Content-Type to the browser and names its fields part’s issues as the form does', async () => {
    const fetchMock = stubFetch(
      400,
      JSON.stringify({
        error: { code: 'VALIDATION_FAILED', message: 'Invalid', issues: [{ path: 'body.fields.title', message: 'Name it' }] },
      }),
    );
    const form = new FormData();
    form.append('file', file);
    const error = await apiUpload('/api/v1/evidence', {
      body: form,
      schema: uploadedSchema,
      tooLargeMessage: 'Too large',
      fieldsPart: 'fields',
    }).catch((caught: unknown) => caught);
    expect(fetchMock.mock.calls[0]![1].headers).toEqual({ accept: 'application/json' });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', issues: [{ path: 'title', message: 'Name it' }] });
  });

  it('says what a bare 413 means, and that an answer it cannot read was not understood', async () => {
    stubFetch(413, '<html>Request Entity Too Large</html>');
    await expect(apiUpload('/x', { body: file, schema: uploadedSchema, tooLargeMessage: 'Too large to attach' })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Too large to attach',
    });
    stubFetch(201, JSON.stringify({ nope: true }));
    await expect(apiUpload('/x', { body: file, schema: uploadedSchema, tooLargeMessage: '' })).rejects.toMatchObject({
      code: 'INTERNAL',
      message: 'The server’s answer to the upload was not understood.',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiUpload('/x', { body: file, schema: uploadedSchema, tooLargeMessage: '' })).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
    });
  });

  it('reports progress through XMLHttpRequest when asked, ending at 1', async () => {
    const sent: { url?: string; headers: Record<string, string>; body?: unknown } = { headers: {} };
    class FakeXhr {
      upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
      status = 0;
      responseText = '';
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      open(_method: string, url: string) {
        sent.url = url;
      }
      setRequestHeader(name: string, value: string) {
        sent.headers[name] = value;
      }
      abort() {}
      send(body: unknown) {
        sent.body = body;
        this.upload.onprogress?.({ lengthComputable: true, loaded: 4, total: 8 });
        this.status = 201;
        this.responseText = JSON.stringify({ id: 'f2' });
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const uploaded = await apiUpload('/api/v1/task-attachments', {
      body: file,
      query: { fileName: 'list.csv' },
      schema: uploadedSchema,
      onProgress: (fraction) => progress.push(fraction),
      tooLargeMessage: '',
    });
    expect(uploaded).toEqual({ id: 'f2' });
    expect(progress).toEqual([0.5, 1]);
    expect(sent).toEqual({
      url: '/api/v1/task-attachments?fileName=list.csv',
      headers: { accept: 'application/json', 'content-type': 'text/csv' },
      body: file,
    });
  });
});

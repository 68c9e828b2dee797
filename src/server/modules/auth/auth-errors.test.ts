import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GoTrueAdminApi } from '@supabase/auth-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAuthServer, serviceRoleToken, startAuthServer } from '../../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { FALLBACK_FILE } from '../web/page-store.ts';

// Every /auth/v1 error in GoTrue's shape, as the pinned auth-js reads it (auth-wire.md §1.6, §1.7),
// with the web app served next to the API as in production.
let database: TestDatabase;
let server: RunningAuthServer;
let webDir: string;
let admin: GoTrueAdminApi;
beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-auth-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, FALLBACK_FILE), '<!DOCTYPE html><html><head></head><body>Loading</body></html>');
  database = await createTestDatabase();
  server = await startAuthServer(database, {}, { webDir });
  admin = new GoTrueAdminApi({ url: `${server.origin}/auth/v1`, headers: { Authorization: `Bearer ${serviceRoleToken(server.app)}` } });
});
afterAll(async () => {
  await server.app.close();
  await database.dispose();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('unknown routes under /auth/v1', () => {
  it('answer GET and POST alike in GoTrue’s shape, so auth-js sees the code', async () => {
    // Routes the pinned client knows and we do not offer (the OAuth 2.1 server).
    const listed = await admin.oauth.listClients();
    expect(listed.error).toMatchObject({ name: 'AuthApiError', status: 404, code: 'not_found' });
    expect(listed.error?.message).toBe('No API route for GET /auth/v1/admin/oauth/clients');
    const created = await admin.oauth.createClient({ client_name: 'x', redirect_uris: ['https://example.com/cb'] });
    expect(created.error).toMatchObject({ name: 'AuthApiError', status: 404, code: 'not_found' });
  });

  it('answer every method, with and without the API version header, in GoTrue’s two shapes', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const versioned = await server.app.inject({
        method,
        url: '/auth/v1/nowhere?x=1',
        headers: { 'x-supabase-api-version': '2024-01-01' },
      });
      expect([method, versioned.statusCode, versioned.headers['x-sb-error-code']]).toEqual([method, 404, 'not_found']);
      expect(versioned.json()).toEqual({
        code: 'not_found',
        error_code: 'not_found',
        message: `No API route for ${method} /auth/v1/nowhere`,
      });
      const legacy = await server.app.inject({ method, url: '/auth/v1/admin/nowhere' });
      expect(legacy.json()).toEqual({ code: 404, error_code: 'not_found', msg: `No API route for ${method} /auth/v1/admin/nowhere` });
    }
  });

  it('leaves the web app’s pages and the app’s own API envelope alone', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/no-such-page' });
    expect([page.statusCode, page.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
    const api = await server.app.inject({ method: 'GET', url: '/api/v1/nowhere' });
    expect(api.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

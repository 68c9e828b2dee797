import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, serviceRoleToken } from '../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/test-database.ts';
import { buildApp } from '../app.ts';
import { requireUser } from './authenticate.ts';

let database: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database });
  app.get('/api/v1/test-whoami', async (request) => ({ auth: request.auth && { ...request.auth, claims: undefined } }));
  app.get('/api/v1/test-private', async (request) => ({ userId: requireUser(request).userId }));
});
afterAll(async () => {
  await app.close();
  await database.dispose();
});

const whoami = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/api/v1/test-whoami', headers });

describe('registerAuthentication', () => {
  it('leaves request.auth null without a token', async () => {
    const response = await whoami();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ auth: null });
  });

  it('reads a user token from Authorization (any bearer case)', async () => {
    const user = await createTestUser(app);
    const response = await whoami({ authorization: `bearer ${user.accessToken}` });
    expect(response.json()).toEqual({
      auth: { userId: user.userId, email: user.email, role: 'authenticated', aal: 'aal1', sessionId: expect.any(String) },
    });
  });

  it('reads the anon key from the apikey header and the service-role key from Authorization', async () => {
    expect((await whoami({ apikey: app.authKeys.anonKey })).json()).toEqual({
      auth: { userId: '', email: null, role: 'anon', aal: 'aal1', sessionId: null },
    });
    expect((await whoami({ authorization: `Bearer ${serviceRoleToken(app)}` })).json()).toMatchObject({ auth: { role: 'service_role' } });
  });

  it('answers 401 UNAUTHENTICATED for a tampered token and for a signed-out session', async () => {
    const user = await createTestUser(app);
    const tampered = await whoami({ authorization: `Bearer ${user.accessToken.slice(0, -4)}AAAA` });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    await app.inject({ method: 'POST', url: '/auth/v1/logout', headers: { authorization: `Bearer ${user.accessToken}` } });
    const ended = await whoami({ authorization: `Bearer ${user.accessToken}` });
    expect(ended.statusCode).toBe(401);
  });

  it('requireUser refuses the anon key with 401 and accepts a user', async () => {
    const anon = await app.inject({ method: 'GET', url: '/api/v1/test-private', headers: { authorization: `Bearer ${app.authKeys.anonKey}` } });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED', message: 'Sign in to continue.' } });
    const user = await createTestUser(app);
    const ok = await app.inject({ method: 'GET', url: '/api/v1/test-private', headers: { authorization: `Bearer ${user.accessToken}` } });
    expect(ok.json()).toEqual({ userId: user.userId });
  });
});

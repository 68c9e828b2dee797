import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT, decodeJwt, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, serviceRoleToken } from '../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/test-database.ts';
import { buildApp } from '../app.ts';
import { authSigningKeys } from '../db/schema/auth.ts';
import { requireUser } from './authenticate.ts';

let database: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database });
  app.get('/api/v1/test-whoami', { config: { access: 'public' }, schema: { hide: true } }, async (request) => ({
    auth: request.auth && { ...request.auth, claims: undefined },
  }));
  app.get('/api/v1/test-private', { config: { access: 'public' }, schema: { hide: true } }, async (request) => ({
    userId: requireUser(request).userId,
  }));
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
    const anon = await app.inject({
      method: 'GET',
      url: '/api/v1/test-private',
      headers: { authorization: `Bearer ${app.authKeys.anonKey}` },
    });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED', message: 'Sign in to continue.' } });
    const user = await createTestUser(app);
    const ok = await app.inject({ method: 'GET', url: '/api/v1/test-private', headers: { authorization: `Bearer ${user.accessToken}` } });
    expect(ok.json()).toEqual({ userId: user.userId });
  });
});

describe('tokens without an expiry', () => {
  it('are refused, even when correctly signed with our current key', async () => {
    const user = await createTestUser(app);
    const [current] = await database.db.select().from(authSigningKeys).where(eq(authSigningKeys.status, 'current'));
    if (!current?.privateJwk.startsWith('plain:')) throw new Error('expected the test key unsealed (no AUTH_SECRET)');
    const privateKey = await importJWK(JSON.parse(current.privateJwk.slice('plain:'.length)) as Record<string, unknown>, 'ES256');
    const { exp: _exp, iat: _iat, iss: _iss, ...claims } = decodeJwt(user.accessToken);
    const sign = (withExpiry: boolean) => {
      const jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: current.kid })
        .setIssuer(app.authKeys.issuer)
        .setIssuedAt();
      return (withExpiry ? jwt.setExpirationTime('1h') : jwt).sign(privateKey);
    };
    // The same forgery with an expiry is accepted, so the refusal is about `exp` alone.
    const withExpiry = await app.inject({
      method: 'GET',
      url: '/api/v1/test-private',
      headers: { authorization: `Bearer ${await sign(true)}` },
    });
    expect(withExpiry.statusCode).toBe(200);
    const forever = await app.inject({
      method: 'GET',
      url: '/api/v1/test-private',
      headers: { authorization: `Bearer ${await sign(false)}` },
    });
    expect(forever.statusCode).toBe(401);
  });
});

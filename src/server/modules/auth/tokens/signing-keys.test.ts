import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { authSigningKeys } from '../../../db/schema/auth.ts';
import { createTestUser, serviceRoleToken } from '../../../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/test-database.ts';
import { buildApp } from '../../../app.ts';
import { goTrueSessionSchema } from '../../../../../tests/gotrue-bodies.ts';
import { readJson } from '../../../../../tests/read-response.ts';
import { publicConfigSchema } from '../../../../shared/schemas/auth.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

describe('signing keys and public config', () => {
  it('creates an ES256 key on first start and publishes only its public part', async () => {
    const app = await buildApp({ database });
    onTestFinished(() => app.close());
    const response = await app.inject({ method: 'GET', url: '/auth/v1/.well-known/jwks.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=600');
    const { keys } = response.json() as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', key_ops: ['verify'] });
    expect(keys[0]).not.toHaveProperty('d');
    expect(keys[0]).not.toHaveProperty('ext');
  });

  it('serves the anon key and the providers at /api/v1/public-config', async () => {
    const app = await buildApp({ database });
    onTestFinished(() => app.close());
    const response = await app.inject({ method: 'GET', url: '/api/v1/public-config' });
    expect(response.statusCode).toBe(200);
    const body = readJson(response, publicConfigSchema);
    expect(body.providers).toEqual({ google: false });
    const claims = await app.authKeys.verify(body.anonKey);
    expect(claims.role).toBe('anon');
  });

  it('creates a test user through the admin API and the password grant', async () => {
    const app = await buildApp({ database });
    onTestFinished(() => app.close());
    const user = await createTestUser(app, { email: 'Helper@Example.com' });
    expect(user.email).toBe('helper@example.com');
    const claims = await app.authKeys.verify(user.accessToken);
    expect(claims).toMatchObject({ sub: user.userId, role: 'authenticated', aal: 'aal1', email: 'helper@example.com' });
    expect(serviceRoleToken(app)).not.toBe(app.authKeys.anonKey);
  });
});

describe('key rotation', () => {
  it('signs with the new key while tokens of the old one keep working and stay published', async () => {
    const app = await buildApp({ database });
    onTestFinished(() => app.close());
    const before = await createTestUser(app);
    const oldKid = (JSON.parse(Buffer.from(before.accessToken.split('.')[0] ?? '', 'base64url').toString()) as { kid: string }).kid;
    const rotated = await app.inject({
      method: 'POST',
      url: '/auth/v1/admin/signing-keys/rotate',
      headers: { authorization: `Bearer ${serviceRoleToken(app)}` },
    });
    expect(rotated.statusCode).toBe(200);
    const newKid = (rotated.json() as { kid: string }).kid;
    expect(newKid).not.toBe(oldKid);

    const jwks = (await app.inject({ method: 'GET', url: '/auth/v1/.well-known/jwks.json' })).json() as { keys: { kid: string }[] };
    expect(jwks.keys.map((key) => key.kid)).toEqual(expect.arrayContaining([oldKid, newKid]));
    const me = await app.inject({ method: 'GET', url: '/auth/v1/user', headers: { authorization: `Bearer ${before.accessToken}` } });
    expect(me.statusCode).toBe(200);
    const refreshed = await app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: before.refreshToken },
    });
    const token = readJson(refreshed, goTrueSessionSchema).access_token;
    expect((JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()) as { kid: string }).kid).toBe(newKid);

    // Another process (a second app on the same database) learns the new key from the database.
    const second = await buildApp({ database });
    onTestFinished(() => second.close());
    expect((await second.authKeys.verify(token)).sub).toBe(before.userId);
    expect((await second.authKeys.verify(before.accessToken)).sub).toBe(before.userId);
    expect((await second.authKeys.verify(second.authKeys.anonKey)).role).toBe('anon');
  });
  it('takes rotations requested at once one after another: every one answers, one key signs afterwards', async () => {
    const app = await buildApp({ database });
    onTestFinished(() => app.close());
    const headers = { authorization: `Bearer ${serviceRoleToken(app)}` };
    const rotations = await Promise.all(
      Array.from({ length: 40 }, () => app.inject({ method: 'POST', url: '/auth/v1/admin/signing-keys/rotate', headers })),
    );
    expect(rotations.map((response) => response.statusCode)).toEqual(rotations.map(() => 200));
    const current = await database.db.select().from(authSigningKeys).where(eq(authSigningKeys.status, 'current'));
    expect(current).toHaveLength(1);
    // The key the last of them reloaded is the one that signs, and what it signs verifies.
    const after = await createTestUser(app);
    expect((JSON.parse(Buffer.from(after.accessToken.split('.')[0] ?? '', 'base64url').toString()) as { kid: string }).kid).toBe(
      current[0]?.kid,
    );
  });
});

describe('a token checked once (the per-process cache of checked tokens)', () => {
  it('is refused once it expires, and once its key is withdrawn, though it was accepted before', async () => {
    const app = await buildApp({ database });
    onTestFinished(() => app.close());
    const user = await createTestUser(app);
    const kid = (JSON.parse(Buffer.from(user.accessToken.split('.')[0] ?? '', 'base64url').toString()) as { kid: string }).kid;
    expect((await app.authKeys.verify(user.accessToken)).sub).toBe(user.userId);
    // The claims handed out are a copy: a caller changing them changes nothing for the next request.
    const claims = await app.authKeys.verify(user.accessToken);
    claims.sub = 'someone-else';
    expect((await app.authKeys.verify(user.accessToken)).sub).toBe(user.userId);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 3_600_000 });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    await expect(app.authKeys.verify(user.accessToken)).rejects.toThrow(/exp/);
    vi.useRealTimers();

    const fresh = await createTestUser(app);
    expect((await app.authKeys.verify(fresh.accessToken)).sub).toBe(fresh.userId);
    // Withdraw the signing key: retired long enough ago that it is no longer published.
    await database.db
      .update(authSigningKeys)
      .set({ status: 'retired', retiredAt: new Date(0) })
      .where(eq(authSigningKeys.kid, kid));
    await app.authKeys.rotate();
    await expect(app.authKeys.verify(fresh.accessToken)).rejects.toThrow();
  });
});

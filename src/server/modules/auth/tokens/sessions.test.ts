import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type RunningAuthServer, createTestUser, memoryStorage, startAuthServer } from '../../../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/test-database.ts';

let database: TestDatabase;
let server: RunningAuthServer;
beforeAll(async () => {
  database = await createTestDatabase();
  server = await startAuthServer(database);
});
afterAll(async () => {
  await server.app.close();
  await database.dispose();
});

async function signedInClient(target: RunningAuthServer, user: { email: string; password: string }) {
  const client = target.client();
  const { data, error } = await client.signInWithPassword({ email: user.email, password: user.password });
  expect(error).toBeNull();
  return { client, session: data.session! };
}

async function rawRefresh(target: RunningAuthServer, refreshToken: string) {
  const response = await fetch(`${target.origin}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('refresh tokens', () => {
  it('rotates on every refresh and keeps the session and its claims', async () => {
    const user = await createTestUser(server.app);
    const { client, session } = await signedInClient(server, user);
    const { data, error } = await client.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(data.session?.refresh_token.length).toBeGreaterThanOrEqual(43);
    const before = await server.app.authKeys.verify(session.access_token);
    const after = await server.app.authKeys.verify(data.session?.access_token ?? '');
    expect(after.session_id).toBe(before.session_id);
  });

  it('lets a second tab reuse the just-rotated token inside the reuse window', async () => {
    const user = await createTestUser(server.app);
    const { session } = await signedInClient(server, user);
    const [first, second] = await Promise.all([rawRefresh(server, session.refresh_token), rawRefresh(server, session.refresh_token)]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(second.body.refresh_token);
  });

  it('revokes the whole family when a revoked token is reused after the window', async () => {
    const strict = await startAuthServer(database, { AUTH_REFRESH_TOKEN_REUSE_INTERVAL_SECONDS: '0' });
    onTestFinished(() => strict.app.close());
    const user = await createTestUser(strict.app);
    const { session } = await signedInClient(strict, user);
    const rotated = await rawRefresh(strict, session.refresh_token);
    expect(rotated.status).toBe(200);
    const newest = await rawRefresh(strict, String(rotated.body.refresh_token));
    expect(newest.status).toBe(200);

    // An attacker replays the first token: it is not the parent of the active one any more.
    const client = strict.client();
    const replay = await client.refreshSession({ refresh_token: session.refresh_token });
    expect(replay.error).toMatchObject({ status: 400, code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });

    // The legitimate holder of the newest token is signed out too: the family is gone.
    const legit = await rawRefresh(strict, String(newest.body.refresh_token));
    expect(legit.status).toBe(400);
    expect(legit.body.code).toBe('refresh_token_not_found');
    const api = await fetch(`${strict.origin}/auth/v1/user`, { headers: { authorization: `Bearer ${String(newest.body.access_token)}` } });
    expect(api.status).toBe(403);
  });

  it('hands out a fresh token when the client lost our last answer (parent of the active token)', async () => {
    const strict = await startAuthServer(database, { AUTH_REFRESH_TOKEN_REUSE_INTERVAL_SECONDS: '0' });
    onTestFinished(() => strict.app.close());
    const user = await createTestUser(strict.app);
    const { session } = await signedInClient(strict, user);
    const lost = await rawRefresh(strict, session.refresh_token);
    expect(lost.status).toBe(200);
    const retried = await rawRefresh(strict, session.refresh_token);
    expect(retried.status).toBe(200);
    const stale = await rawRefresh(strict, String(lost.body.refresh_token));
    expect(stale.body.code).toBe('refresh_token_already_used');
  });

  it('answers an unknown refresh token with refresh_token_not_found (400, never 5xx)', async () => {
    const { status, body } = await rawRefresh(server, 'x'.repeat(43));
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' });
  });
});

describe('sign-out scopes', () => {
  it('local ends only this session, others ends the rest, global ends all', async () => {
    const user = await createTestUser(server.app);
    const a = await signedInClient(server, user);
    const b = await signedInClient(server, user);
    const c = await signedInClient(server, user);
    const d = await signedInClient(server, user);

    expect((await a.client.signOut({ scope: 'local' })).error).toBeNull();
    expect((await a.client.getSession()).data.session).toBeNull();
    expect((await server.client().refreshSession({ refresh_token: a.session.refresh_token })).error).toMatchObject({
      status: 400,
      code: 'refresh_token_not_found',
    });
    expect((await b.client.getUser()).data.user?.id).toBe(user.userId);

    expect((await b.client.signOut({ scope: 'others' })).error).toBeNull();
    expect((await b.client.getUser()).data.user?.id).toBe(user.userId);
    const cUser = await c.client.getUser();
    expect(cUser.error?.name).toBe('AuthSessionMissingError');

    const e = await signedInClient(server, user);
    expect((await e.client.signOut()).error).toBeNull();
    expect((await b.client.getUser()).error?.name).toBe('AuthSessionMissingError');
    expect((await d.client.getUser()).error?.name).toBe('AuthSessionMissingError');
  });

  it('accepts the empty JSON body auth-js sends and answers 204', async () => {
    const user = await createTestUser(server.app);
    const response = await fetch(`${server.origin}/auth/v1/logout?scope=local`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/json;charset=UTF-8' },
    });
    expect(response.status).toBe(204);
  });
});

describe('access tokens and getClaims', () => {
  it('verifies a real token locally against the JWKS and rejects a tampered one', async () => {
    const user = await createTestUser(server.app);
    const { client } = await signedInClient(server, user);
    const { data, error } = await client.getClaims();
    expect(error).toBeNull();
    expect(data?.header).toMatchObject({ alg: 'ES256', typ: 'JWT', kid: expect.any(String) });
    expect(data?.claims).toMatchObject({
      iss: server.app.authKeys.issuer,
      sub: user.userId,
      aud: 'authenticated',
      email: user.email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      session_id: expect.any(String),
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
    });
    expect(data!.claims.exp - data!.claims.iat).toBe(3600);

    const [header, payload, signature] = user.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'service_role' })).toString('base64url');
    const tampered = await server.client().getClaims(`${header}.${forged}.${signature}`);
    expect(tampered.data).toBeNull();
    expect(tampered.error).toMatchObject({ name: 'AuthInvalidJwtError', message: 'Invalid JWT signature', status: 400 });

    const rejected = await fetch(`${server.origin}/auth/v1/user`, {
      headers: { authorization: `Bearer ${header}.${forged}.${signature}` },
    });
    expect(rejected.status).toBe(403);
    expect(await rejected.json()).toMatchObject({ code: 403, error_code: 'bad_jwt' });
  });

  it('answers a missing bearer with 401 no_authorization in the legacy shape and the versioned shape', async () => {
    const legacy = await fetch(`${server.origin}/auth/v1/user`);
    expect(legacy.status).toBe(401);
    expect(legacy.headers.get('x-sb-error-code')).toBe('no_authorization');
    expect(await legacy.json()).toEqual({ code: 401, error_code: 'no_authorization', msg: 'This endpoint requires a valid Bearer token' });
    const versioned = await fetch(`${server.origin}/auth/v1/user`, { headers: { 'x-supabase-api-version': '2024-01-01' } });
    expect(versioned.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await versioned.json()).toMatchObject({ code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' });
  });
});

describe('rate limits', () => {
  it('answers 429 over_request_rate_limit, and a proactive refresh that hits it keeps the session', async () => {
    const limited = await startAuthServer(database, { AUTH_RATE_LIMIT_TOKEN: '2' });
    onTestFinished(() => limited.app.close());
    const user = await createTestUser(limited.app); // first /token request
    const storage = memoryStorage();
    const client = limited.client({ storage });
    const signedIn = await client.signInWithPassword({ email: user.email, password: user.password });
    expect(signedIn.error).toBeNull();
    const over = await client.refreshSession();
    expect(over.error).toMatchObject({ status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    // The access token is still valid, so auth-js keeps the user signed in (auth-wire.md §1.8).
    expect((await client.getSession()).data.session?.user.id).toBe(user.userId);
    const raw = await fetch(`${limited.origin}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(raw.status).toBe(429);
    expect(raw.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await raw.json()).toMatchObject({ code: 429, error_code: 'over_request_rate_limit' });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAuthServer, createTestUser, startAuthServer } from '../../../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/test-database.ts';
import { authSessions } from '../../../db/schema/auth.ts';

// auth-js `reauthenticate()` and `updateUser({ password, nonce })` with AUTH_SECURE_PASSWORD_CHANGE
// (GoTrue's secure password change), through the pinned client.
let database: TestDatabase;
let secure: RunningAuthServer;
beforeAll(async () => {
  database = await createTestDatabase();
  secure = await startAuthServer(database, { AUTH_SECURE_PASSWORD_CHANGE: '1', AUTH_EMAIL_MIN_INTERVAL_SECONDS: '60' });
});
afterAll(async () => {
  await secure.app.close();
  await database.dispose();
});

async function signedIn(server: RunningAuthServer) {
  const user = await createTestUser(server.app);
  const client = server.client();
  await client.signInWithPassword({ email: user.email, password: user.password });
  return { user, client, sessionId: String((await client.getClaims()).data?.claims.session_id) };
}

/** Makes the session look two days old: no longer a recent sign-in. */
async function age(sessionId: string) {
  await database.db
    .update(authSessions)
    .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
    .where(eq(authSessions.id, sessionId));
}

async function nonceFrom(server: RunningAuthServer, email: string): Promise<string> {
  const mail = await server.latestMail(email);
  expect(mail.subject).toBe('Your ComplianceCore confirmation code');
  return /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
}

describe('secure password change', () => {
  it('needs a nonce once the session is older than a day; the e-mailed nonce works once', async () => {
    const { user, client, sessionId } = await signedIn(secure);
    await age(sessionId);
    const refused = await client.updateUser({ password: 'Fresh-Granite-Orchard-61' });
    expect(refused.error).toMatchObject({
      status: 400,
      code: 'reauthentication_needed',
      message: 'Password update requires reauthentication',
    });

    const sent = await client.reauthenticate();
    expect(sent.error).toBeNull();
    const nonce = await nonceFrom(secure, user.email);
    const tooSoon = await client.reauthenticate();
    expect(tooSoon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });

    const wrong = await client.updateUser({ password: 'Fresh-Granite-Orchard-61', nonce: nonce === '000000' ? '111111' : '000000' });
    expect(wrong.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid', message: 'Nonce has expired or is invalid' });
    const weak = await client.updateUser({ password: 'short', nonce });
    expect(weak.error).toMatchObject({ code: 'weak_password' });
    const changed = await client.updateUser({ password: 'Fresh-Granite-Orchard-61', nonce });
    expect(changed.error).toBeNull();
    const reused = await client.updateUser({ password: 'Second-Granite-Orchard-62', nonce });
    expect(reused.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });

    expect((await secure.client().signInWithPassword({ email: user.email, password: 'Fresh-Granite-Orchard-61' })).error).toBeNull();
  });

  it('lets a recent sign-in (or a recovery link’s session) change the password without a nonce, as GoTrue does', async () => {
    const { user, client } = await signedIn(secure);
    expect((await client.updateUser({ password: 'Recent-Granite-Orchard-63' })).error).toBeNull();
    expect((await secure.client().signInWithPassword({ email: user.email, password: 'Recent-Granite-Orchard-63' })).error).toBeNull();
  });

  it('never asks for a nonce for other changes', async () => {
    const { client, sessionId } = await signedIn(secure);
    await age(sessionId);
    expect((await client.updateUser({ data: { theme: 'dark' } })).error).toBeNull();
  });
});

describe('without AUTH_SECURE_PASSWORD_CHANGE (the default)', () => {
  it('changes the password from an old session without a nonce, and reauthenticate() still mails one', async () => {
    const plain = await startAuthServer(database);
    try {
      const { user, client, sessionId } = await signedIn(plain);
      await age(sessionId);
      expect((await client.reauthenticate()).error).toBeNull();
      expect(await nonceFrom(plain, user.email)).toMatch(/^\d{6}$/);
      expect((await client.updateUser({ password: 'Plain-Granite-Orchard-64' })).error).toBeNull();
    } finally {
      await plain.app.close();
    }
  });

  it('refuses reauthenticate() without a bearer token (401 no_authorization)', async () => {
    const response = await secure.app.inject({ method: 'GET', url: '/auth/v1/reauthenticate' });
    expect([response.statusCode, response.headers['x-sb-error-code']]).toEqual([401, 'no_authorization']);
  });
});

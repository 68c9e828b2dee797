import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAuthServer, startAuthServer } from '../../../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/test-database.ts';
import { buildApp } from '../../../app.ts';
import { parseEnv } from '../../../env.ts';
import { listMailbox } from '../../../platform/mail/mail.service.ts';

// AUTH_MAILER_AUTOCONFIRM (GoTrue's MAILER_AUTOCONFIRM, auth-wire.md §2.1), as the upstream
// auth-js suite runs against it, through the pinned client.
let database: TestDatabase;
let server: RunningAuthServer;
beforeAll(async () => {
  database = await createTestDatabase();
  server = await startAuthServer(database, { AUTH_MAILER_AUTOCONFIRM: '1' });
});
afterAll(async () => {
  await server.app.close();
  await database.dispose();
});

const strong = 'Tidal-Granite-Orchard-42';

describe('mailer autoconfirm on', () => {
  it('signs up with a session at once: the user is confirmed, no mail is sent, and the password works', async () => {
    const client = server.client();
    const email = 'auto.confirmed@example.com';
    const { data, error } = await client.signUp({ email, password: strong, options: { data: { full_name: 'Auto' } } });
    expect(error).toBeNull();
    expect(data.session?.access_token).toEqual(expect.any(String));
    expect(data.user).toMatchObject({ email, user_metadata: { full_name: 'Auto' } });
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(data.user?.identities?.[0]?.identity_data).toMatchObject({ email_verified: true });
    const claims = await client.getClaims();
    expect(claims.data?.claims.amr).toEqual([expect.objectContaining({ method: 'password' })]);
    expect((await listMailbox(database.db, 500)).filter((mail) => mail.to === email)).toEqual([]);
    const again = await server.client().signInWithPassword({ email, password: strong });
    expect(again.error).toBeNull();
  });

  it('refuses an address that is already registered with 422 user_already_exists', async () => {
    const email = 'twice@example.com';
    expect((await server.client().signUp({ email, password: strong })).error).toBeNull();
    const second = await server.client().signUp({ email, password: 'Other-Granite-Orchard-77' });
    expect(second.error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
    expect(second.data.session).toBeNull();
  });

  it('still applies the password policy and the e-mail rule', async () => {
    expect((await server.client().signUp({ email: 'weak@example.com', password: 'short' })).error).toMatchObject({ code: 'weak_password' });
    expect((await server.client().signUp({ email: 'xx:;x@x.x', password: strong })).error).toMatchObject({ code: 'validation_failed' });
  });

  it('is reported by /settings', async () => {
    const settings = (await (await fetch(`${server.origin}/auth/v1/settings`)).json()) as { mailer_autoconfirm: boolean };
    expect(settings.mailer_autoconfirm).toBe(true);
  });
});

describe('mailer autoconfirm off (the default)', () => {
  it('answers sign-up with the bare user and /settings says so', async () => {
    const plain = await startAuthServer(database);
    try {
      const { data, error } = await plain.client().signUp({ email: 'needs.confirming@example.com', password: strong });
      expect(error).toBeNull();
      expect(data.session).toBeNull();
      expect(data.user?.email_confirmed_at).toBeUndefined();
      const settings = (await (await fetch(`${plain.origin}/auth/v1/settings`)).json()) as { mailer_autoconfirm: boolean };
      expect(settings.mailer_autoconfirm).toBe(false);
    } finally {
      await plain.app.close();
    }
  });

  it('warns at start when production explicitly allows it', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        lines.push(chunk.toString());
        done();
      },
    });
    const env = parseEnv({
      NODE_ENV: 'production',
      ALLOW_EMBEDDED_DB: '1',
      PUBLIC_URL: 'https://app.example.com',
      AUTH_MAILER_AUTOCONFIRM: '1',
      AUTH_ALLOW_AUTOCONFIRM_IN_PRODUCTION: '1',
    });
    const app = await buildApp({ database, env, logger: { stream } });
    await app.close();
    expect(lines.join('')).toContain('AUTH_MAILER_AUTOCONFIRM is on in production');
  });
});

import { AuthWeakPasswordError } from '@supabase/auth-js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type RunningAuthServer, createTestUser, startAuthServer } from '../../../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/test-database.ts';
import { listMailbox } from '../../../platform/mail/mail.service.ts';

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

/** Follows the e-mail link like a browser and returns where the server sent it. */
async function openLink(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location') ?? '');
}

function fragmentOf(url: URL): URLSearchParams {
  return new URLSearchParams(url.hash.slice(1));
}

const strong = 'Tidal-Granite-Orchard-42';

describe('sign-up with e-mail confirmation', () => {
  it('signs up (implicit), confirms through the outbox link and lands on the site root signed in', async () => {
    const client = server.client();
    const email = 'ada@example.com';
    const { data, error } = await client.signUp({ email, password: strong, options: { data: { full_name: 'Ada' } } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({
      email,
      user_metadata: { full_name: 'Ada' },
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.identities).toHaveLength(1);

    const before = await client.signInWithPassword({ email, password: strong });
    expect(before.error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });

    const mail = await server.latestMail(email);
    expect(mail.subject).toBe('Confirm your ComplianceCore account');
    const link = mail.links.find((candidate) => candidate.includes('/auth/v1/verify?'));
    expect(link).toContain('type=signup');
    const landed = await openLink(link ?? '');
    expect(`${landed.origin}${landed.pathname}`).toBe(`${server.origin}/`);
    const fragment = fragmentOf(landed);
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(Number(fragment.get('expires_in'))).toBe(3600);
    expect(fragment.has('sb')).toBe(true);

    const { data: session, error: setError } = await client.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    });
    expect(setError).toBeNull();
    expect(session.user?.email_confirmed_at).toEqual(expect.any(String));
    const claims = await client.getClaims();
    expect(claims.data?.claims).toMatchObject({ email, aal: 'aal1', role: 'authenticated', aud: 'authenticated' });
    expect(claims.data?.claims.amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }]);

    const again = await openLink(link ?? '');
    expect(fragmentOf(again).get('error_code')).toBe('otp_expired');
    expect(fragmentOf(again).get('error_description')).toBe('Email link is invalid or has expired');
  });

  it('confirms a PKCE sign-up with a code on the requested page', async () => {
    const client = server.client({ flowType: 'pkce' });
    const email = 'grace@example.com';
    const { error } = await client.signUp({ email, password: strong, options: { emailRedirectTo: `${server.origin}/welcome` } });
    expect(error).toBeNull();
    const mail = await server.latestMail(email);
    const link = mail.links.find((candidate) => candidate.includes('/verify?')) ?? '';
    expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_[\da-f]{56}$/);
    const landed = await openLink(link);
    expect(landed.pathname).toBe('/welcome');
    const code = landed.searchParams.get('code') ?? '';
    const { data, error: exchangeError } = await client.exchangeCodeForSession(code);
    expect(exchangeError).toBeNull();
    expect(data.user?.email).toBe(email);
    const claims = await client.getClaims();
    expect(claims.data?.claims.amr).toEqual([{ method: 'email/signup', timestamp: expect.any(Number) }]);
    const reused = await server.client({ flowType: 'pkce' }).exchangeCodeForSession(code);
    expect(reused.error).not.toBeNull();
  });

  it('answers a duplicate sign-up of a confirmed address with an obfuscated user and sends nothing', async () => {
    const existing = await createTestUser(server.app, { email: 'taken@example.com' });
    const { data, error } = await server.client().signUp({ email: existing.email, password: strong });
    expect(error).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(data.user?.id).not.toBe(existing.userId);
  });

  it('refuses weak and common passwords with weak_password reasons', async () => {
    const short = await server.client().signUp({ email: 'short@example.com', password: 'abc123' });
    expect(short.error).toBeInstanceOf(AuthWeakPasswordError);
    expect(short.error).toMatchObject({ status: 422, code: 'weak_password' });
    expect((short.error as AuthWeakPasswordError).reasons).toEqual(['length', 'pwned']);
    const common = await server.client().signUp({ email: 'common@example.com', password: 'qwertyuiop' });
    expect((common.error as AuthWeakPasswordError).reasons).toEqual(['pwned']);
    const long = 'a-very-long-passphrase-'.repeat(5);
    const accepted = await server.client().signUp({ email: 'long@example.com', password: long });
    expect(accepted.error).toBeNull();
  });

  it('rejects an invalid address and redirects outside the allow-list to the site root', async () => {
    const invalid = await server.client().signUp({ email: 'not-an-email', password: strong });
    expect(invalid.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });
    await server
      .client()
      .signUp({ email: 'eve@example.com', password: strong, options: { emailRedirectTo: 'https://evil.example/steal' } });
    const mail = await server.latestMail('eve@example.com');
    const link = new URL(mail.links.find((candidate) => candidate.includes('/verify?')) ?? '');
    expect(link.searchParams.get('redirect_to')).toBe(`${server.origin}/`);
  });
});

describe('password sign-in', () => {
  it('signs in, reads the user, and hides whether the address exists', async () => {
    const user = await createTestUser(server.app);
    const client = server.client();
    const { data, error } = await client.signInWithPassword({ email: user.email, password: user.password });
    expect(error).toBeNull();
    expect(data.session?.expires_in).toBe(3600);
    expect(data.session?.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(data.user?.id).toBe(user.userId);
    const read = await client.getUser();
    expect(read.data.user?.email).toBe(user.email);

    const wrong = await server.client().signInWithPassword({ email: user.email, password: 'Not-The-Password-1' });
    const unknown = await server.client().signInWithPassword({ email: 'nobody@example.com', password: 'Not-The-Password-1' });
    expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    expect(unknown.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
  });
});

describe('magic link', () => {
  it('sends a magic link to a confirmed user that signs in on the given path (implicit)', async () => {
    const user = await createTestUser(server.app);
    const client = server.client();
    const { data, error } = await client.signInWithOtp({
      email: user.email,
      options: { emailRedirectTo: `${server.origin}/dashboard-compliancecore` },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ user: null, session: null });
    const mail = await server.latestMail(user.email);
    expect(mail.subject).toBe('Your ComplianceCore sign-in link');
    const link = mail.links.find((candidate) => candidate.includes('type=magiclink')) ?? '';
    const landed = await openLink(link);
    expect(landed.pathname).toBe('/dashboard-compliancecore');
    expect(fragmentOf(landed).get('type')).toBe('magiclink');
    const set = await client.setSession({
      access_token: fragmentOf(landed).get('access_token') ?? '',
      refresh_token: fragmentOf(landed).get('refresh_token') ?? '',
    });
    expect(set.data.user?.id).toBe(user.userId);
  });

  it('defaults to the site root and works with the 6-digit code (verifyOtp)', async () => {
    const user = await createTestUser(server.app);
    const client = server.client();
    await client.signInWithOtp({ email: user.email });
    const mail = await server.latestMail(user.email);
    const link = new URL(mail.links.find((candidate) => candidate.includes('/verify?')) ?? '');
    expect(link.searchParams.get('redirect_to')).toBe(`${server.origin}/`);
    const code = /code: (\d{6})/.exec(mail.text)?.[1] ?? '';
    const wrong = await client.verifyOtp({ email: user.email, token: code === '000000' ? '111111' : '000000', type: 'email' });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
    const { data, error } = await client.verifyOtp({ email: user.email, token: code, type: 'email' });
    expect(error).toBeNull();
    expect(data.session?.user.id).toBe(user.userId);
  });

  it('signs up a new address by magic link, and with create_user false answers as for a known one, sending nothing', async () => {
    const refused = await server.client().signInWithOtp({ email: 'new-otp@example.com', options: { shouldCreateUser: false } });
    expect(refused.error).toBeNull();
    expect(await listMailbox(database.db)).not.toContainEqual(expect.objectContaining({ to: 'new-otp@example.com' }));
    const client = server.client({ flowType: 'pkce' });
    const created = await client.signInWithOtp({ email: 'new-otp@example.com' });
    expect(created.error).toBeNull();
    const mail = await server.latestMail('new-otp@example.com');
    const link = mail.links.find((candidate) => candidate.includes('type=signup')) ?? '';
    const landed = await openLink(link);
    const { data, error } = await client.exchangeCodeForSession(landed.searchParams.get('code') ?? '');
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
  });
});

describe('rate limits on the e-mailing and verifying routes', () => {
  it('answers 429 over_request_rate_limit past AUTH_RATE_LIMIT_OTP sends and AUTH_RATE_LIMIT_VERIFY verifications', async () => {
    const limited = await startAuthServer(database, { AUTH_RATE_LIMIT_OTP: '2', AUTH_RATE_LIMIT_VERIFY: '1' });
    onTestFinished(() => limited.app.close());
    const client = limited.client();
    // Each e-mailing route counts its own requests from one address: two go through, the third is refused.
    for (const email of ['limited-one@example.com', 'limited-two@example.com']) {
      expect((await client.signUp({ email, password: strong })).error).toBeNull();
    }
    const over = await client.signUp({ email: 'limited-three@example.com', password: strong });
    expect(over.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    expect(await listMailbox(database.db)).not.toContainEqual(expect.objectContaining({ to: 'limited-three@example.com' }));
    expect((await client.signInWithOtp({ email: 'limited-one@example.com' })).error).toBeNull();
    expect((await client.signInWithOtp({ email: 'limited-two@example.com' })).error).toBeNull();
    expect((await client.signInWithOtp({ email: 'limited-three@example.com' })).error).toMatchObject({ status: 429 });

    const mail = await limited.latestMail('limited-one@example.com');
    const link = mail.links.find((candidate) => candidate.includes('/verify?')) ?? '';
    expect((await openLink(link)).hash).toContain('access_token=');
    const again = await fetch(link, { redirect: 'manual' });
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

import { GoTrueAdminApi } from '@supabase/auth-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAuthServer, createTestUser, serviceRoleToken, startAuthServer } from '../../../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/test-database.ts';
import { listMailbox } from '../../../platform/mail/mail.service.ts';

// auth-js `admin.generateLink` (POST /admin/generate_link), GoTrue's answer shape, nothing mailed.
let database: TestDatabase;
let server: RunningAuthServer;
let admin: GoTrueAdminApi;
beforeAll(async () => {
  database = await createTestDatabase();
  server = await startAuthServer(database);
  admin = new GoTrueAdminApi({ url: `${server.origin}/auth/v1`, headers: { Authorization: `Bearer ${serviceRoleToken(server.app)}` } });
});
afterAll(async () => {
  await server.app.close();
  await database.dispose();
});

const strong = 'Tidal-Granite-Orchard-42';
const mailTo = async (email: string) => (await listMailbox(database.db, 500)).filter((mail) => mail.to === email);

/** Follows an action link like a browser; answers the fragment of where it lands. */
async function follow(link: string): Promise<URLSearchParams> {
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URLSearchParams(new URL(response.headers.get('location') ?? '').hash.slice(1));
}

describe('admin.generateLink', () => {
  it('signup: creates the unconfirmed user and answers GoTrue’s properties; the action link confirms and signs in', async () => {
    const email = 'generated.signup@example.com';
    const { data, error } = await admin.generateLink({
      type: 'signup',
      email,
      password: strong,
      options: { data: { team: 'audit' }, redirectTo: `${server.origin}/welcome` },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { team: 'audit' } });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    const properties = data.properties!;
    expect(properties).toMatchObject({ verification_type: 'signup', redirect_to: `${server.origin}/welcome` });
    expect(properties.email_otp).toMatch(/^\d{6}$/);
    expect(properties.hashed_token).toMatch(/^[0-9a-f]{56}$/);
    const link = new URL(properties.action_link);
    expect(`${link.origin}${link.pathname}`).toBe(`${server.origin}/auth/v1/verify`);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      token: properties.hashed_token,
      type: 'signup',
      redirect_to: `${server.origin}/welcome`,
    });
    expect(await mailTo(email)).toEqual([]);
    const fragment = await follow(properties.action_link);
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('access_token')).toEqual(expect.any(String));
    expect((await server.client().signInWithPassword({ email, password: strong })).error).toBeNull();
    const again = await admin.generateLink({ type: 'signup', email, password: strong });
    expect(again.error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('invite: a user with invited_at whose code works with verifyOtp', async () => {
    const email = 'generated.invite@example.com';
    const { data, error } = await admin.generateLink({ type: 'invite', email });
    expect(error).toBeNull();
    expect(data.user?.invited_at).toEqual(expect.any(String));
    expect(data.properties?.verification_type).toBe('invite');
    const verified = await server.client().verifyOtp({ email, token: data.properties?.email_otp ?? '', type: 'invite' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(await mailTo(email)).toEqual([]);
  });

  it('magiclink and recovery for an existing user; magiclink signs an unknown address up, recovery refuses it', async () => {
    const user = await createTestUser(server.app);
    const magic = await admin.generateLink({ type: 'magiclink', email: user.email });
    expect(magic.data.properties?.verification_type).toBe('magiclink');
    const byHash = await server.client().verifyOtp({ token_hash: magic.data.properties?.hashed_token ?? '', type: 'magiclink' });
    expect(byHash.error).toBeNull();
    expect(byHash.data.user?.id).toBe(user.userId);

    const recovery = await admin.generateLink({ type: 'recovery', email: user.email });
    expect(recovery.data.properties?.verification_type).toBe('recovery');
    expect((await follow(recovery.data.properties?.action_link ?? '')).get('type')).toBe('recovery');

    const unknown = await admin.generateLink({ type: 'magiclink', email: 'nobody.yet@example.com' });
    expect(unknown.error).toBeNull();
    expect(unknown.data.properties?.verification_type).toBe('signup');
    expect(unknown.data.user?.email).toBe('nobody.yet@example.com');
    const missing = await admin.generateLink({ type: 'recovery', email: 'missing@example.com' });
    expect(missing.error).toMatchObject({ status: 404, code: 'user_not_found', message: 'User with this email not found' });
  });

  it('email_change_new: the new address’s link changes the e-mail; email_change_current answers as GoTrue without secure e-mail change', async () => {
    const user = await createTestUser(server.app);
    const other = await createTestUser(server.app);
    const newEmail = `changed-${user.userId}@example.com`;
    const change = await admin.generateLink({ type: 'email_change_new', email: user.email, newEmail });
    expect(change.error).toBeNull();
    expect(change.data.properties?.verification_type).toBe('email_change_new');
    expect(new URL(change.data.properties?.action_link ?? '').searchParams.get('type')).toBe('email_change');
    const verified = await server
      .client()
      .verifyOtp({ email: newEmail, token: change.data.properties?.email_otp ?? '', type: 'email_change' });
    expect(verified.error).toBeNull();
    expect((await admin.getUserById(user.userId)).data.user?.email).toBe(newEmail);

    const taken = await admin.generateLink({ type: 'email_change_new', email: newEmail, newEmail: other.email });
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' });
    const current = await admin.generateLink({ type: 'email_change_current', email: newEmail, newEmail: 'x@example.com' });
    expect(current.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Enable secure email change to generate link for current email',
    });
  });

  it('refuses an invalid address (also as the new address), a bad type, a weak password and the anon key', async () => {
    const invalid = { status: 400, code: 'validation_failed', message: 'Unable to validate email address: invalid format' };
    expect((await admin.generateLink({ type: 'invite', email: 'xx:;x@x.x' })).error).toMatchObject(invalid);
    const user = await createTestUser(server.app);
    expect((await admin.generateLink({ type: 'email_change_new', email: user.email, newEmail: 'xx:;x@x.x' })).error).toMatchObject(invalid);
    const badType = await admin.generateLink({ type: 'phone_change' as 'signup', email: user.email, password: strong });
    expect(badType.error).toMatchObject({ status: 400, message: 'Invalid email action link type requested: phone_change' });
    expect((await admin.generateLink({ type: 'signup', email: 'weak.pw@example.com', password: 'password' })).error).toMatchObject({
      code: 'weak_password',
    });
    const anon = new GoTrueAdminApi({
      url: `${server.origin}/auth/v1`,
      headers: { Authorization: `Bearer ${server.app.authKeys.anonKey}` },
    });
    expect((await anon.generateLink({ type: 'invite', email: 'anon.try@example.com' })).error).toMatchObject({
      status: 403,
      code: 'not_admin',
    });
  });
});

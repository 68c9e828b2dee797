import { GoTrueAdminApi } from '@supabase/auth-js';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAuthServer, createTestUser, serviceRoleToken, startAuthServer } from '../../../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/test-database.ts';

// The admin API as the pinned auth-js `GoTrueAdminApi` calls it (auth-wire.md §6.3, GoTrueApi.test.ts).
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

describe('admin.listUsers', () => {
  it('lists with no arguments (the client sends ?page=&per_page=, which mean the defaults)', async () => {
    const user = await createTestUser(server.app);
    const { data, error } = await admin.listUsers();
    expect(error).toBeNull();
    expect(data.users.map((listed) => listed.id)).toContain(user.userId);
    expect(data).toMatchObject({ aud: 'authenticated', total: data.users.length, lastPage: 1 });
  });

  it('still pages when asked, and still refuses a page below 1', async () => {
    await createTestUser(server.app);
    await createTestUser(server.app);
    const { data, error } = await admin.listUsers({ page: 1, perPage: 1 });
    expect(error).toBeNull();
    expect(data.users).toHaveLength(1);
    expect(data).toMatchObject({ nextPage: 2 });
    const zero = await admin.listUsers({ page: 0, perPage: 1 });
    expect(zero.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});

describe('admin.signOut and admin.deleteUser', () => {
  it('signs a user out everywhere with their access token, then deletes the user', async () => {
    const user = await createTestUser(server.app);
    const client = server.client();
    await client.signInWithPassword({ email: user.email, password: user.password });
    expect((await admin.signOut(user.accessToken, 'global')).error).toBeNull();
    expect((await client.getUser()).error).toMatchObject({ name: 'AuthSessionMissingError' });
    expect((await admin.deleteUser(user.userId)).error).toBeNull();
    expect((await admin.getUserById(user.userId)).error).toMatchObject({ status: 404, code: 'user_not_found' });
  });
});

describe('admin.inviteUserByEmail', () => {
  it('returns the invited user with invited_at, which a second invitation renews', async () => {
    const email = `invited-at-${Date.now()}@example.com`;
    const before = Date.now();
    const { data, error } = await admin.inviteUserByEmail(email);
    expect(error).toBeNull();
    const invitedAt = Date.parse(data.user?.invited_at ?? '');
    expect(invitedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(data.user?.confirmation_sent_at).toEqual(expect.any(String));
    const read = await admin.getUserById(data.user?.id ?? '');
    expect(read.data.user?.invited_at).toBe(data.user?.invited_at);
    const again = await admin.inviteUserByEmail(email);
    expect(Date.parse(again.data.user?.invited_at ?? '')).toBeGreaterThan(invitedAt);
  });

  it('leaves invited_at out for a user created without an invitation', async () => {
    const user = await createTestUser(server.app);
    const { data } = await admin.getUserById(user.userId);
    expect(data.user).not.toHaveProperty('invited_at');
  });
});

describe('admin.mfa', () => {
  it('lists a user’s factors and deletes one; the session it raised drops to aal1 and the user can sign in without it', async () => {
    const user = await createTestUser(server.app);
    const client = server.client();
    await client.signInWithPassword({ email: user.email, password: user.password });
    const enrolled = await client.mfa.enroll({ factorType: 'totp', friendlyName: 'Lost phone' });
    const factor = enrolled.data!;
    const totp = new TOTP({ secret: Secret.fromBase32(factor.totp.secret), algorithm: 'SHA1', digits: 6, period: 30 });
    const verified = await client.mfa.challengeAndVerify({ factorId: factor.id, code: totp.generate() });
    expect(verified.error).toBeNull();
    await client.mfa.enroll({ factorType: 'totp', friendlyName: 'Spare' });

    const listed = await admin.mfa.listFactors({ userId: user.userId });
    expect(listed.error).toBeNull();
    expect(listed.data?.factors.map((row) => [row.friendly_name, row.factor_type, row.status])).toEqual([
      ['Lost phone', 'totp', 'verified'],
      ['Spare', 'totp', 'unverified'],
    ]);

    const deleted = await admin.mfa.deleteFactor({ userId: user.userId, id: factor.id });
    expect(deleted.error).toBeNull();
    // auth-js 2.119 hands back its own `{ data, error }` wrapping of GoTrue's answer (the deleted factor).
    expect(deleted.data).toMatchObject({ data: { id: factor.id, friendly_name: 'Lost phone', status: 'verified' } });
    expect((await admin.mfa.listFactors({ userId: user.userId })).data?.factors.map((row) => row.friendly_name)).toEqual(['Spare']);
    await client.refreshSession();
    expect((await client.getClaims()).data?.claims.aal).toBe('aal1');
    const again = await admin.mfa.deleteFactor({ userId: user.userId, id: factor.id });
    expect(again.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
  });

  it('answers 404 for an unknown user, and for a factor of another user', async () => {
    const unknown = await admin.mfa.listFactors({ userId: crypto.randomUUID() });
    expect(unknown.error).toMatchObject({ status: 404, code: 'user_not_found' });
    const owner = await createTestUser(server.app);
    const other = await createTestUser(server.app);
    const client = server.client();
    await client.signInWithPassword({ email: owner.email, password: owner.password });
    const factor = (await client.mfa.enroll({ factorType: 'totp' })).data!;
    const wrongUser = await admin.mfa.deleteFactor({ userId: other.userId, id: factor.id });
    expect(wrongUser.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    expect((await admin.mfa.listFactors({ userId: owner.userId })).data?.factors).toHaveLength(1);
  });

  it('refuses the anon key', async () => {
    const user = await createTestUser(server.app);
    const anon = new GoTrueAdminApi({
      url: `${server.origin}/auth/v1`,
      headers: { authorization: `Bearer ${server.app.authKeys.anonKey}` },
    });
    expect((await anon.mfa.listFactors({ userId: user.userId })).error).toMatchObject({ status: 403, code: 'not_admin' });
  });
});

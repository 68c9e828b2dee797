import { GoTrueAdminApi } from '@supabase/auth-js';
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
  admin = new GoTrueAdminApi({ url: `${server.origin}/auth/v1`, headers: { authorization: `Bearer ${serviceRoleToken(server.app)}` } });
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

import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoTrueAdminApi } from '@supabase/auth-js';
import { createTestUser, serviceRoleToken, startAuthServer } from '../../../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/test-database.ts';
import { buildApp } from '../../../app.ts';
import { authUsers } from '../../../db/schema/auth.ts';
import { readJson } from '../../../../../tests/read-response.ts';
import { goTrueErrorSchema } from '../../../../../tests/gotrue-bodies.ts';

let database: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database });
});
afterAll(async () => {
  await app.close();
  await database.dispose();
});

const admin = () => ({ authorization: `Bearer ${serviceRoleToken(app)}` });

describe('admin API', () => {
  it('refuses the anon key, user tokens and no token', async () => {
    const user = await createTestUser(app);
    const anon = await app.inject({
      method: 'GET',
      url: '/auth/v1/admin/users',
      headers: { authorization: `Bearer ${app.authKeys.anonKey}` },
    });
    expect(anon.statusCode).toBe(403);
    expect(anon.json()).toMatchObject({ error_code: 'not_admin' });
    const asUser = await app.inject({
      method: 'GET',
      url: '/auth/v1/admin/users',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(asUser.statusCode).toBe(403);
    const none = await app.inject({ method: 'GET', url: '/auth/v1/admin/users' });
    expect(none.statusCode).toBe(401);
  });

  it('creates, lists with paging headers, reads, updates and deletes users', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/auth/v1/admin/users',
      headers: admin(),
      payload: {
        email: 'Admin.Made@Example.com',
        password: 'Sturdy-Lantern-93',
        email_confirm: true,
        user_metadata: { full_name: 'Made' },
      },
    });
    expect(created.statusCode).toBe(200);
    const user = created.json() as { id: string; email: string; email_confirmed_at?: string; user_metadata: Record<string, unknown> };
    expect(user).toMatchObject({ email: 'admin.made@example.com', user_metadata: { full_name: 'Made' } });
    expect(user.email_confirmed_at).toEqual(expect.any(String));

    const duplicate = await app.inject({
      method: 'POST',
      url: '/auth/v1/admin/users',
      headers: admin(),
      payload: { email: 'admin.made@example.com' },
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toMatchObject({ error_code: 'email_exists' });

    const list = await app.inject({ method: 'GET', url: '/auth/v1/admin/users?page=1&per_page=1', headers: admin() });
    expect(list.statusCode).toBe(200);
    expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    expect((list.json() as { users: unknown[] }).users).toHaveLength(1);

    const updated = await app.inject({
      method: 'PUT',
      url: `/auth/v1/admin/users/${user.id}`,
      headers: admin(),
      payload: { user_metadata: { team: 'audit' }, app_metadata: { plan: 'pro' } },
    });
    expect(updated.json()).toMatchObject({
      user_metadata: { full_name: 'Made', team: 'audit' },
      app_metadata: { provider: 'email', plan: 'pro' },
    });

    const read = await app.inject({ method: 'GET', url: `/auth/v1/admin/users/${user.id}`, headers: admin() });
    expect(read.json()).toMatchObject({ id: user.id, identities: [expect.objectContaining({ provider: 'email' })] });

    const removed = await app.inject({ method: 'DELETE', url: `/auth/v1/admin/users/${user.id}`, headers: admin() });
    expect(removed.statusCode).toBe(200);
    const gone = await app.inject({ method: 'GET', url: `/auth/v1/admin/users/${user.id}`, headers: admin() });
    expect(gone.statusCode).toBe(404);
  });

  it('answers GoTrue’s 404 validation_failed for a user id that is not a UUID, and user_not_found for an unknown one', async () => {
    const answers = async (id: string) => {
      const responses = await Promise.all(
        (['GET', 'PUT', 'DELETE'] as const).map((method) =>
          app.inject({
            method,
            url: `/auth/v1/admin/users/${id}`,
            headers: { ...admin(), 'x-supabase-api-version': '2024-01-01' },
            payload: {},
          }),
        ),
      );
      return responses.map((response) => [
        response.statusCode,
        readJson(response, goTrueErrorSchema).code,
        readJson(response, goTrueErrorSchema).message,
      ]);
    };
    expect(await answers('not-a-uuid')).toEqual(Array(3).fill([404, 'validation_failed', 'user_id must be an UUID']));
    expect(await answers(crypto.randomUUID())).toEqual(Array(3).fill([404, 'user_not_found', 'User not found']));
  });

  it('bans a user: sessions end and sign-in is refused until the ban is lifted', async () => {
    const user = await createTestUser(app);
    await app.inject({ method: 'PUT', url: `/auth/v1/admin/users/${user.userId}`, headers: admin(), payload: { ban_duration: '24h' } });
    const me = await app.inject({ method: 'GET', url: '/auth/v1/user', headers: { authorization: `Bearer ${user.accessToken}` } });
    expect(me.statusCode).toBe(403);
    const signIn = await app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: user.email, password: user.password },
    });
    expect(signIn.json()).toMatchObject({ error_code: 'user_banned' });
    await app.inject({ method: 'PUT', url: `/auth/v1/admin/users/${user.userId}`, headers: admin(), payload: { ban_duration: 'none' } });
    const again = await app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: user.email, password: user.password },
    });
    expect(again.statusCode).toBe(200);
  });

  it('accepts a bcrypt hash imported from Supabase and upgrades it to argon2id on sign-in', async () => {
    const user = await createTestUser(app);
    await database.db
      .update(authUsers)
      .set({ encryptedPassword: await bcrypt.hash('Imported-Secret-55', 10) })
      .where(eq(authUsers.id, user.userId));
    const signIn = await app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: user.email, password: 'Imported-Secret-55' },
    });
    expect(signIn.statusCode).toBe(200);
    const [row] = await database.db.select().from(authUsers).where(eq(authUsers.id, user.userId));
    expect(row?.encryptedPassword).toMatch(/^\$argon2id\$/);
  });
});

describe('invitations (auth-js admin.inviteUserByEmail)', () => {
  it('invites by e-mail; the invitee accepts with the token hash and is confirmed and signed in', async () => {
    const server = await startAuthServer(database);
    try {
      const admin = new GoTrueAdminApi({
        url: `${server.origin}/auth/v1`,
        headers: { authorization: `Bearer ${serviceRoleToken(server.app)}` },
      });
      const email = `invitee-${Date.now()}@example.com`;
      const invited = await admin.inviteUserByEmail(email, { data: { team: 'audit' }, redirectTo: `${server.origin}/profile` });
      expect(invited.error).toBeNull();
      expect(invited.data.user).toMatchObject({ email, user_metadata: { team: 'audit' } });
      expect(invited.data.user?.email_confirmed_at).toBeUndefined();

      const mail = await server.latestMail(email);
      expect(mail.subject).toBe('You have been invited to ComplianceCore');
      const link = new URL(mail.links.find((candidate) => candidate.includes('token_hash=')) ?? '');
      expect(`${link.origin}${link.pathname}`).toBe(`${server.origin}/auth`);
      const client = server.client({ flowType: 'pkce' });
      const accepted = await client.verifyOtp({ token_hash: link.searchParams.get('token_hash') ?? '', type: 'invite' });
      expect(accepted.error).toBeNull();
      expect(accepted.data.user?.email_confirmed_at).toEqual(expect.any(String));

      const spent = await server.client().verifyOtp({ token_hash: link.searchParams.get('token_hash') ?? '', type: 'invite' });
      expect(spent.error?.code).toBe('otp_expired');
      const again = await admin.inviteUserByEmail(email);
      expect(again.error?.code).toBe('email_exists');
      const bad = await admin.inviteUserByEmail('not an address');
      expect(bad.error?.status).toBe(400);
    } finally {
      await server.app.close();
    }
  });

  it('refuses the anon key', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/auth/v1/invite',
      headers: { authorization: `Bearer ${app.authKeys.anonKey}` },
      payload: { email: 'a@example.com' },
    });
    expect(response.statusCode).toBe(403);
  });
});

import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, serviceRoleToken } from '../../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { buildApp } from '../../app.ts';
import { authUsers } from '../../db/schema/auth.ts';

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
    const anon = await app.inject({ method: 'GET', url: '/auth/v1/admin/users', headers: { authorization: `Bearer ${app.authKeys.anonKey}` } });
    expect(anon.statusCode).toBe(403);
    expect(anon.json()).toMatchObject({ error_code: 'not_admin' });
    const asUser = await app.inject({ method: 'GET', url: '/auth/v1/admin/users', headers: { authorization: `Bearer ${user.accessToken}` } });
    expect(asUser.statusCode).toBe(403);
    const none = await app.inject({ method: 'GET', url: '/auth/v1/admin/users' });
    expect(none.statusCode).toBe(401);
  });

  it('creates, lists with paging headers, reads, updates and deletes users', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/auth/v1/admin/users',
      headers: admin(),
      payload: { email: 'Admin.Made@Example.com', password: 'Sturdy-Lantern-93', email_confirm: true, user_metadata: { full_name: 'Made' } },
    });
    expect(created.statusCode).toBe(200);
    const user = created.json() as { id: string; email: string; email_confirmed_at?: string; user_metadata: Record<string, unknown> };
    expect(user).toMatchObject({ email: 'admin.made@example.com', user_metadata: { full_name: 'Made' } });
    expect(user.email_confirmed_at).toEqual(expect.any(String));

    const duplicate = await app.inject({ method: 'POST', url: '/auth/v1/admin/users', headers: admin(), payload: { email: 'admin.made@example.com' } });
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
    expect(updated.json()).toMatchObject({ user_metadata: { full_name: 'Made', team: 'audit' }, app_metadata: { provider: 'email', plan: 'pro' } });

    const read = await app.inject({ method: 'GET', url: `/auth/v1/admin/users/${user.id}`, headers: admin() });
    expect(read.json()).toMatchObject({ id: user.id, identities: [expect.objectContaining({ provider: 'email' })] });

    const removed = await app.inject({ method: 'DELETE', url: `/auth/v1/admin/users/${user.id}`, headers: admin() });
    expect(removed.statusCode).toBe(200);
    const gone = await app.inject({ method: 'GET', url: `/auth/v1/admin/users/${user.id}`, headers: admin() });
    expect(gone.statusCode).toBe(404);
  });

  it('bans a user: sessions end and sign-in is refused until the ban is lifted', async () => {
    const user = await createTestUser(app);
    await app.inject({ method: 'PUT', url: `/auth/v1/admin/users/${user.userId}`, headers: admin(), payload: { ban_duration: '24h' } });
    const me = await app.inject({ method: 'GET', url: '/auth/v1/user', headers: { authorization: `Bearer ${user.accessToken}` } });
    expect(me.statusCode).toBe(403);
    const signIn = await app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { email: user.email, password: user.password } });
    expect(signIn.json()).toMatchObject({ error_code: 'user_banned' });
    await app.inject({ method: 'PUT', url: `/auth/v1/admin/users/${user.userId}`, headers: admin(), payload: { ban_duration: 'none' } });
    const again = await app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { email: user.email, password: user.password } });
    expect(again.statusCode).toBe(200);
  });

  it('accepts a bcrypt hash imported from Supabase and upgrades it to argon2id on sign-in', async () => {
    const user = await createTestUser(app);
    await database.db.update(authUsers).set({ encryptedPassword: await bcrypt.hash('Imported-Secret-55', 10) }).where(eq(authUsers.id, user.userId));
    const signIn = await app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { email: user.email, password: 'Imported-Secret-55' } });
    expect(signIn.statusCode).toBe(200);
    const [row] = await database.db.select().from(authUsers).where(eq(authUsers.id, user.userId));
    expect(row?.encryptedPassword).toMatch(/^\$argon2id\$/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAuthServer, createTestUser, startAuthServer } from '../../../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/test-database.ts';
import { readJson } from '../../../../../tests/read-response.ts';
import { goTrueErrorSchema } from '../../../../../tests/gotrue-bodies.ts';

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

describe('PUT /user', () => {
  it('merges metadata and changes the password, ending the other sessions', async () => {
    const user = await createTestUser(server.app);
    const other = server.client();
    await other.signInWithPassword({ email: user.email, password: user.password });
    const client = server.client();
    await client.signInWithPassword({ email: user.email, password: user.password });

    const first = await client.updateUser({ data: { full_name: 'Ada', team: 'risk' } });
    expect(first.data.user?.user_metadata).toEqual({ full_name: 'Ada', team: 'risk' });
    const second = await client.updateUser({ data: { team: null } });
    expect(second.data.user?.user_metadata).toEqual({ full_name: 'Ada' });

    const weak = await client.updateUser({ password: 'password' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
    const changed = await client.updateUser({ password: 'Brand-New-Passphrase-8' });
    expect(changed.error).toBeNull();
    expect((await other.getUser()).error?.name).toBe('AuthSessionMissingError');
    expect((await client.getUser()).data.user?.id).toBe(user.userId);
    const old = await server.client().signInWithPassword({ email: user.email, password: user.password });
    expect(old.error?.code).toBe('invalid_credentials');
    const fresh = await server.client().signInWithPassword({ email: user.email, password: 'Brand-New-Passphrase-8' });
    expect(fresh.error).toBeNull();
  });

  it('changes the e-mail address only after the new address confirms it', async () => {
    const user = await createTestUser(server.app);
    const client = server.client();
    await client.signInWithPassword({ email: user.email, password: user.password });
    const { data, error } = await client.updateUser({ email: 'Renamed@Example.com' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(user.email);
    expect(data.user?.new_email).toBe('renamed@example.com');
    const mail = await server.latestMail('renamed@example.com');
    const link = mail.links.find((candidate) => candidate.includes('type=email_change')) ?? '';
    const response = await fetch(link, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const after = await client.getUser();
    expect(after.data.user?.email).toBe('renamed@example.com');
    const signIn = await server.client().signInWithPassword({ email: 'renamed@example.com', password: user.password });
    expect(signIn.error).toBeNull();
  });
});

describe('DELETE /user/identities/{id}', () => {
  it('answers GoTrue’s 404 validation_failed for an id that is not a UUID; a UUID goes on to the unlinking rules', async () => {
    const user = await createTestUser(server.app);
    const remove = (id: string) =>
      server.app.inject({
        method: 'DELETE',
        url: `/auth/v1/user/identities/${id}`,
        headers: { authorization: `Bearer ${user.accessToken}`, 'x-supabase-api-version': '2024-01-01' },
      });
    const malformed = await remove('not-a-uuid');
    expect([malformed.statusCode, malformed.json()]).toEqual([
      404,
      expect.objectContaining({ code: 'validation_failed', message: 'identity_id must be an UUID' }),
    ]);
    const unknown = await remove(crypto.randomUUID());
    // The test user has one identity, which is never unlinked.
    expect([unknown.statusCode, readJson(unknown, goTrueErrorSchema).code]).toEqual([422, 'single_identity_not_deletable']);
  });
});

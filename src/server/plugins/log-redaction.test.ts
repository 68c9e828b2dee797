import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/test-database.ts';
import { buildApp } from '../app.ts';
import { loggerOptions, redactUrl } from './log-redaction.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

describe('request logs', () => {
  it('keep the names of secret query parameters but not their values', () => {
    expect(redactUrl('/auth/v1/verify?token=pkce_abc123&type=signup&redirect_to=%2F')).toBe(
      '/auth/v1/verify?token=redacted&type=signup&redirect_to=%2F',
    );
    expect(redactUrl('/auth?token_hash=deadbeef&type=invite&redirect=/profile')).toBe(
      '/auth?token_hash=redacted&type=invite&redirect=%2Fprofile',
    );
    expect(redactUrl('/auth/v1/callback?code=xyz&state=s1')).toBe('/auth/v1/callback?code=redacted&state=redacted');
    expect(redactUrl('/pricing?plan=growth')).toBe('/pricing?plan=growth');
    expect(redactUrl('/faq')).toBe('/faq');
  });

  it('never write an e-mail link token, as the server logs requests', async () => {
    const lines: string[] = [];
    const app = await buildApp({ database, logger: loggerOptions('info', { write: (line) => void lines.push(line) }) });
    try {
      await app.inject({ method: 'GET', url: '/auth/v1/verify?token=secret-link-token-42&type=magiclink&redirect_to=/' });
    } finally {
      await app.close();
    }
    const logged = lines.join('');
    expect(logged).toContain('/auth/v1/verify?token=redacted');
    expect(logged).not.toContain('secret-link-token-42');
  });
});

describe('error logs', () => {
  it('never write the values bound to a failed query (a new password’s hash)', async () => {
    const lines: string[] = [];
    const app = await buildApp({ database, logger: loggerOptions('info', { write: (line) => void lines.push(line) }) });
    const user = await createTestUser(app);
    await database.db.execute(
      sql`create function refuse_user_update() returns trigger language plpgsql as $$ begin raise exception 'users are read-only'; end $$`,
    );
    await database.db.execute(
      sql`create trigger refuse_user_update before update on auth.users for each row execute function refuse_user_update()`,
    );
    try {
      const response = await app.inject({
        method: 'PUT',
        url: '/auth/v1/user',
        headers: { authorization: `Bearer ${user.accessToken}` },
        payload: { password: 'A-New-Secret-Passphrase-77' },
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await database.db.execute(sql`drop trigger refuse_user_update on auth.users`);
      await database.db.execute(sql`drop function refuse_user_update()`);
      await app.close();
    }
    const logged = lines.join('');
    expect(logged).toContain('users are read-only');
    expect(logged).toContain('update \\"auth\\".\\"users\\"');
    expect(logged).not.toContain('$argon2id');
    expect(logged).not.toContain('A-New-Secret-Passphrase-77');
  });
});

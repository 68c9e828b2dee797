import { GoTrueAdminApi } from '@supabase/auth-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAuthServer, createTestUser, serviceRoleToken, startAuthServer } from '../../../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/test-database.ts';
import { listMailbox } from '../../../platform/mail/mail.service.ts';

// The one e-mail rule (src/shared/rules/email.ts) on every /auth/v1 route that takes an address,
// through the pinned auth-js, with GoTrue's answer (auth-wire.md §2.1).
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

const invalidFormat = {
  name: 'AuthApiError',
  status: 400,
  code: 'validation_failed',
  message: 'Unable to validate email address: invalid format',
};
const strong = 'Tidal-Granite-Orchard-42';

describe.each(['xx:;x@x.x', 'a,b@example.com', '"quoted"@example.com', 'a..b@example.com', 'ada@exa_mple.com'])(
  'the address %j',
  (email) => {
    it('is refused by sign-up, magic link, recovery and resend, and nothing is stored or sent', async () => {
      const client = server.client();
      expect((await client.signUp({ email, password: strong })).error).toMatchObject(invalidFormat);
      expect((await client.signInWithOtp({ email })).error).toMatchObject(invalidFormat);
      expect((await client.resetPasswordForEmail(email)).error).toMatchObject(invalidFormat);
      expect((await client.resend({ type: 'signup', email })).error).toMatchObject(invalidFormat);
      const { data } = await admin.listUsers({ perPage: 1000 });
      expect(data.users.map((user) => user.email)).not.toContain(email.toLowerCase());
      expect((await listMailbox(database.db, 500)).map((mail) => mail.to)).not.toContain(email.toLowerCase());
    });

    it('is refused by the admin API: invite, create and update', async () => {
      expect((await admin.inviteUserByEmail(email)).error).toMatchObject(invalidFormat);
      expect((await admin.createUser({ email, password: strong, email_confirm: true })).error).toMatchObject(invalidFormat);
      const user = await createTestUser(server.app);
      expect((await admin.updateUserById(user.userId, { email })).error).toMatchObject(invalidFormat);
      expect((await admin.getUserById(user.userId)).data.user?.email).toBe(user.email);
    });

    it('is refused as a new address of the signed-in user, and by verifyOtp in GoTrue’s own words', async () => {
      const user = await createTestUser(server.app);
      const client = server.client();
      await client.signInWithPassword({ email: user.email, password: user.password });
      expect((await client.updateUser({ email })).error).toMatchObject(invalidFormat);
      const verified = await client.verifyOtp({ email, token: '123456', type: 'email' });
      expect(verified.error).toMatchObject({ status: 422, code: 'validation_failed', message: 'Invalid email format' });
    });
  },
);

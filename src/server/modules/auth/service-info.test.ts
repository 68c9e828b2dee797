import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAuthServer, startAuthServer } from '../../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';

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

describe('GET /settings and /health', () => {
  it('describes the enabled providers', async () => {
    const response = await fetch(`${server.origin}/auth/v1/settings`);
    expect(await response.json()).toMatchObject({
      external: { email: true, google: false },
      disable_signup: false,
      mailer_autoconfirm: false,
    });
  });
});

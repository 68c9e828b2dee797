import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startAuthServer } from '../../../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/test-database.ts';
import { buildApp } from '../../../app.ts';
import { openPglite } from '../../../db/client.ts';
import { acquireDataDirLock } from '../../../db/lock.ts';
import { authUsers } from '../../../db/schema/auth.ts';
import { profiles, userRoles } from '../../../db/schema/access.ts';
import { injectFetch } from '../../../inject-fetch.ts';
import { writeLocalAdminEndpoint } from '../../../local-admin-endpoint.ts';
import { type AdminConnection, UserCreateError, createUserWithRole } from './create-user-with-role.ts';
import { readJson } from '../../../../../tests/read-response.ts';
import { goTrueSessionSchema } from '../../../../../tests/gotrue-bodies.ts';

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

/** The app in this process, with every request the tool makes written down. */
function connection(): AdminConnection & { calls: string[] } {
  const calls: string[] = [];
  const inject = injectFetch(app);
  return {
    url: 'http://in-process',
    serviceRoleKey: app.authKeys.serviceRoleKey,
    calls,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      calls.push(`${request.method} ${new URL(request.url).pathname}`);
      return inject(request);
    },
  };
}

const signIn = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { email, password } });

const SCRIPT = path.resolve(import.meta.dirname, '../../../../../scripts/user-create.ts');
// eslint-disable-next-line n/no-process-env -- the child process needs PATH
const childEnv = (extra: Record<string, string>) => ({ PATH: process.env.PATH, NODE_ENV: 'development', ...extra });
const runScript = (args: string[], env: Record<string, string>) =>
  promisify(execFile)(process.execPath, [SCRIPT, ...args], { env: childEnv(env) });

describe('createUserWithRole', () => {
  it('creates a confirmed administrator through the admin APIs, who can sign in at once', async () => {
    const api = connection();
    const outcome = await createUserWithRole(api, {
      email: 'First.Admin@Example.com',
      password: 'Quiet-Harbour-Lights-7',
      role: 'administrator',
      isApprover: true,
    });
    expect(outcome).toMatchObject({ created: true, role: 'administrator' });
    expect(api.calls).toEqual([
      'POST /auth/v1/admin/users',
      `GET /api/v1/admin/users/${outcome.userId}`,
      `PUT /api/v1/admin/users/${outcome.userId}/access`,
    ]);
    const [role] = await database.db.select().from(userRoles).where(eq(userRoles.userId, outcome.userId));
    expect(role).toMatchObject({ role: 'administrator', isApprover: true });
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.userId, outcome.userId));
    expect(profile?.userType).toBe('staff');
    expect((await signIn('first.admin@example.com', 'Quiet-Harbour-Lights-7')).statusCode).toBe(200);
  });

  it('refuses weak passwords and unknown roles with the services’ own messages', async () => {
    await expect(createUserWithRole(connection(), { email: 'x@example.com', password: 'short' })).rejects.toThrow(/at least 8 characters/i);
    await expect(
      createUserWithRole(connection(), { email: 'x@example.com', password: 'Quiet-Harbour-Lights-7', role: 'emperor' }),
    ).rejects.toThrow(new UserCreateError('Unknown role "emperor".'));
  });

  it('run again for an address, resets the password, ends sessions and adds the role to those held', async () => {
    const first = await createUserWithRole(connection(), {
      email: 'twice@example.com',
      password: 'Quiet-Harbour-Lights-7',
      role: 'analyst',
    });
    const session = readJson(await signIn('twice@example.com', 'Quiet-Harbour-Lights-7'), goTrueSessionSchema);
    const second = await createUserWithRole(connection(), {
      email: 'twice@example.com',
      password: 'Other-Harbour-Lights-8',
      role: 'auditor',
    });
    expect(second).toMatchObject({ userId: first.userId, created: false, role: 'auditor' });
    const roles = await database.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, first.userId));
    expect(roles.map((row) => row.role).sort()).toEqual(['analyst', 'auditor']);
    expect((await signIn('twice@example.com', 'Other-Harbour-Lights-8')).statusCode).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/auth/v1/user', headers: { authorization: `Bearer ${session.access_token}` } });
    expect(me.statusCode).not.toBe(200);
  });
});

describe('npm run user:create', () => {
  it('builds the app in its own process on the embedded database named by DATA_DIR', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-user-create-'));
    onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const { stdout } = await runScript(['--email', 'cli@example.com', '--password', 'Quiet-Harbour-Lights-7', '--role', 'administrator'], {
      DATA_DIR: dataDir,
    });
    expect(stdout).toMatch(/^Created cli@example\.com \([\da-f-]{36}\) with the role administrator through the embedded database in /m);
    const embedded = await openPglite(dataDir);
    onTestFinished(() => embedded.close());
    const [user] = await embedded.db.select().from(authUsers).where(eq(authUsers.email, 'cli@example.com'));
    expect(user?.emailConfirmedAt).toBeInstanceOf(Date);
  }, 120_000);

  it('goes through the server that holds the embedded database, using the address it left', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-user-create-running-'));
    const lock = acquireDataDirLock(dataDir); // held by this (live) process, as a running server holds it
    const server = await startAuthServer(database);
    const forget = writeLocalAdminEndpoint(dataDir, { url: server.origin, serviceRoleKey: server.app.authKeys.serviceRoleKey });
    onTestFinished(async () => {
      forget();
      lock.release();
      await server.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const { stdout } = await runScript(
      ['--email', 'while-running@example.com', '--password', 'Quiet-Harbour-Lights-7', '--role', 'auditor'],
      {
        DATA_DIR: dataDir,
      },
    );
    expect(stdout).toContain(`through the server running at ${server.origin}`);
    const [user] = await database.db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, 'while-running@example.com'));
    const [role] = await database.db
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, user?.id ?? ''));
    expect(role?.role).toBe('auditor');
  }, 60_000);

  it('explains what it needs when given a server URL without the service-role key', async () => {
    const failure = await runScript(
      ['--email', 'a@example.com', '--password', 'Quiet-Harbour-Lights-7', '--url', 'http://127.0.0.1:9'],
      {},
    ).catch((error: unknown) => error as { code: number; stderr: string });
    expect(failure).toMatchObject({ code: 1, stderr: expect.stringContaining('SERVICE_ROLE_KEY') });
  }, 120_000); // the script starts a Node process of its own
});

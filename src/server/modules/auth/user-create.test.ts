import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { buildApp } from '../../app.ts';
import { openPglite } from '../../db/client.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { profiles, userRoles } from '../../db/schema/access.ts';
import { UserCreateError, createUserWithRole } from './user-create.service.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

describe('createUserWithRole', () => {
  it('creates a confirmed administrator who can sign in at once', async () => {
    const outcome = await createUserWithRole(database.db, { email: 'First.Admin@Example.com', password: 'Quiet-Harbour-Lights-7', role: 'administrator', isApprover: true });
    expect(outcome).toMatchObject({ created: true, role: 'administrator' });
    const [role] = await database.db.select().from(userRoles).where(eq(userRoles.userId, outcome.userId));
    expect(role).toMatchObject({ role: 'administrator', isApprover: true });
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.userId, outcome.userId));
    expect(profile?.userType).toBe('staff');
    const app = await buildApp({ database });
    onTestFinished(() => app.close());
    const signIn = await app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { email: 'first.admin@example.com', password: 'Quiet-Harbour-Lights-7' } });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses weak passwords and unknown roles, and updates an existing user', async () => {
    await expect(createUserWithRole(database.db, { email: 'x@example.com', password: 'short' })).rejects.toThrow(UserCreateError);
    await expect(createUserWithRole(database.db, { email: 'x@example.com', password: 'Quiet-Harbour-Lights-7', role: 'emperor' })).rejects.toThrow('Unknown role "emperor".');
    const first = await createUserWithRole(database.db, { email: 'twice@example.com', password: 'Quiet-Harbour-Lights-7' });
    const second = await createUserWithRole(database.db, { email: 'twice@example.com', password: 'Other-Harbour-Lights-8', role: 'auditor' });
    expect(second).toMatchObject({ userId: first.userId, created: false, role: 'auditor' });
    const [user] = await database.db.select().from(authUsers).where(eq(authUsers.id, first.userId));
    expect(user?.emailConfirmedAt).toBeInstanceOf(Date);
  });
});

describe('npm run user:create', () => {
  it('creates the user in the embedded database named by DATA_DIR', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-user-create-'));
    onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const script = path.resolve(import.meta.dirname, '../../../../scripts/user-create.ts');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [script, '--email', 'cli@example.com', '--password', 'Quiet-Harbour-Lights-7', '--role', 'administrator'],
      { env: { PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: 'development' } }, // eslint-disable-line n/no-process-env -- the child process needs PATH
    );
    expect(stdout).toMatch(/^Created cli@example\.com \([\da-f-]{36}\) with the role administrator\.$/m);
    const embedded = await openPglite(dataDir);
    onTestFinished(() => embedded.close());
    const [user] = await embedded.db.select().from(authUsers).where(eq(authUsers.email, 'cli@example.com'));
    expect(user?.emailConfirmedAt).toBeInstanceOf(Date);
  }, 120_000);
});

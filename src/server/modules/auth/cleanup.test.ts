import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestUser } from '../../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { buildApp } from '../../app.ts';
import { authFlowState, authRefreshTokens, authSessions } from '../../db/schema/auth.ts';
import { parseEnv } from '../../env.ts';
import { AUTH_CLEANUP_CRON, deleteExpiredAuthState } from './cleanup.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

describe('deleteExpiredAuthState', () => {
  it('removes abandoned flow states and idle sessions with their refresh tokens, and keeps live ones', async () => {
    const app = await buildApp({ database });
    const idle = await createTestUser(app);
    const active = await createTestUser(app);
    await app.close();
    const idleSession = String((await app.authKeys.verify(idle.accessToken)).session_id);
    const activeSession = String((await app.authKeys.verify(active.accessToken)).session_id);
    const longAgo = new Date(Date.now() - 40 * 86_400_000);
    await database.db.update(authSessions).set({ createdAt: longAgo }).where(eq(authSessions.id, idleSession));
    const [flow] = await database.db
      .insert(authFlowState)
      .values({ providerType: 'google', authenticationMethod: 'oauth', redirectTo: 'http://localhost/', createdAt: longAgo })
      .returning();

    await deleteExpiredAuthState({ db: database.db, env: parseEnv({ NODE_ENV: 'test' }) });

    expect(await database.db.select().from(authSessions).where(eq(authSessions.id, idleSession))).toHaveLength(0);
    expect(await database.db.select().from(authRefreshTokens).where(eq(authRefreshTokens.sessionId, idleSession))).toHaveLength(0);
    expect(await database.db.select().from(authSessions).where(eq(authSessions.id, activeSession))).toHaveLength(1);
    expect(await database.db.select().from(authFlowState).where(eq(authFlowState.id, flow!.id))).toHaveLength(0);
  });

  it('runs as the hourly pg-boss schedule (once across every process), worked like any job, with no timer of its own', async () => {
    const app = await buildApp({ database });
    onTestFinished(() => app.close());
    const longAgo = new Date(Date.now() - 40 * 86_400_000);
    const [flow] = await database.db
      .insert(authFlowState)
      .values({ providerType: 'google', authenticationMethod: 'oauth', redirectTo: 'http://localhost/', createdAt: longAgo })
      .returning();
    // What the schedule sends on the hour, waiting when the server's workers start (they poll every 30 s after that).
    await app.jobs.boss.send('auth-cleanup', { reason: 'schedule' });
    await app.ready();
    const schedules = await app.jobs.boss.getSchedules('auth-cleanup');
    expect(schedules.map((schedule) => ({ cron: schedule.cron, data: schedule.data }))).toEqual([
      { cron: AUTH_CLEANUP_CRON, data: { reason: 'schedule' } },
    ]);
    await expect
      .poll(async () => database.db.select().from(authFlowState).where(eq(authFlowState.id, flow!.id)), { timeout: 5_000, interval: 100 })
      .toHaveLength(0);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { buildApp } from '../../app.ts';
import { authFlowState, authRefreshTokens, authSessions } from '../../db/schema/auth.ts';
import { parseEnv } from '../../env.ts';
import { deleteExpiredAuthState } from './cleanup.ts';

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
});

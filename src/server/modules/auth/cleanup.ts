import { and, isNull, lt, or } from 'drizzle-orm';
import { authFlowState, authMfaChallenges, authSessions } from '../../db/schema/auth.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { AuthDeps } from './context.ts';
import { deleteSettledSignInThrottles } from './tokens/sign-in-throttle.ts';

const DAY_MS = 86_400_000;

/**
 * Deletes what can no longer be used: abandoned flow states and MFA challenges, and sessions idle
 * past the refresh-token lifetime (their refresh tokens go with them), and sign-in streaks that are
 * over. The hourly 'auth-cleanup' job (its schedule is in workers.ts) runs it once across every process;
 * the deletes are idempotent.
 */
export async function deleteExpiredAuthState(deps: Pick<AuthDeps, 'db' | 'env'>, now = Date.now()): Promise<void> {
  const { db, env } = deps;
  await db.delete(authFlowState).where(lt(authFlowState.createdAt, new Date(now - DAY_MS)));
  await db.delete(authMfaChallenges).where(lt(authMfaChallenges.createdAt, new Date(now - DAY_MS)));
  const idleSince = new Date(now - env.AUTH_REFRESH_TOKEN_LIFETIME_SECONDS * 1000);
  await db
    .delete(authSessions)
    .where(or(lt(authSessions.refreshedAt, idleSince), and(isNull(authSessions.refreshedAt), lt(authSessions.createdAt, idleSince))));
  await deleteSettledSignInThrottles(db, new Date(now));
}

/** Hourly, at a few minutes past the hour (UTC). */
export const AUTH_CLEANUP_CRON = '7 * * * *';

/** Works the 'auth-cleanup' queue in this process (startWorkers: the server, or `npm run worker`); a throw is retried by pg-boss. */
export async function startAuthCleanupWorker(jobs: JobQueue, deps: Pick<AuthDeps, 'db' | 'env'>): Promise<void> {
  await jobs.work('auth-cleanup', { pollingIntervalSeconds: 30 }, async () => {
    await deleteExpiredAuthState(deps);
  });
}

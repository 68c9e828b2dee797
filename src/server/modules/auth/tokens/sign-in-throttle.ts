import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { authSessions, authSignInThrottle } from '../../../db/schema/auth.ts';
import { errors } from '../gotrue-errors.ts';

/**
 * Per-account throttling of password sign-ins. The per-address limit alone let 600 guesses at one
 * account through from 4 addresses in 5 s.
 *
 * Every attempt at an account is counted, in a locked row, before its password is checked, so
 * concurrent guesses cannot all slip in; a success deletes the count. The first FREE_ATTEMPTS of a
 * streak are checked at once; each attempt after them is checked only once the wait set by the one
 * before has passed, and sets the next wait: 1 s, 2 s, 4 s … at most MAX_WAIT_SECONDS. An attempt
 * during a wait is answered 429 with the honest Retry-After and is not counted. A streak is forgotten
 * STREAK_SECONDS after its last wait ended (or, before any wait, after its first attempt).
 *
 * Never a lockout an attacker can use against the real user: a wait is never longer than 15
 * minutes, and an address that holds a session of the account gets one attempt during a wait
 * (the real user signing in again from home or office); it spends that attempt whatever the
 * outcome, so sharing the user's address (a VPN exit, a NAT) buys an attacker one guess, not a way
 * around the limit. The key is the normalised e-mail whether or not an account exists, so the
 * answers for known and unknown addresses are the same.
 */

export const FREE_ATTEMPTS = 5;
export const MAX_WAIT_SECONDS = 900;
export const STREAK_SECONDS = 900;

type Row = typeof authSignInThrottle.$inferSelect;

export interface SignInAttemptInput {
  email: string;
  /** The account's id when it exists: its sessions decide which addresses are known. */
  userId?: string;
  ip: string | null;
  now?: Date;
}

/** The wait an account owes after its n-th attempt of a streak (the attempt itself being a failure). */
export function waitSeconds(attempts: number): number {
  return attempts < FREE_ATTEMPTS ? 0 : Math.min(2 ** (attempts - FREE_ATTEMPTS), MAX_WAIT_SECONDS);
}

function streakIsOver(row: Row, now: Date): boolean {
  const lastMoment = row.blockedUntil ?? row.windowStartedAt;
  return row.failures === 0 || lastMoment.getTime() + STREAK_SECONDS * 1000 < now.getTime();
}

async function isKnownAddress(db: Pick<Db, 'select'>, userId: string | undefined, ip: string | null): Promise<boolean> {
  if (!userId || !ip) return false;
  const [session] = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), eq(authSessions.ip, ip)))
    .limit(1);
  return session !== undefined;
}

/**
 * Counts one password attempt at `email` and lets its password be checked, or throws GoTrue's 429
 * `over_request_rate_limit` with Retry-After while the account waits. Call
 * `clearSignInAttempts` after a right password; a wrong one needs nothing more (already counted).
 */
export async function admitSignInAttempt(db: Db, input: SignInAttemptInput): Promise<void> {
  const { email, ip } = input;
  const now = input.now ?? new Date();
  const retryAfter = await db.transaction(async (tx) => {
    // Creates the row or locks the existing one: concurrent attempts at one account queue here.
    const [row] = await tx
      .insert(authSignInThrottle)
      .values({ email, windowStartedAt: now })
      .onConflictDoUpdate({ target: authSignInThrottle.email, set: { email } })
      .returning();
    if (!row) throw new Error('admitSignInAttempt: no throttle row');
    const fresh = streakIsOver(row, now);
    const waitingUntil = fresh ? null : row.blockedUntil;
    let excusedIps = fresh ? [] : row.excusedIps;
    if (waitingUntil && waitingUntil > now) {
      const excused = ip !== null && !excusedIps.includes(ip) && (await isKnownAddress(tx, input.userId, ip));
      if (!excused) return Math.max(1, Math.ceil((waitingUntil.getTime() - now.getTime()) / 1000));
      excusedIps = [...excusedIps, ip];
    }
    const attempts = (fresh ? 0 : row.failures) + 1;
    const wait = waitSeconds(attempts);
    const until = wait > 0 ? new Date(Math.max(now.getTime() + wait * 1000, waitingUntil?.getTime() ?? 0)) : null;
    await tx
      .update(authSignInThrottle)
      .set({ failures: attempts, windowStartedAt: fresh ? now : row.windowStartedAt, blockedUntil: until, excusedIps })
      .where(eq(authSignInThrottle.email, email));
    return 0;
  });
  if (retryAfter > 0) throw errors.rateLimited(retryAfter);
}

/** After a right password: the streak is over. */
export async function clearSignInAttempts(db: Db, email: string): Promise<void> {
  await db.delete(authSignInThrottle).where(eq(authSignInThrottle.email, email));
}

/** Forgets streaks that are over (the hourly auth cleanup). */
export async function deleteSettledSignInThrottles(db: Db, now = new Date()): Promise<void> {
  const before = new Date(now.getTime() - STREAK_SECONDS * 1000);
  await db
    .delete(authSignInThrottle)
    .where(lt(sql`coalesce(${authSignInThrottle.blockedUntil}, ${authSignInThrottle.windowStartedAt})`, before));
}

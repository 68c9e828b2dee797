import type { PgliteClient } from '../../db/pglite-thread-client.ts';
import pg from 'pg';

/**
 * Which jobs a live process holds (docs/jobs.md, "Recovery"). pg-boss marks a claimed job `active` and
 * expects heartbeats; a process killed with `kill -9` stops beating, but nothing says at once that it is
 * gone. These claims do, so the recovery pass (job-queue.ts) puts a lost job back within seconds:
 *
 * - PostgreSQL: while a handler runs, its process holds a session advisory lock named after the job on a
 *   connection of its own. PostgreSQL drops a dead process's session, and its locks, as soon as the socket
 *   closes, so "no lock" reads "no live worker" (pg_locks, readable by every role).
 * - PGlite: one process owns the database (the data directory lock; in memory, the test's own), so the
 *   jobs in hand are exactly those of the JobQueues open in this process; any other `active` job was
 *   claimed by a process that is gone.
 */
export interface JobClaims {
  hold(jobId: string): Promise<void>;
  release(jobId: string): Promise<void>;
  /** The jobs held in this process, when that is the whole truth (PGlite); null when other processes hold theirs (PostgreSQL). */
  heldInProcess(): string[] | null;
  stop(): Promise<void>;
}

/** The first key of every job's advisory lock (its second: the job id's hash), so no other lock of ours collides. */
export const JOB_LOCK_SPACE = 741_993_001;

/** Jobs in hand in this process, per PGlite instance (every JobQueue open on it). */
const pgliteHeld = new WeakMap<PgliteClient, Map<string, number>>();

export function pgliteClaims(client: PgliteClient): JobClaims {
  let held = pgliteHeld.get(client);
  if (!held) {
    held = new Map();
    pgliteHeld.set(client, held);
  }
  const mine = held;
  return {
    hold: async (jobId) => void mine.set(jobId, (mine.get(jobId) ?? 0) + 1),
    release: async (jobId) => {
      const count = (mine.get(jobId) ?? 1) - 1;
      if (count > 0) mine.set(jobId, count);
      else mine.delete(jobId);
    },
    heldInProcess: () => [...mine.keys()],
    stop: async () => {},
  };
}

/**
 * Advisory locks on a connection of their own. A lost connection (a server restart, a network blip) is
 * reopened and the jobs in hand locked again; meanwhile the heartbeats keep them from looking lost, since
 * the recovery pass also wants a heartbeat quiet for LIVENESS_GRACE_SECONDS before it trusts a missing lock.
 */
export function postgresClaims(connectionString: string, onError: (error: Error) => void): JobClaims {
  const held = new Set<string>();
  let client: Promise<pg.Client> | null = null;
  let stopped = false;

  const connect = (): Promise<pg.Client> => {
    const next = new pg.Client({ connectionString, application_name: 'compliancecore-job-claims' });
    next.on('error', (error) => {
      onError(error);
      client = null;
    });
    const ready = next.connect().then(async () => {
      for (const jobId of held) await lock(next, jobId);
      return next;
    });
    ready.catch(() => {
      client = null;
    });
    return ready;
  };
  const lock = (connection: pg.Client, jobId: string) =>
    connection.query('select pg_try_advisory_lock($1::int, hashtext($2) & 2147483647)', [JOB_LOCK_SPACE, jobId]);
  // A claim that cannot be recorded leaves the job to its heartbeat: never a reason to fail the job.
  // `fresh`: the connection was opened for this call, and locked every job in hand as it opened.
  const run = async (work: (connection: pg.Client, fresh: boolean) => Promise<unknown>) => {
    if (stopped) return;
    try {
      const fresh = !client;
      client ??= connect();
      await work(await client, fresh);
    } catch (error) {
      onError(error instanceof Error ? error : new Error(String(error)));
    }
  };

  return {
    hold: async (jobId) => {
      held.add(jobId);
      await run((connection, fresh) => (fresh ? Promise.resolve() : lock(connection, jobId)));
    },
    release: async (jobId) => {
      held.delete(jobId);
      await run((connection) => connection.query('select pg_advisory_unlock($1::int, hashtext($2) & 2147483647)', [JOB_LOCK_SPACE, jobId]));
    },
    heldInProcess: () => null,
    stop: async () => {
      stopped = true;
      const open = client;
      client = null;
      if (open) await (await open.catch(() => null))?.end().catch(() => {});
    },
  };
}

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { JobQueue, LOST_JOB_MESSAGE } from './job-queue.ts';

let database: TestDatabase;
let queue: JobQueue;

beforeAll(async () => {
  database = await createTestDatabase();
  queue = await JobQueue.open(database);
  await queue.define('auth-cleanup', { retryLimit: 2, retryDelay: 1 });
});
afterAll(async () => {
  await queue?.stop();
  await database?.dispose();
});

describe('JobQueue', () => {
  it('sends a job in the caller transaction and works it', async () => {
    const seen: string[] = [];
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await queue.enqueue(tx, 'auth-cleanup', { reason: 'manual' });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await queue.enqueue(tx, 'auth-cleanup', { reason: 'schedule' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await queue.work('auth-cleanup', { pollingIntervalSeconds: 0.5 }, async (job) => {
      seen.push(job.data.reason);
    });
    await expect.poll(() => seen, { timeout: 10_000 }).toEqual(['manual']);
  });
});

/** The recovery pass: a job whose worker is gone goes back at once, a job in a live worker's hands never does. */
describe('JobQueue.requeueLost', () => {
  const jobRow = async (id: string) => {
    const result = (await database.db.execute(
      sql`select state, retry_count, start_after <= now() as ready, output from pgboss.job where id = ${id}`,
    )) as unknown as { rows: { state: string; retry_count: number; ready: boolean; output: { message?: string } | null }[] };
    return result.rows[0];
  };

  beforeAll(async () => {
    // A long backoff: a job put back by the pass must not wait it out (it is for failures, not for crashes).
    await queue.define('readiness-snapshot', { retryLimit: 3, retryDelay: 600, heartbeatSeconds: 10 });
    await queue.define('evidence-expiry', { retryLimit: 3, retryDelay: 600, heartbeatSeconds: 10 });
  });

  it('puts back, ready now, a job claimed by a worker that is gone, and the job then runs once', async () => {
    const id = await database.db.transaction((tx) => queue.enqueue(tx, 'readiness-snapshot', { reason: 'manual' }));
    // Claimed outside any worker of this queue: the claimer "died" holding it (no lock, not in hand here).
    const [claimed] = await queue.boss.fetch('readiness-snapshot');
    expect(claimed?.id).toBe(id);
    expect(await jobRow(id!)).toMatchObject({ state: 'active' });
    // Its heartbeat is fresh: with a grace of 5 s the pass leaves it alone for now.
    expect(await queue.requeueLost()).toEqual([]);

    expect(await queue.requeueLost(0)).toEqual([{ name: 'readiness-snapshot', id }]);
    expect(await jobRow(id!)).toMatchObject({ state: 'retry', retry_count: 0, ready: true, output: { message: LOST_JOB_MESSAGE } });
    // A second pass (another process's) finds nothing more to do.
    expect(await queue.requeueLost(0)).toEqual([]);

    const runs: string[] = [];
    await queue.work('readiness-snapshot', { pollingIntervalSeconds: 0.5 }, async (job) => {
      runs.push(job.id);
    });
    await expect.poll(async () => (await jobRow(id!))?.state, { timeout: 10_000 }).toBe('completed');
    expect(runs).toEqual([id]);
    // The lost attempt counted as one of the job's retries, as pg-boss counts every claim.
    expect(await jobRow(id!)).toMatchObject({ retry_count: 1 });
    await queue.boss.offWork('readiness-snapshot');
  });

  it('never takes a job from a live worker, unless its heartbeat stopped', async () => {
    let finish: () => void = () => {};
    const started: string[] = [];
    await queue.work('evidence-expiry', { pollingIntervalSeconds: 0.5 }, async (job) => {
      started.push(job.id);
      await new Promise<void>((resolve) => (finish = resolve));
    });
    const id = await database.db.transaction((tx) => queue.enqueue(tx, 'evidence-expiry', { reason: 'manual' }));
    await expect.poll(() => started, { timeout: 10_000 }).toEqual([id]);
    // The worker holds its claim (a lock on PostgreSQL, in hand on PGlite): no grace needed to see it alive.
    expect(await queue.requeueLost(0)).toEqual([]);
    expect(await jobRow(id!)).toMatchObject({ state: 'active' });

    // A worker alive but stuck (no beat for the queue's heartbeatSeconds) gives its job back all the same.
    // (Its own beat, every 2 s, may land between the two statements: then the next try.)
    await expect
      .poll(async () => {
        await database.db.execute(
          sql`update pgboss.job set heartbeat_on = now() - interval '11 seconds' where id = ${id} and state = 'active'`,
        );
        return queue.requeueLost(3_600);
      })
      .toEqual([{ name: 'evidence-expiry', id }]);
    finish();
    await queue.boss.offWork('evidence-expiry');
  });
});

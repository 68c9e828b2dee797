// @both-engines: what this file checks differs between one connection (PGlite) and a pool (PostgreSQL) — decision 015.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/test-database.ts';
import { buildApp } from './app.ts';
import { parseEnv } from './env.ts';
import { HEARTBEAT_SECONDS, QUEUE_SETTINGS } from './platform/jobs/queue-settings.ts';
import { openWorkerProcess } from './worker-process.ts';
import { SCHEDULES } from './workers.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

describe('startWorkers: one list of workers and schedules', () => {
  it('the server and `npm run worker` work the same queues: every queue that is defined', async () => {
    const app = await buildApp({ database });
    onTestFinished(() => app.close());
    await app.ready();
    const worker = await openWorkerProcess(parseEnv({ NODE_ENV: 'test' }), database);
    onTestFinished(() => worker.stop());

    expect(worker.jobs.worked).toEqual(app.jobs.worked);
    const queues = new Set(app.jobs.worked.filter((name) => !name.endsWith('-dead')));
    expect([...queues].sort()).toEqual(Object.keys(QUEUE_SETTINGS).sort());
    expect(app.jobs.worked).toEqual(expect.arrayContaining(['mail-send', 'mail-send-dead', 'auth-cleanup']));
    // Every queue's jobs beat while they run, as stored in the database pg-boss reads (docs/jobs.md,
    // "Recovery"): a worker that dies or hangs gives its job back within seconds, whatever the queue.
    const stored = (await database.db.execute(sql`select name, heartbeat_seconds from pgboss.queue order by name`)) as unknown as {
      rows: { name: string; heartbeat_seconds: number | null }[];
    };
    expect(stored.rows.filter((row) => queues.has(row.name))).toEqual(
      [...queues].sort().map((name) => ({ name, heartbeat_seconds: HEARTBEAT_SECONDS })),
    );
  });

  it('keeps every periodic pass as a pg-boss schedule, and none for mail (one job per mail)', async () => {
    const app = await buildApp({ database });
    onTestFinished(() => app.close());
    // A database from before: the outbox's minute sweep.
    await app.jobs.boss.schedule('mail-send', '* * * * *', { reason: 'schedule' });
    await app.ready();
    const schedules = await app.jobs.boss.getSchedules();
    expect(schedules.map((schedule) => [schedule.name, schedule.cron]).sort()).toEqual(
      SCHEDULES.map((schedule) => [schedule.name, schedule.cron]).sort(),
    );
  });

  it('leaves the queues to other processes when JOB_WORKERS=off', async () => {
    const app = await buildApp({ database, env: parseEnv({ NODE_ENV: 'test', JOB_WORKERS: 'off' }) });
    onTestFinished(() => app.close());
    await app.ready();
    expect(app.jobs.worked).toEqual([]);
  });
});

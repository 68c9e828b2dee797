import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { type PgliteDatabase, openPglite } from './client.ts';
import { isUniqueViolation } from './errors.ts';
import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { JobQueue } from '../platform/jobs/job-queue.ts';

/** Both drivers answer raw SQL with `{ rows }`; drizzle types it per driver. */
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

/**
 * The embedded database in its own thread (pglite-thread.js): drizzle, transactions, errors, LISTEN
 * and pg-boss work through it as they do in process, and the event loop keeps running while
 * PostgreSQL works.
 */

const probe = pgTable('thread_probe', {
  id: integer('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/* eslint-disable-next-line n/no-process-env -- a PGlite-only file; the PostgreSQL project skips it */
const onPglite = process.env.TEST_DATABASE !== 'postgres';

describe.runIf(onPglite)('PGlite in a worker thread', () => {
  let database: PgliteDatabase;
  let client: PgliteDatabase['jobsConnection'] & { kind: 'pglite' };

  beforeAll(async () => {
    const template = new Blob([fs.readFileSync(inject('pgliteTemplatePath'))]);
    database = await openPglite(undefined, template, { thread: true });
    if (database.jobsConnection.kind !== 'pglite') throw new Error('expected PGlite');
    client = database.jobsConnection;
    await database.db.execute(sql`create table thread_probe (id int primary key, at timestamptz not null default now())`);
  }, 240_000);
  afterAll(() => database?.close());

  it('answers drizzle with the same values as in process: rows, dates, unique violations with their SQLSTATE', async () => {
    await database.db.insert(probe).values({ id: 1 });
    const [row] = await database.db
      .select()
      .from(probe)
      .where(sql`${probe.id} = 1`);
    expect(row?.at).toBeInstanceOf(Date);
    expect(Math.abs(Date.now() - (row?.at.getTime() ?? 0))).toBeLessThan(10 * 60_000);
    const duplicate = await database.db
      .insert(probe)
      .values({ id: 1 })
      .catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(rowsOf(await database.db.execute(sql`select 2 + 2 as four`))).toEqual([{ four: 4 }]);
  });

  it('rolls a transaction back when its callback throws, and runs a query outside it only after it ends', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe (id) values (10)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(rowsOf(await database.db.execute(sql`select count(*)::int as n from thread_probe where id = 10`))).toEqual([{ n: 0 }]);

    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe (id) values (11)`);
      order.push('inserted');
      await held;
      order.push('committing');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = database.db.execute(sql`select count(*)::int as n from thread_probe where id = 11`).then((result) => {
      order.push('read outside');
      return rowsOf(result);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await transaction;
    // The read waited for the commit, so it sees the row (on one connection, as in process).
    expect(await outside).toEqual([{ n: 1 }]);
    expect(order).toEqual(['inserted', 'committing', 'read outside']);
  });

  it('keeps the event loop turning while PostgreSQL works', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    const started = performance.now();
    await client.client.query('select count(*) from generate_series(1, 300000) a join generate_series(1, 2) b on true');
    const elapsed = performance.now() - started;
    clearInterval(timer);
    // In process the loop is blocked for the whole query and the timer fires at most once.
    expect(elapsed).toBeGreaterThan(50);
    expect(ticks).toBeGreaterThan(2);
  });

  it('delivers NOTIFY to a listener, and pg-boss sends and fetches a job through it', async () => {
    const heard: string[] = [];
    const unlisten = await client.client.listen('thread_probe_channel', (payload) => heard.push(payload));
    await client.client.query(`select pg_notify('thread_probe_channel', 'hello')`);
    await expect.poll(() => heard).toEqual(['hello']);
    await unlisten();

    const jobs = await JobQueue.open(database);
    try {
      await jobs.define('agent-run', { retryLimit: 0 });
      const id = await database.db.transaction((tx) =>
        jobs.enqueue(tx, 'agent-run', {
          runId: '00000000-0000-0000-0000-000000000001',
          organizationId: '00000000-0000-0000-0000-000000000002',
        }),
      );
      expect(id).toEqual(expect.any(String));
      expect(await jobs.boss.getJobById('agent-run', String(id))).toMatchObject({ state: 'created' });
    } finally {
      await jobs.stop();
    }
  });

  it('dumps the database as a tarball (what a copy starts from)', async () => {
    const dump = new Uint8Array(await (await database.dump()).arrayBuffer());
    expect(dump.byteLength).toBeGreaterThan(1_000_000);
    expect(new TextDecoder().decode(dump.subarray(257, 262))).toBe('ustar');
  });
});

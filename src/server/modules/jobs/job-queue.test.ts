import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { JobQueue } from './job-queue.ts';

let database: TestDatabase;
let queue: JobQueue;

beforeAll(async () => {
  database = await createTestDatabase();
  queue = await JobQueue.open(database);
  await queue.define('mail-send', { retryLimit: 2, retryDelay: 1 });
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
      await queue.enqueue(tx, 'mail-send', { reason: 'queued' });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await queue.enqueue(tx, 'mail-send', { reason: 'schedule' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await queue.work('mail-send', { pollingIntervalSeconds: 0.5 }, async (job) => {
      seen.push(job.data.reason);
    });
    await expect.poll(() => seen, { timeout: 10_000 }).toEqual(['queued']);
  });
});

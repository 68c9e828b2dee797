import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import type { DomainEvent } from '../../../shared/schemas/domain-events.ts';
import { JobQueue } from '../jobs/job-queue.ts';
import { QUEUE_SETTINGS } from '../jobs/queue-settings.ts';
import { dispatchDomainEvent, emitDomainEvent, startDomainEventWorker } from './domain-events.ts';

let database: TestDatabase;
let queue: JobQueue;
const organizationId = '00000000-0000-4000-8000-000000000001';

beforeAll(async () => {
  database = await createTestDatabase();
  queue = await JobQueue.open(database);
  await queue.define('domain-event', QUEUE_SETTINGS['domain-event']);
});
afterAll(async () => {
  await queue?.stop();
  await database?.dispose();
});

describe('domain events', () => {
  it('reach the listeners that asked for their type, only when the change committed', async () => {
    const all: string[] = [];
    const stale: string[] = [];
    await startDomainEventWorker(queue, [
      { name: 'everything', types: '*', handle: async (event) => void all.push(event.entityId) },
      { name: 'stale only', types: ['control.stale'], handle: async (event) => void stale.push(event.entityId) },
    ]);
    await database.db.transaction(async (tx) => {
      await emitDomainEvent(tx, queue, { type: 'control.stale', organizationId, entityId: 'c1' });
      await emitDomainEvent(tx, queue, { type: 'member.added', organizationId, entityId: 'm1', data: { role: 'client' } });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await emitDomainEvent(tx, queue, { type: 'control.stale', organizationId, entityId: 'rolled-back' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await expect.poll(() => [...all].sort(), { timeout: 10_000 }).toEqual(['c1', 'm1']);
    expect(stale).toEqual(['c1']);
  });

  it('fails the job with the failing listener named, so the queue retries it', async () => {
    const event: DomainEvent = {
      id: 'e1',
      type: 'member.added',
      organizationId,
      entityId: 'm2',
      occurredAt: new Date().toISOString(),
      data: {},
    };
    await expect(
      dispatchDomainEvent([{ name: 'webhooks', types: '*', handle: () => Promise.reject(new Error('down')) }], event),
    ).rejects.toThrow('listener webhooks failed');
  });
});

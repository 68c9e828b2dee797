import { randomUUID } from 'node:crypto';
import type { DomainEvent, DomainEventType } from '../../../shared/schemas/domain-events.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { Jobs } from '../jobs/job-types.ts';

export type { DomainEvent } from '../../../shared/schemas/domain-events.ts';

/**
 * Domain events (docs/events.md): a change says what happened, in its own transaction, and the
 * listeners (workflow triggers, webhooks, notifications) react afterwards in a 'domain-event' job. The
 * event exists exactly when the change commits; a listener that throws makes the job retry, so every
 * listener must be idempotent on `event.id`.
 */
export type DomainEventInput = Omit<DomainEvent, 'id' | 'occurredAt' | 'data'> & { data?: DomainEvent['data'] };

/** Sends the event in the caller's transaction. */
export async function emitDomainEvent(tx: Db | DbTransaction, jobs: Jobs, input: DomainEventInput): Promise<DomainEvent> {
  const event: DomainEvent = { ...input, id: randomUUID(), occurredAt: new Date().toISOString(), data: input.data ?? {} };
  await jobs.enqueue(tx, 'domain-event', event);
  return event;
}

export interface DomainEventListener {
  /** For logs: which listener failed. */
  name: string;
  /** The event types it wants; '*' for all. */
  types: readonly DomainEventType[] | '*';
  handle(event: DomainEvent): Promise<void>;
}

/** Calls each interested listener in turn; the first failure fails the job (retried, then dead-lettered). */
export async function dispatchDomainEvent(listeners: readonly DomainEventListener[], event: DomainEvent): Promise<void> {
  for (const listener of listeners) {
    if (listener.types !== '*' && !listener.types.includes(event.type)) continue;
    try {
      await listener.handle(event);
    } catch (error) {
      throw new Error(`domain event ${event.type} ${event.id}: listener ${listener.name} failed`, { cause: error });
    }
  }
}

/** Works the 'domain-event' queue in this process (the server, or `npm run worker`). */
export async function startDomainEventWorker(queue: JobQueue, listeners: readonly DomainEventListener[]): Promise<void> {
  await queue.work('domain-event', { localConcurrency: 2 }, async (job) => dispatchDomainEvent(listeners, job.data));
}

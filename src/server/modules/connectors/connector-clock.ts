import { lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { connections } from '../../db/schema/connectors.ts';
import { SYSTEM_ORIGIN } from '../../platform/audit/record-audit.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { queueConnectionRun } from './connection-records.ts';

/**
 * The connections' schedule (docs/connectors.md): every ten minutes this pass queues a run for each
 * connection whose next run came due and moves its next run one period (daily by default) on, in one
 * transaction, so a retried pass queues nothing twice.
 */

export const CONNECTOR_CLOCK_CRON = '*/10 * * * *';
const system = { kind: 'all', userId: null } as const;

export async function runConnectorClock(db: Db, jobs: Jobs, now = new Date()): Promise<{ queued: number }> {
  return withTenant(db, system, async (tx) => {
    const due = await tx.select().from(connections).where(lte(connections.nextRunAt, now)).for('update', { skipLocked: true });
    for (const connection of due)
      await queueConnectionRun(tx, jobs, connection, { trigger: 'schedule', requestedBy: null, origin: SYSTEM_ORIGIN, now });
    return { queued: due.length };
  });
}

export async function startConnectorClockWorker(jobs: JobQueue, db: Db): Promise<void> {
  await jobs.work('connector-clock', { pollingIntervalSeconds: 30 }, async () => {
    await runConnectorClock(db, jobs);
  });
}

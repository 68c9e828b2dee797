import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { registerFrameworkRoutes } from './frameworks.routes.ts';
import { runReadinessSnapshots } from './readiness-snapshots.ts';

/** Daily, a few minutes past midnight UTC: yesterday's work is in, today's snapshot row is new. */
const SNAPSHOT_CRON = '5 0 * * *';

/** Works the 'readiness-snapshot' queue in this process and keeps its daily schedule (the server or `npm run worker`). */
export async function startReadinessSnapshotWorker(jobs: JobQueue, db: Db): Promise<void> {
  await jobs.work('readiness-snapshot', { pollingIntervalSeconds: 30 }, async () => {
    await runReadinessSnapshots(db);
  });
  await jobs.boss.schedule('readiness-snapshot', SNAPSHOT_CRON, { reason: 'schedule' });
}

/** The frameworks module: catalogue, activation, crosswalk and readiness routes, and the daily snapshot job. */
export function registerFrameworksModule(app: FastifyInstance): void {
  registerFrameworkRoutes(app);
  app.addHook('onReady', async () => {
    if (app.jobWorkersEnabled) await startReadinessSnapshotWorker(app.jobs, app.database.db);
  });
}

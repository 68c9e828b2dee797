import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { registerFrameworkRoutes } from './frameworks.routes.ts';
import { runReadinessSnapshots } from './readiness-snapshots.ts';

/** Daily, a few minutes past midnight UTC: yesterday's work is in, today's snapshot row is new. */
export const SNAPSHOT_CRON = '5 0 * * *';

/** Works the 'readiness-snapshot' queue in this process (startWorkers: the server or `npm run worker`); its schedule is in workers.ts. */
export async function startReadinessSnapshotWorker(jobs: JobQueue, db: Db): Promise<void> {
  await jobs.work('readiness-snapshot', { pollingIntervalSeconds: 30 }, async () => {
    await runReadinessSnapshots(db);
  });
}

/** The frameworks module: catalogue, activation, crosswalk and readiness routes (the daily snapshot job is started by startWorkers). */
export function registerFrameworksModule(app: FastifyInstance): void {
  registerFrameworkRoutes(app);
}

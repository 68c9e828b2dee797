import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { seedWorkflowTemplates } from '../workflows/workflow-templates.ts';
import { type EngineDeps, handleWorkflowStep } from './engine.ts';
import { runDueSchedules } from './triggers.ts';
import { registerWorkflowRunRoutes } from './workflow-runs.routes.ts';

/** Every minute: scheduled workflows that came due start their runs. */
export const WORKFLOW_SCHEDULE_CRON = '* * * * *';

/** Works the step and schedule queues in this process (startWorkers: the server, or `npm run worker`); the minute schedule is in workers.ts. */
export async function startWorkflowWorkers(
  jobs: JobQueue,
  deps: Omit<EngineDeps, 'jobs'>,
  options: { localConcurrency?: number } = {},
): Promise<void> {
  const engine: EngineDeps = { ...deps, jobs };
  await jobs.work('workflow-step', { localConcurrency: options.localConcurrency ?? 2 }, (job) => handleWorkflowStep(engine, job));
  // Polled every 5 s: a minute's pass put back after its worker died runs again within seconds.
  await jobs.work('workflow-schedule', { pollingIntervalSeconds: 5 }, async () => {
    await runDueSchedules({ db: deps.db, jobs });
  });
}

export function workflowEngineDeps(db: Db, production: boolean): Omit<EngineDeps, 'jobs'> {
  return { db, fetch: globalThis.fetch, allowPrivateHosts: !production };
}

/** Routes and the template library's seed; the event trigger and the workers are started by startWorkers (workers.ts). */
export function registerWorkflowRunsModule(app: FastifyInstance): void {
  registerWorkflowRunRoutes(app);
  app.addHook('onReady', async () => {
    await seedWorkflowTemplates(app.database.db);
  });
}

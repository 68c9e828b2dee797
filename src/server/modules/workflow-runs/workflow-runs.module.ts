import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { seedWorkflowTemplates } from '../workflows/workflow-templates.ts';
import { type EngineDeps, handleWorkflowStep } from './engine.ts';
import { runDueSchedules, workflowEventListener } from './triggers.ts';
import { registerWorkflowRunRoutes } from './workflow-runs.routes.ts';

/** Every minute: scheduled workflows that came due start their runs. */
export const WORKFLOW_SCHEDULE_CRON = '* * * * *';

/** Works the step and schedule queues in this process (the server, or `npm run worker`). */
export async function startWorkflowWorkers(
  jobs: JobQueue,
  deps: Omit<EngineDeps, 'jobs'>,
  options: { localConcurrency?: number } = {},
): Promise<void> {
  const engine: EngineDeps = { ...deps, jobs };
  await jobs.work('workflow-step', { localConcurrency: options.localConcurrency ?? 2 }, (job) => handleWorkflowStep(engine, job));
  await jobs.work('workflow-schedule', { pollingIntervalSeconds: 15 }, async () => {
    await runDueSchedules({ db: deps.db, jobs });
  });
  await jobs.boss.schedule('workflow-schedule', WORKFLOW_SCHEDULE_CRON, { reason: 'schedule' });
}

export function workflowEngineDeps(db: Db, production: boolean, mailQueued: () => void): Omit<EngineDeps, 'jobs'> {
  return { db, fetch: globalThis.fetch, allowPrivateHosts: !production, mailQueued };
}

/** Routes, the event trigger, the template library's seed, and (unless JOB_WORKERS=off) the workers. */
export function registerWorkflowRunsModule(app: FastifyInstance): void {
  registerWorkflowRunRoutes(app);
  app.domainEventListeners.push(workflowEventListener({ db: app.database.db, jobs: app.jobs }));
  app.addHook('onReady', async () => {
    await seedWorkflowTemplates(app.database.db);
    if (!app.jobWorkersEnabled) return;
    await startWorkflowWorkers(
      app.jobs,
      workflowEngineDeps(app.database.db, app.env.NODE_ENV === 'production', () => app.mailWorker.notify()),
    );
  });
}

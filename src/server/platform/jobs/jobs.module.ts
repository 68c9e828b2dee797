import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { JobQueue, type JobQueueOptions } from './job-queue.ts';
import { QUEUE_SETTINGS } from './queue-settings.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The jobs layer: `app.jobs.enqueue(tx, name, data)` in the transaction of the change that causes the job. */
    jobs: JobQueue;
    /** Whether this process works the queues (JOB_WORKERS=in-process) or only sends jobs (off). */
    jobWorkersEnabled: boolean;
  }
}

/** Opens the job queue on the database with every queue defined (queue-settings.ts): the server's and `npm run worker`'s. */
export async function openJobs(database: Database, options: JobQueueOptions = {}): Promise<JobQueue> {
  const jobs = await JobQueue.open(database, options);
  for (const [name, settings] of Object.entries(QUEUE_SETTINGS)) await jobs.define(name as keyof typeof QUEUE_SETTINGS, settings);
  return jobs;
}

/**
 * Opens the job queue on the app's database and defines every queue before any route can send a job.
 * The workers are started by startWorkers (workers.ts) when the app is ready, unless JOB_WORKERS=off.
 */
export async function registerJobsModule(app: FastifyInstance, env: Env, database: Database, options: JobQueueOptions = {}): Promise<void> {
  const jobs = await openJobs(database, {
    ...options,
    onError: (error) => app.log.warn({ err: error }, 'job queue error; pg-boss carries on'),
    onLostJobs: (lost) => app.log.warn({ jobs: lost }, 'jobs whose worker stopped were put back in their queues'),
  });
  app.decorate('jobs', jobs);
  app.decorate('jobWorkersEnabled', env.JOB_WORKERS === 'in-process');
  app.addHook('onClose', async () => jobs.stop());
}

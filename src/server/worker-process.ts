import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { createAgentProvider } from './modules/agent-runs/providers/choose-agent-provider.ts';
import { fileStoreFromEnv } from './modules/files/files.module.ts';
import type { JobQueue } from './platform/jobs/job-queue.ts';
import { openJobs } from './platform/jobs/jobs.module.ts';
import { mailTransportFromEnv } from './platform/mail/mail.module.ts';
import { startWorkers } from './workers.ts';

export interface WorkerProcess {
  jobs: JobQueue;
  /** Lets the jobs in hand finish, then closes the queue and the transport (not the database). */
  stop(): Promise<void>;
}

/** `npm run worker` without its process plumbing: the job queue on `database`, every worker started (startWorkers). */
export async function openWorkerProcess(env: Env, database: Database): Promise<WorkerProcess> {
  const jobs = await openJobs(database, {
    onError: (error) => console.warn(`job queue error: ${error.message}`),
    onLostJobs: (lost) => console.warn(`put back ${lost.length} job(s) whose worker stopped: ${lost.map((job) => job.name).join(', ')}`),
  });
  const mailTransport = mailTransportFromEnv(env, (line) => console.log(line));
  await startWorkers(jobs, {
    db: database.db,
    env,
    mailTransport,
    agentProvider: createAgentProvider(env, (details, message) => console.warn(message, details)),
    fileStore: await fileStoreFromEnv(env),
    onMailError: (error, mailId) =>
      console.warn(`mail ${mailId} not delivered yet: ${error instanceof Error ? error.message : String(error)}`),
  });
  return {
    jobs,
    stop: async () => {
      await jobs.stop();
      mailTransport.close?.();
    },
  };
}

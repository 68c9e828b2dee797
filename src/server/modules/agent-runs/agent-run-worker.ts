import type { FastifyInstance } from 'fastify';
import { PLANS } from '../../../shared/pricing-plans.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { AgentProvider } from './providers/agent-provider.ts';
import { type RunAgentDeps, deadLetterAgentRun, runAgentJob } from './run-agent.ts';

/** Each organization's agent runs at once, across every process, by plan (pricing-plans.ts). */
export const AGENT_RUN_GROUP_CONCURRENCY = {
  default: Math.min(...PLANS.map((plan) => plan.concurrentAgentRuns)),
  tiers: Object.fromEntries(PLANS.map((plan) => [plan.id, plan.concurrentAgentRuns])),
};

/** Works the 'agent-run' queue and its dead letters in this process (the server, or `npm run worker`). */
export async function startAgentRunWorkers(
  queue: JobQueue,
  deps: RunAgentDeps,
  options: { localConcurrency: number; pollingIntervalSeconds?: number },
): Promise<void> {
  await queue.work(
    'agent-run',
    {
      localConcurrency: options.localConcurrency,
      groupConcurrency: AGENT_RUN_GROUP_CONCURRENCY,
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
    },
    async (job) => {
      await runAgentJob(deps, job);
    },
  );
  await queue.workDeadLetters('agent-run', async (job) => deadLetterAgentRun(deps, job.data));
}

/** The server's own agent workers, started when the app is ready unless JOB_WORKERS=off. */
export function registerAgentRunWorker(app: FastifyInstance, provider: AgentProvider): void {
  app.addHook('onReady', async () => {
    if (!app.jobWorkersEnabled) return;
    await startAgentRunWorkers(
      app.jobs,
      { db: app.database.db, jobs: app.jobs, provider, mailQueued: () => app.mailWorker.notify() },
      { localConcurrency: app.env.AGENT_RUN_CONCURRENCY },
    );
  });
}

import { PLANS } from '../../../shared/pricing-plans.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { type RunAgentDeps, deadLetterAgentRun, runAgentJob } from './run-agent.ts';

/** Each organization's agent runs at once, across every process, by plan (pricing-plans.ts). */
export const AGENT_RUN_GROUP_CONCURRENCY = {
  default: Math.min(...PLANS.map((plan) => plan.concurrentAgentRuns)),
  tiers: Object.fromEntries(PLANS.map((plan) => [plan.id, plan.concurrentAgentRuns])),
};

/** Works the 'agent-run' queue and its dead letters in this process (startWorkers: the server, or `npm run worker`). */
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

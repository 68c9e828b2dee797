import type { FastifyInstance } from 'fastify';
import type { TaskClassification } from '../../../shared/schemas/task-requests.ts';
import type { AgentProvider, ClassifyInput } from '../agent-runs/providers/agent-provider.ts';
import { classifyBuiltin } from '../agent-runs/providers/builtin-classifier.ts';
import type { Jobs } from '../jobs/job-types.ts';

/**
 * What the task-request routes take from modules built elsewhere (/tmp contracts, docs/delivery.md):
 * the agent provider's classifier (agent-runs decorates `app.agentProvider`) and the jobs layer (jobs
 * decorates `app.jobs`). Both are read when a request arrives, so registration order does not matter.
 * The declarations repeat the owners' (identical types merge); drop them once both modules are in.
 */
declare module 'fastify' {
  interface FastifyInstance {
    agentProvider: AgentProvider;
    jobs: Jobs;
  }
}

export type ClassifyTask = (input: ClassifyInput) => Promise<TaskClassification>;

/** The agent provider's classifier; the deterministic builtin one while no provider is registered. */
export function taskClassifier(app: FastifyInstance): ClassifyTask {
  return (input) => (app.hasDecorator('agentProvider') ? app.agentProvider.classify(input) : Promise.resolve(classifyBuiltin(input)));
}

const warned = new WeakSet<FastifyInstance>();

/**
 * The jobs layer. Without one (a build where modules/jobs is not registered yet) the agent run row is
 * still written, queued, with no job id: nothing drafts it until a worker exists, and the log says so.
 */
export function pipelineJobs(app: FastifyInstance): Jobs {
  if (app.hasDecorator('jobs')) return app.jobs;
  return {
    enqueue: async (_tx, name, data) => {
      if (!warned.has(app)) {
        warned.add(app);
        app.log.warn({ name, data }, 'no jobs layer is registered: agent runs stay queued without a job');
      }
      return null;
    },
  };
}

import type { FastifyInstance } from 'fastify';
import { registerAgentRunsRoutes } from './agent-runs.routes.ts';
import type { AgentProvider } from './providers/agent-provider.ts';
import { createAgentProvider } from './providers/choose-agent-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Classifies requests and drafts outputs (builtin or openai, LLM_PROVIDER). */
    agentProvider: AgentProvider;
  }
}

/** The agents: their provider (for the request wizard and the agent-run job) and the Agent Dashboard's routes. */
export function registerAgentRunsModule(app: FastifyInstance, deps: { agentProvider?: AgentProvider }): void {
  app.decorate('agentProvider', deps.agentProvider ?? createAgentProvider(app.env, (details, message) => app.log.warn(details, message)));
  registerAgentRunsRoutes(app);
}

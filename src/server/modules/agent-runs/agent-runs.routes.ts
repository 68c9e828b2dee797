import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  agentDetailSchema,
  agentListSchema,
  agentParamsSchema,
  agentSummarySchema,
  updateAgentStatusInputSchema,
} from '../../../shared/schemas/agent-runs.ts';
import { requestTenant } from '../../platform/tenancy/tenant.ts';
import { getAgent, listAgents, updateAgentStatus } from './agent-runs.service.ts';
import { noStore } from '../../platform/http/no-store.ts';

/**
 * /api/v1/agents…: the Agent Dashboard. Staff who review outputs read the agents with statistics over
 * the organizations they reach; administrators change an agent's status.
 */
export function registerAgentRunsRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/agents',
    {
      config: { access: 'readAgents' },
      schema: {
        tags: ['agents'],
        operationId: 'listAgents',
        summary: 'The agents with their status and statistics (tasks completed, success rate, current task, queue, failures)',
        security: [{ bearerAuth: [] }],
        response: { 200: agentListSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await listAgents(await requestTenant(request))),
  );

  api.get(
    '/api/v1/agents/:agentId',
    {
      config: { access: 'readAgents' },
      schema: {
        tags: ['agents'],
        operationId: 'getAgent',
        summary: 'One agent with its statistics and its last 20 runs',
        security: [{ bearerAuth: [] }],
        params: agentParamsSchema,
        response: { 200: agentDetailSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await getAgent(await requestTenant(request), request.params.agentId)),
  );

  api.patch(
    '/api/v1/agents/:agentId',
    {
      config: { access: 'manageAgents', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['agents'],
        operationId: 'updateAgentStatus',
        summary: "Sets an agent's status: active, standby or maintenance (maintenance pauses its runs)",
        security: [{ bearerAuth: [] }],
        params: agentParamsSchema,
        body: updateAgentStatusInputSchema,
        response: { 200: agentSummarySchema },
      },
    },
    async (request, reply) => {
      const agent = await updateAgentStatus(await requestTenant(request), request.params.agentId, request.body.status);
      request.log.info(
        { actorId: request.auth?.role === 'authenticated' ? request.auth.userId : null, agentId: agent.id, status: agent.status },
        'agent status changed',
      );
      return reply.headers(noStore).send(agent);
    },
  );
}

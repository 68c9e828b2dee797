import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AgentList,
  type AgentStatus,
  agentDetailSchema,
  agentListSchema,
  agentSummarySchema,
} from '../../../../shared/schemas/agent-runs.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { agentKeys } from './agent-keys.ts';

/** GET /api/v1/agents (listAgents), refreshed every 30 s: runs start and finish while the page is open. */
export function useAgents() {
  return useQuery({
    queryKey: agentKeys.list(),
    queryFn: ({ signal }) => apiFetch('/api/v1/agents', { schema: agentListSchema, signal }),
    refetchInterval: 30_000,
  });
}

/** GET /api/v1/agents/:agentId (getAgent) */
export function useAgent(agentId: string | null) {
  return useQuery({
    queryKey: agentKeys.detail(agentId ?? ''),
    queryFn: ({ signal }) => apiFetch(`/api/v1/agents/${encodeURIComponent(agentId ?? '')}`, { schema: agentDetailSchema, signal }),
    enabled: agentId !== null,
  });
}

/** PATCH /api/v1/agents/:agentId (updateAgentStatus): shown at once, rolled back on failure, then refreshed. */
export function useUpdateAgentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ agentId, status }: { agentId: string; status: AgentStatus }) =>
      apiFetch(`/api/v1/agents/${encodeURIComponent(agentId)}`, { method: 'PATCH', body: { status }, schema: agentSummarySchema }),
    onMutate: async ({ agentId, status }) => {
      await queryClient.cancelQueries({ queryKey: agentKeys.list() });
      const before = queryClient.getQueryData<AgentList>(agentKeys.list());
      if (before) {
        queryClient.setQueryData<AgentList>(agentKeys.list(), {
          agents: before.agents.map((agent) => (agent.id === agentId ? { ...agent, status } : agent)),
        });
      }
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(agentKeys.list(), context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

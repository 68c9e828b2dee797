/** Query keys of the Agent Dashboard. */
export const agentKeys = {
  all: ['agents'] as const,
  list: () => ['agents', 'list'] as const,
  detail: (agentId: string) => ['agents', 'detail', agentId] as const,
};

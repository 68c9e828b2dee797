import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ConnectionRunList,
  connectionListSchema,
  connectionRunListSchema,
  connectionRunSchema,
  connectionSchema,
  connectorListSchema,
  type CreateConnectionInput,
  testConnectionResultSchema,
} from '../../../../shared/schemas/connectors.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { connectorKeys } from './connector-keys.ts';

/** GET /api/v1/connectors (listConnectors) */
export function useConnectors() {
  return useQuery({
    queryKey: connectorKeys.catalogue(),
    queryFn: ({ signal }) => apiFetch('/api/v1/connectors', { schema: connectorListSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /api/v1/connections (listConnections) */
export function useConnections(organizationId: string | undefined) {
  return useQuery({
    queryKey: connectorKeys.connections(organizationId),
    queryFn: ({ signal }) => apiFetch('/api/v1/connections', { query: { organizationId }, schema: connectionListSchema, signal }),
  });
}

/** A run still queued or running is polled until it ends. */
const stillRunning = (data: ConnectionRunList | undefined) =>
  data?.runs.some((run) => run.status === 'queued' || run.status === 'running') ?? false;

/** GET /api/v1/connections/:connectionId/runs (listConnectionRuns) */
export function useConnectionRuns(connectionId: string, enabled: boolean) {
  return useQuery({
    queryKey: connectorKeys.runs(connectionId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/connections/${connectionId}/runs`, { query: { limit: 10 }, schema: connectionRunListSchema, signal }),
    enabled,
    refetchInterval: (query) => (stillRunning(query.state.data) ? 3000 : false),
  });
}

/** POST /api/v1/connections (createConnection) */
export function useCreateConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateConnectionInput) =>
      apiFetch('/api/v1/connections', { method: 'POST', body: input, schema: connectionSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectorKeys.all }),
  });
}

/** POST /api/v1/connections/:connectionId/test (testConnection) */
export function useTestConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connectionId: string) =>
      apiFetch(`/api/v1/connections/${connectionId}/test`, { method: 'POST', schema: testConnectionResultSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...connectorKeys.all, 'connections'] }),
  });
}

/** POST /api/v1/connections/:connectionId/runs (runConnection) */
export function useRunConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connectionId: string) =>
      apiFetch(`/api/v1/connections/${connectionId}/runs`, { method: 'POST', schema: connectionRunSchema }),
    onSuccess: (run) => queryClient.invalidateQueries({ queryKey: connectorKeys.runs(run.connectionId) }),
  });
}

/** DELETE /api/v1/connections/:connectionId (deleteConnection) */
export function useDeleteConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connectionId: string) => apiFetch<void>(`/api/v1/connections/${connectionId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...connectorKeys.all, 'connections'] }),
  });
}

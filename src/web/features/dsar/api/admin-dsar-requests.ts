import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DsarResolutionInput, dsarRequestDetailSchema, dsarRequestListSchema } from '../../../../shared/schemas/dsar.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export const dsarAdminKeys = {
  all: ['admin', 'dsar-requests'] as const,
  list: () => [...dsarAdminKeys.all, 'list'] as const,
  detail: (id: string) => [...dsarAdminKeys.all, 'detail', id] as const,
};

/** GET /api/v1/admin/dsar-requests: every privacy request, soonest deadline first (administrators). */
export function useDsarRequests() {
  return useQuery({
    queryKey: dsarAdminKeys.list(),
    queryFn: ({ signal }) => apiFetch('/api/v1/admin/dsar-requests', { schema: dsarRequestListSchema, signal }),
  });
}

export function useDsarRequest(id: string) {
  return useQuery({
    queryKey: dsarAdminKeys.detail(id),
    queryFn: ({ signal }) => apiFetch(`/api/v1/admin/dsar-requests/${id}`, { schema: dsarRequestDetailSchema, signal }),
  });
}

/** POST …/:id/resolution: marks the request handled; the list and the request are read again. */
export function useResolveDsarRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DsarResolutionInput) =>
      apiFetch(`/api/v1/admin/dsar-requests/${id}/resolution`, { method: 'POST', body: input, schema: dsarRequestDetailSchema }),
    onSuccess: (detail) => {
      queryClient.setQueryData(dsarAdminKeys.detail(id), detail);
      void queryClient.invalidateQueries({ queryKey: dsarAdminKeys.list() });
    },
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  loadSampleDataResultSchema,
  removeSampleDataResultSchema,
  sampleDataStatusSchema,
} from '../../../../shared/schemas/sample-data.ts';
import { apiFetch } from '../../../lib/api-client.ts';

const STATUS_KEY = ['sample-data', 'status'] as const;

/** GET /api/v1/admin/sample-data (getSampleDataStatus) */
export function useSampleDataStatus() {
  return useQuery({
    queryKey: STATUS_KEY,
    queryFn: ({ signal }) => apiFetch('/api/v1/admin/sample-data', { schema: sampleDataStatusSchema, signal }),
  });
}

/**
 * POST (loadSampleData) and DELETE (removeSampleData). Both change what every other screen lists
 * (organizations, requests…), so every query is refreshed afterwards.
 */
export function useManageSampleData() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries();
  const load = useMutation({
    mutationFn: () => apiFetch('/api/v1/admin/sample-data', { method: 'POST', schema: loadSampleDataResultSchema }),
    onSuccess: (result) => {
      queryClient.setQueryData(STATUS_KEY, result);
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => apiFetch('/api/v1/admin/sample-data', { method: 'DELETE', schema: removeSampleDataResultSchema }),
    onSuccess: refresh,
  });
  return { load, remove };
}

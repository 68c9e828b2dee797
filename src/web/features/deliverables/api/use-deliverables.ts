import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { deliverableDetailSchema, deliverableListSchema } from '../../../../shared/schemas/deliverables.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { type DeliverableFilters, deliverableKeys } from './deliverable-keys.ts';

/** GET /api/v1/deliverables (listDeliverables) */
export function useDeliverables(query: DeliverableFilters) {
  return useQuery({
    queryKey: deliverableKeys.list(query),
    queryFn: ({ signal }) => apiFetch('/api/v1/deliverables', { query: { ...query }, schema: deliverableListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/deliverables/:id (getDeliverable) */
export function useDeliverable(id: string) {
  return useQuery({
    queryKey: deliverableKeys.detail(id),
    queryFn: ({ signal }) => apiFetch(`/api/v1/deliverables/${id}`, { schema: deliverableDetailSchema, signal }),
  });
}

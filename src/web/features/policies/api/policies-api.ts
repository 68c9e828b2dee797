import { useQuery } from '@tanstack/react-query';
import { policyDetailSchema, policyListSchema } from '../../../../shared/schemas/policies.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { policyKeys } from './policy-keys.ts';

/** GET /api/v1/policies (listPolicies) */
export function usePolicies(organizationId: string | undefined) {
  return useQuery({
    queryKey: policyKeys.list(organizationId),
    queryFn: ({ signal }) => apiFetch('/api/v1/policies', { query: { organizationId }, schema: policyListSchema, signal }),
  });
}

/** GET /api/v1/policies/:policyId (getPolicy): the current text and every version. */
export function usePolicy(policyId: string | null) {
  return useQuery({
    queryKey: policyKeys.detail(policyId ?? 'none'),
    queryFn: ({ signal }) => apiFetch(`/api/v1/policies/${policyId}`, { schema: policyDetailSchema, signal }),
    enabled: policyId !== null,
  });
}

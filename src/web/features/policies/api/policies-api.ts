import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deliverableListSchema } from '../../../../shared/schemas/deliverables.ts';
import { type PublishPolicyInput, policyDetailSchema, policyListSchema } from '../../../../shared/schemas/policies.ts';
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

/** GET /api/v1/deliverables (listDeliverables): the approved policy deliverables a policy can be published from. */
export function useApprovedPolicyDeliverables(isEnabled: boolean) {
  return useQuery({
    queryKey: [...policyKeys.all, 'approved-deliverables'] as const,
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/deliverables', { query: { status: 'completed', type: 'policy_draft' }, schema: deliverableListSchema, signal }),
    enabled: isEnabled,
  });
}

/** POST /api/v1/policies (publishPolicy): a new policy, or the next version of one. */
export function usePublishPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublishPolicyInput) => apiFetch('/api/v1/policies', { method: 'POST', body: input, schema: policyDetailSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policyKeys.all }),
  });
}

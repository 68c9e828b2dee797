import { useQuery } from '@tanstack/react-query';
import { ENDPOINT_ACCESS } from '../../../../shared/permissions.ts';
import { planListResponseSchema } from '../../../../shared/schemas/assistant-plans.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { useAccessDecision } from '../../auth/access.ts';
import { planKeys } from './plan-keys.ts';

/**
 * Whether the user's role reads plans: 'loading' until the access data is in. A screen asks for plans
 * only once it is 'allowed', so a role without `plans:read` (the auditor) never sends a request the
 * server would refuse and log as a PRIVILEGE_ESCALATION.
 */
export function usePlanReadAccess(): 'loading' | 'allowed' | 'denied' {
  const { state } = useAccessDecision(ENDPOINT_ACCESS.readPlans);
  if (state === 'allowed') return 'allowed';
  return state === 'denied' ? 'denied' : 'loading';
}

export function usePlans() {
  const isAllowed = usePlanReadAccess() === 'allowed';
  return useQuery({
    queryKey: planKeys.list(),
    queryFn: () => apiFetch('/api/v1/plans', { schema: planListResponseSchema }),
    enabled: isAllowed,
  });
}

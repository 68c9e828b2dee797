import { useQuery } from '@tanstack/react-query';
import { planSchema } from '../../../../shared/schemas/assistant-plans.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { usePlanReadAccess } from './list-plans.ts';
import { planKeys } from './plan-keys.ts';

/** One plan, asked for only once the user's role is known to read plans (see usePlanReadAccess). */
export function usePlan(id: string) {
  const isAllowed = usePlanReadAccess() === 'allowed';
  return useQuery({
    queryKey: planKeys.detail(id),
    queryFn: () => apiFetch(`/api/v1/plans/${id}`, { schema: planSchema }),
    enabled: isAllowed,
  });
}

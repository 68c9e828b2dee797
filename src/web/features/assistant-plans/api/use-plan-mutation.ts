import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Plan, planSchema } from '../../../../shared/schemas/assistant-plans.ts';
import { type ApiRequest, apiFetch } from '../../../lib/api-client.ts';
import { planKeys } from './plan-keys.ts';

/**
 * Every plan edit answers with the whole plan: the cache takes it as is, and the list refreshes.
 * The operation files (add-step.ts, …) say which request each edit is.
 */
export function usePlanMutation<Variables>(
  planId: string,
  request: (variables: Variables) => { path: string } & Pick<ApiRequest<Plan>, 'method' | 'body'>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => {
      const { path, ...rest } = request(variables);
      return apiFetch(`/api/v1/plans/${planId}${path}`, { ...rest, schema: planSchema });
    },
    onSuccess: (plan) => {
      queryClient.setQueryData(planKeys.detail(planId), plan);
      void queryClient.invalidateQueries({ queryKey: planKeys.list() });
    },
  });
}

import { usePlanMutation } from './use-plan-mutation.ts';

export function useSubmitPlan(planId: string) {
  return usePlanMutation(planId, () => ({ path: '/submit', method: 'POST' }));
}

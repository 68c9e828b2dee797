import { usePlanMutation } from './use-plan-mutation.ts';

export function useRemoveStep(planId: string) {
  return usePlanMutation(planId, (stepId: string) => ({ path: `/steps/${stepId}`, method: 'DELETE' }));
}

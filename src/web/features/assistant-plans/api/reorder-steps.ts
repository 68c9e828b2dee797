import { usePlanMutation } from './use-plan-mutation.ts';

export function useReorderSteps(planId: string) {
  return usePlanMutation(planId, (stepIds: string[]) => ({ path: '/steps/order', method: 'PUT', body: { step_ids: stepIds } }));
}

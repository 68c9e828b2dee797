import type { StepInput } from '../../../../shared/schemas/assistant-plans.ts';
import { usePlanMutation } from './use-plan-mutation.ts';

export function useAddStep(planId: string) {
  return usePlanMutation(planId, (step: StepInput) => ({ path: '/steps', method: 'POST', body: step }));
}

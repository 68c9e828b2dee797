import type { UpdateStepInput } from '../../../../shared/schemas/assistant-plans.ts';
import { usePlanMutation } from './use-plan-mutation.ts';

export function useUpdateStep(planId: string) {
  return usePlanMutation(planId, ({ stepId, changes }: { stepId: string; changes: UpdateStepInput }) => ({
    path: `/steps/${stepId}`,
    method: 'PATCH',
    body: changes,
  }));
}

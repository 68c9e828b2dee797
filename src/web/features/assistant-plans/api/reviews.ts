import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReviewDecisionInput, reviewPlanSchema, reviewQueueResponseSchema } from '../../../../shared/schemas/assistant-plans.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { planKeys } from './plan-keys.ts';

/** GET /api/v1/reviews/plans (staff): submitted plans awaiting a decision, oldest first. */
export function useReviewQueue() {
  return useQuery({
    queryKey: planKeys.reviewQueue(),
    queryFn: ({ signal }) => apiFetch('/api/v1/reviews/plans', { schema: reviewQueueResponseSchema, signal }),
  });
}

/** GET /api/v1/reviews/plans/:id (staff): a submitted plan with its steps and requester. */
export function useReviewPlan(id: string) {
  return useQuery({
    queryKey: planKeys.review(id),
    queryFn: ({ signal }) => apiFetch(`/api/v1/reviews/plans/${id}`, { schema: reviewPlanSchema, signal }),
  });
}

/** POST /api/v1/reviews/plans/:id/decision (approvers only). */
export function useDecidePlan(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewDecisionInput) =>
      apiFetch(`/api/v1/reviews/plans/${id}/decision`, { method: 'POST', body: input, schema: reviewPlanSchema }),
    onSuccess: async (plan) => {
      queryClient.setQueryData(planKeys.review(id), plan);
      await queryClient.invalidateQueries({ queryKey: planKeys.reviewQueue() });
      // The owner's own views, when the reviewer happens to be the owner.
      await queryClient.invalidateQueries({ queryKey: planKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: planKeys.list() });
    },
  });
}

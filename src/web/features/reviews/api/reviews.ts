import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type DecideOutputInput,
  type ReviseOutputInput,
  decideOutputResultSchema,
  outputReviewSchema,
  qualityScoresSchema,
  reviewQueueSchema,
} from '../../../../shared/schemas/reviews.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { reviewKeys } from './review-keys.ts';

/** GET /api/v1/review-queue (staff with outputs:review): drafts awaiting review, due soonest first. */
export function useReviewQueue() {
  return useQuery({
    queryKey: reviewKeys.queue(),
    queryFn: ({ signal }) => apiFetch('/api/v1/review-queue', { schema: reviewQueueSchema, signal }),
  });
}

/** GET /api/v1/outputs/:id: the review screen's data. */
export function useOutputReview(outputId: string) {
  return useQuery({
    queryKey: reviewKeys.output(outputId),
    queryFn: ({ signal }) => apiFetch(`/api/v1/outputs/${outputId}`, { schema: outputReviewSchema, signal }),
  });
}

/** POST /api/v1/outputs/:id/revisions: the reviewer's edit, answered with the new version's review. */
export function useReviseOutput(outputId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviseOutputInput) =>
      apiFetch(`/api/v1/outputs/${outputId}/revisions`, { method: 'POST', body: input, schema: outputReviewSchema }),
    onSuccess: async (review) => {
      queryClient.setQueryData(reviewKeys.output(review.output.id), review);
      await queryClient.invalidateQueries({ queryKey: reviewKeys.output(outputId) });
      await queryClient.invalidateQueries({ queryKey: reviewKeys.queue() });
    },
  });
}

/** POST /api/v1/outputs/:id/decision (approvers only). */
export function useDecideOutput(outputId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DecideOutputInput) =>
      apiFetch(`/api/v1/outputs/${outputId}/decision`, { method: 'POST', body: input, schema: decideOutputResultSchema }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: reviewKeys.output(outputId) });
      await queryClient.invalidateQueries({ queryKey: reviewKeys.queue() });
      await queryClient.invalidateQueries({ queryKey: reviewKeys.quality() });
    },
  });
}

/** GET /api/v1/quality-scores: the caller's organizations' review scores. */
export function useQualityScores() {
  return useQuery({
    queryKey: reviewKeys.quality(),
    queryFn: ({ signal }) => apiFetch('/api/v1/quality-scores', { schema: qualityScoresSchema, signal }),
  });
}

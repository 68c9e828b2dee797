import { useQuery } from '@tanstack/react-query';
import { type CheckSubscriptionResponse, checkSubscriptionResponseSchema } from '../../../../shared/schemas/billing.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export const subscriptionKeys = {
  own: (userId: string | null) => ['subscription', 'own', userId] as const,
};

/** The spec's check-subscription function: the signed-in user's own live subscription, or null. */
export function checkSubscription(signal?: AbortSignal): Promise<CheckSubscriptionResponse> {
  return apiFetch('/functions/v1/check-subscription', {
    method: 'POST',
    body: {},
    schema: checkSubscriptionResponseSchema,
    signal,
  });
}

/**
 * Fetched only once someone is signed in. `waitForActivation` polls while a Stripe payment is
 * being confirmed by its webhook (every 2 s, for at most a minute).
 */
export function useOwnSubscription(userId: string | null, { waitForActivation = false } = {}) {
  return useQuery({
    queryKey: subscriptionKeys.own(userId),
    queryFn: ({ signal }) => checkSubscription(signal),
    enabled: userId !== null,
    staleTime: 0,
    refetchInterval: (query) => (waitForActivation && !query.state.data?.subscription && query.state.dataUpdateCount < 30 ? 2_000 : false),
  });
}

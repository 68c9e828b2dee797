import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CheckoutResponse, type SubscribeInput, checkoutResponseSchema } from '../../../../shared/schemas/billing.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** POST /api/v1/billing/checkout with the signed-in user's token (the api client adds it). */
export function startCheckout(input: SubscribeInput): Promise<CheckoutResponse> {
  return apiFetch('/api/v1/billing/checkout', { method: 'POST', body: input, schema: checkoutResponseSchema });
}

/**
 * Checkout makes the buyer a member and the client manager of a new organization (docs/tenancy.md):
 * their access and everything the workspace read before (as someone who reached no organization) is
 * out of date, so every cached answer is marked stale and the screens they open next without
 * reloading (the dashboard, their team) fetch afresh.
 */
export function useStartCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCheckout,
    // Not awaited: the success page opens at once; what is shown refetches behind it.
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}

import { useMutation } from '@tanstack/react-query';
import { type CheckoutResponse, type SubscribeInput, checkoutResponseSchema } from '../../../../shared/schemas/billing.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** POST /api/v1/billing/checkout with the signed-in user's token (the api client adds it). */
export function startCheckout(input: SubscribeInput): Promise<CheckoutResponse> {
  return apiFetch('/api/v1/billing/checkout', { method: 'POST', body: input, schema: checkoutResponseSchema });
}

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout });
}

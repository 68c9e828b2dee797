import type { DsarInput, DsarReceipt } from '../../../../shared/schemas/dsar.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { useLazyMutation } from '../../../lib/use-lazy-mutation.ts';

/** POST /api/v1/dsar-requests: no sign-in needed (a data subject may have no account). */
export async function submitDsar(input: DsarInput): Promise<DsarReceipt> {
  // The schema (and zod) load when the request is sent, not with the page.
  const { dsarReceiptSchema } = await import('../../../../shared/schemas/dsar.ts');
  return apiFetch('/api/v1/dsar-requests', { method: 'POST', body: input, schema: dsarReceiptSchema, token: null });
}

/** TanStack Query loads when the form is focused or sent, not with the page. */
export function useSubmitDsar() {
  return useLazyMutation(submitDsar);
}

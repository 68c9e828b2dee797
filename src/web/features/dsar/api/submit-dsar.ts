import { useMutation } from '@tanstack/react-query';
import { type DsarInput, type DsarReceipt, dsarReceiptSchema } from '../../../../shared/schemas/dsar.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** POST /api/v1/dsar-requests: no sign-in needed (a data subject may have no account). */
export function submitDsar(input: DsarInput): Promise<DsarReceipt> {
  return apiFetch('/api/v1/dsar-requests', { method: 'POST', body: input, schema: dsarReceiptSchema, token: null });
}

export function useSubmitDsar() {
  return useMutation({ mutationFn: submitDsar });
}

import { useMutation } from '@tanstack/react-query';
import { type ConsultationRequest, type LeadReceipt, leadReceiptSchema } from '../../../../shared/schemas/leads.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** POST /functions/v1/send-consultation-email (product.md §7): public, so no token is sent. */
export function sendConsultationEmail(request: ConsultationRequest): Promise<LeadReceipt> {
  return apiFetch('/functions/v1/send-consultation-email', {
    method: 'POST',
    body: request,
    token: null,
    schema: leadReceiptSchema,
  });
}

export function useSendConsultationEmail() {
  return useMutation({ mutationFn: sendConsultationEmail });
}

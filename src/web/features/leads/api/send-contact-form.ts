import { useMutation } from '@tanstack/react-query';
import { type ContactForm, type LeadReceipt, leadReceiptSchema } from '../../../../shared/schemas/leads.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** POST /functions/v1/send-contact-form (product.md §7): public, so no token is sent. */
export function sendContactForm(form: ContactForm): Promise<LeadReceipt> {
  return apiFetch('/functions/v1/send-contact-form', {
    method: 'POST',
    body: form,
    token: null,
    schema: leadReceiptSchema,
  });
}

export function useSendContactForm() {
  return useMutation({ mutationFn: sendContactForm });
}

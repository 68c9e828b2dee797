import type { ContactForm, LeadReceipt } from '../../../../shared/schemas/leads.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { useLazyMutation } from '../../../lib/use-lazy-mutation.ts';

/** POST /functions/v1/send-contact-form (product.md §7): public, so no token is sent. */
export async function sendContactForm(form: ContactForm): Promise<LeadReceipt> {
  // The schema (and zod) load when the form is sent, not with the page.
  const { leadReceiptSchema } = await import('../../../../shared/schemas/leads.ts');
  return apiFetch('/functions/v1/send-contact-form', {
    method: 'POST',
    body: form,
    token: null,
    schema: leadReceiptSchema,
  });
}

/** TanStack Query loads when the form is focused or sent, not with the landing page. */
export function useSendContactForm() {
  return useLazyMutation(sendContactForm);
}

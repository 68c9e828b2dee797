import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consultationRequestSchema, contactFormSchema, leadReceiptSchema } from '../../../shared/schemas/leads.ts';
import { submitConsultationRequest, submitContactForm } from './leads.service.ts';

/** The two lead forms: one row each, one handler for both. */
const LEAD_FORMS = [
  {
    url: '/functions/v1/send-consultation-email',
    operationId: 'sendConsultationRequest',
    body: consultationRequestSchema,
    summary: "Store a 'Book Demo' consultation request and notify sales",
    submit: submitConsultationRequest,
  },
  {
    url: '/functions/v1/send-contact-form',
    operationId: 'sendContactForm',
    body: contactFormSchema,
    summary: 'Store a contact-form message and notify sales',
    submit: submitContactForm,
  },
] as const;

/**
 * The two lead functions of product.md §7. Public (no sign-in), rate-limited per IP, validated with the
 * same zod rules as the forms; each answers only after the lead is stored.
 */
export function registerLeadRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: app.env.LEADS_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };

  for (const form of LEAD_FORMS) {
    typed.post(
      form.url,
      {
        schema: {
          body: form.body,
          response: { 200: leadReceiptSchema },
          tags: ['leads'],
          operationId: form.operationId,
          summary: form.summary,
        },
        config: { access: 'public', rateLimit },
      },
      async (request) => {
        return form.submit(app.database.db, {
          input: request.body,
          source: { ipAddress: request.ip, userAgent: request.headers['user-agent'] },
          salesInbox: app.env.SALES_INBOX,
          jobs: app.jobs,
        });
      },
    );
  }
}

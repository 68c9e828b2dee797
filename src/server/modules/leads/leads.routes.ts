import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consultationRequestSchema, contactFormSchema, leadReceiptSchema } from '../../../shared/schemas/leads.ts';
import { submitConsultationRequest, submitContactForm } from './leads.service.ts';

/**
 * The two lead functions of spec §7. Public (no sign-in), rate-limited per IP, validated with the
 * same zod rules as the forms; each answers only after the lead is stored.
 */
export function registerLeadRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: app.env.LEADS_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };
  const source = (request: FastifyRequest) => ({ ipAddress: request.ip, userAgent: request.headers['user-agent'] });

  typed.post(
    '/functions/v1/send-consultation-email',
    {
      schema: {
        body: consultationRequestSchema,
        response: { 200: leadReceiptSchema },
        tags: ['leads'],
        summary: "Store a 'Book Demo' consultation request and notify sales",
      },
      config: { access: 'public', rateLimit },
    },
    async (request) => {
      const receipt = await submitConsultationRequest(app.database.db, {
        input: request.body,
        source: source(request),
        salesInbox: app.env.SALES_INBOX,
      });
      app.mailWorker.notify();
      return receipt;
    },
  );

  typed.post(
    '/functions/v1/send-contact-form',
    {
      schema: {
        body: contactFormSchema,
        response: { 200: leadReceiptSchema },
        tags: ['leads'],
        summary: 'Store a contact-form message and notify sales',
      },
      config: { access: 'public', rateLimit },
    },
    async (request) => {
      const receipt = await submitContactForm(app.database.db, {
        input: request.body,
        source: source(request),
        salesInbox: app.env.SALES_INBOX,
      });
      app.mailWorker.notify();
      return receipt;
    },
  );
}

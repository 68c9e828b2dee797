import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dsarInputSchema, dsarReceiptSchema, dsarRequestListSchema } from '../../../shared/schemas/dsar.ts';
import { createDsarRequest, listDsarRequests } from './dsar.service.ts';

/** Per IP: enough for a household, too few to flood the privacy team. */
export const DSAR_RATE_LIMIT = { max: 5, timeWindow: '1 hour' } as const;

/** Privacy requests from /dsar ('Privacy Request'); anyone may file one, staff list them. */
export function registerDsarRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/v1/dsar-requests',
    {
      schema: {
        body: dsarInputSchema,
        response: { 201: dsarReceiptSchema },
        tags: ['dsar'],
        summary: 'File a data-subject request; answers with its reference and statutory due date',
      },
      config: { access: 'public', rateLimit: DSAR_RATE_LIMIT },
    },
    async (request, reply) => {
      const userAgent = request.headers['user-agent'];
      const receipt = await createDsarRequest(app.database.db, request.body, {
        ipAddress: request.ip || null,
        userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
        privacyInbox: app.env.PRIVACY_INBOX,
      });
      app.mailWorker.notify();
      return reply.status(201).send(receipt);
    },
  );

  typed.get(
    '/api/v1/admin/dsar-requests',
    {
      schema: {
        response: { 200: dsarRequestListSchema },
        tags: ['dsar'],
        summary: 'Every privacy request, soonest deadline first (administrators only)',
        security: [{ bearerAuth: [] }],
      },
      config: { access: 'administer' },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { requests: await listDsarRequests(app.database.db) };
    },
  );
}

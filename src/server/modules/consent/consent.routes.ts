import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consentHistoryResponseSchema, recordConsentInputSchema, storedConsentSchema } from '../../../shared/schemas/consent.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { listConsents, recordConsent } from './consent.service.ts';
import { noStore } from '../../platform/http/no-store.ts';

/**
 * Cookie consent evidence for signed-in users: the banner keeps the choice in the browser for
 * everyone and, for a signed-in user, also posts it here (product.md §4 Cookie banner).
 */
export function registerConsentRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/v1/consents',
    {
      schema: {
        body: recordConsentInputSchema,
        response: { 201: storedConsentSchema },
        tags: ['consent'],
        operationId: 'recordConsent',
        summary: "Record the signed-in user's cookie choice",
        security: [{ bearerAuth: [] }],
      },
      config: { access: 'signedIn', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const stored = await recordConsent(app.database.db, {
        userId: user.userId,
        consent: request.body,
        userAgent: request.headers['user-agent'],
      });
      return reply.status(201).send(stored);
    },
  );

  typed.get(
    '/api/v1/consents',
    {
      schema: {
        response: { 200: consentHistoryResponseSchema },
        tags: ['consent'],
        operationId: 'listMyConsents',
        summary: "The signed-in user's recorded cookie choices, newest first",
        security: [{ bearerAuth: [] }],
      },
      config: { access: 'signedIn' },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.headers(noStore);
      return { consents: await listConsents(app.database.db, { userId: user.userId }) };
    },
  );
}

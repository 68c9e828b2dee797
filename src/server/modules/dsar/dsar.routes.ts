import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dsarInputSchema,
  dsarParamsSchema,
  dsarReceiptSchema,
  dsarRequestDetailSchema,
  dsarRequestListSchema,
  dsarResolutionInputSchema,
} from '../../../shared/schemas/dsar.ts';
import { getRequestAccess } from '../../platform/access/access-guard.ts';
import { auditOrigin } from '../../platform/audit/record-audit.ts';
import { getDsarRequest, resolveDsarRequest } from './dsar-admin.service.ts';
import { createDsarRequest, listDsarRequests } from './dsar.service.ts';
import { noStore } from '../../platform/http/no-store.ts';

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
        operationId: 'createDsarRequest',
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
        jobs: app.jobs,
      });
      return reply.status(201).send(receipt);
    },
  );

  typed.get(
    '/api/v1/admin/dsar-requests',
    {
      schema: {
        response: { 200: dsarRequestListSchema },
        tags: ['dsar'],
        operationId: 'listDsarRequests',
        summary: 'Every privacy request, soonest deadline first (administrators only)',
        security: [{ bearerAuth: [] }],
      },
      config: { access: 'administer' },
    },
    async (_request, reply) => {
      reply.headers(noStore);
      return { requests: await listDsarRequests(app.database.db) };
    },
  );

  typed.get(
    '/api/v1/admin/dsar-requests/:id',
    {
      schema: {
        operationId: 'getDsarRequest',
        params: dsarParamsSchema,
        response: { 200: dsarRequestDetailSchema },
        tags: ['dsar'],
        summary: 'One privacy request with everything the requester gave and how it was handled (administrators only)',
        security: [{ bearerAuth: [] }],
      },
      config: { access: 'administer' },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return getDsarRequest(app.database.db, request.params.id);
    },
  );

  typed.post(
    '/api/v1/admin/dsar-requests/:id/resolution',
    {
      schema: {
        operationId: 'resolveDsarRequest',
        params: dsarParamsSchema,
        body: dsarResolutionInputSchema,
        response: { 200: dsarRequestDetailSchema },
        tags: ['dsar'],
        summary: 'Mark a privacy request handled (completed or rejected) with a note and the day (administrators only)',
        security: [{ bearerAuth: [] }],
      },
      config: { access: 'administer' },
    },
    async (request) => {
      const access = await getRequestAccess(request);
      const resolved = await resolveDsarRequest(app.database.db, {
        id: request.params.id,
        adminId: access.user.userId,
        resolution: request.body,
        origin: auditOrigin(request),
      });
      request.log.info({ adminId: access.user.userId, dsarId: resolved.id, status: resolved.status }, 'privacy request handled');
      return resolved;
    },
  );
}

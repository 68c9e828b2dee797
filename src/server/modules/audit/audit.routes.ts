import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  auditTrailQuerySchema,
  auditTrailSchema,
  chainVerificationSchema,
  exportAuditTrailQuerySchema,
  verifyAuditTrailQuerySchema,
} from '../../../shared/schemas/audit.ts';
import { attachmentDisposition } from '../../platform/files/content-disposition.ts';
import { fileResponseSchema } from '../../platform/files/file-response-schema.ts';
import { reachTrail } from './audit-reach.ts';
import { exportAuditTrail, listAuditTrail, verifyAuditTrail } from './audit.service.ts';
import { noStore } from '../../platform/http/no-store.ts';

/** /api/v1/audit-trail…: the Audit Trail Viewer's reads (docs/audit.md). */
export function registerAuditRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['audit'], security: [{ bearerAuth: [] }] };
  const config = { access: 'readAuditTrail', rateLimit: { max: 120, timeWindow: '1 minute' } } as const;

  api.get(
    '/api/v1/audit-trail',
    {
      config,
      schema: {
        ...tags,
        operationId: 'listAuditTrail',
        summary:
          'Lists one organization’s audit trail, newest first, filtered by actor, entity, action and date, page by page (cursor: a seq)',
        querystring: auditTrailQuerySchema,
        response: { 200: auditTrailSchema },
      },
    },
    async (request, reply) => {
      const reach = await reachTrail(request, request.query);
      return reply.headers(noStore).send(await listAuditTrail(reach.tenant, reach.organizationId, request.query, reach.window));
    },
  );

  api.get(
    '/api/v1/audit-trail/verify',
    {
      config,
      schema: {
        ...tags,
        operationId: 'verifyAuditTrail',
        summary: 'Verifies an organization’s hash chain: each row’s SHA-256, its link to the previous row, the sequence and the head',
        querystring: verifyAuditTrailQuerySchema,
        response: { 200: chainVerificationSchema },
      },
    },
    async (request, reply) => {
      const reach = await reachTrail(request, request.query);
      return reply.headers(noStore).send(await verifyAuditTrail(reach.tenant, reach.organizationId));
    },
  );

  api.get(
    '/api/v1/audit-trail/export.csv',
    {
      config,
      schema: {
        ...tags,
        operationId: 'exportAuditTrail',
        summary: 'Exports the filtered audit trail as CSV (RFC 4180, formula-safe), oldest first, with each row’s hashes',
        querystring: exportAuditTrailQuerySchema,
        produces: ['text/csv'],
        response: { 200: fileResponseSchema('The audit trail as CSV') },
      },
    },
    async (request, reply) => {
      const reach = await reachTrail(request, request.query);
      const file = await exportAuditTrail(reach.tenant, reach.organizationId, request.query, reach.window);
      return reply
        .headers({
          ...noStore,
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': attachmentDisposition(file.fileName),
          'x-content-type-options': 'nosniff',
        })
        .send(Buffer.from(file.csv, 'utf8'));
    },
  );
}

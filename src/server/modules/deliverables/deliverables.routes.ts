import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deliverableDetailSchema,
  deliverableListQuerySchema,
  deliverableListSchema,
  deliverableParamsSchema,
  downloadDeliverableQuerySchema,
} from '../../../shared/schemas/deliverables.ts';
import { attachmentDisposition } from '../../platform/files/content-disposition.ts';
import { fileResponseSchema } from '../../platform/files/file-response-schema.ts';
import { requestTenant } from '../../platform/tenancy/tenant.ts';
import { downloadDeliverable, getDeliverable, listDeliverables } from './deliverables.service.ts';
import { DOWNLOAD_MEDIA_TYPES } from './render/render-deliverable.ts';
import { noStore } from '../../platform/http/no-store.ts';

/** /api/v1/deliverables…: the delivered work of the organizations the caller reaches (docs/delivery.md). */
export function registerDeliverableRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/deliverables',
    {
      config: { access: 'readDeliverables' },
      schema: {
        tags: ['deliverables'],
        operationId: 'listDeliverables',
        summary: 'Deliverables with search, status, tag and type filters, and counts per status',
        querystring: deliverableListQuerySchema,
        response: { 200: deliverableListSchema },
        security: [{ bearerAuth: [] }],
      },
    },
    async (request, reply) => reply.headers(noStore).send(await listDeliverables(await requestTenant(request), request.query)),
  );

  api.get(
    '/api/v1/deliverables/:id',
    {
      config: { access: 'readDeliverables' },
      schema: {
        tags: ['deliverables'],
        operationId: 'getDeliverable',
        summary: 'One deliverable with its published versions',
        params: deliverableParamsSchema,
        response: { 200: deliverableDetailSchema },
        security: [{ bearerAuth: [] }],
      },
    },
    async (request, reply) => reply.headers(noStore).send(await getDeliverable(await requestTenant(request), request.params.id)),
  );

  api.get(
    '/api/v1/deliverables/:id/download',
    {
      config: { access: 'readDeliverables', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['deliverables'],
        operationId: 'downloadDeliverable',
        summary: 'Downloads a published version (the current one by default) as Markdown, PDF or DOCX, and counts the download',
        params: deliverableParamsSchema,
        querystring: downloadDeliverableQuerySchema,
        produces: Object.values(DOWNLOAD_MEDIA_TYPES),
        response: { 200: fileResponseSchema('The document in the format asked for') },
        security: [{ bearerAuth: [] }],
      },
    },
    async (request, reply) => {
      const file = await downloadDeliverable(await requestTenant(request), { id: request.params.id, ...request.query });
      request.log.info({ deliverableId: request.params.id, format: request.query.format }, 'deliverable downloaded');
      return reply
        .headers({
          ...noStore,
          'content-type': file.mediaType,
          'content-disposition': attachmentDisposition(file.fileName),
          'x-content-type-options': 'nosniff',
        })
        .send(file.body);
    },
  );
}

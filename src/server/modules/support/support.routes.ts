import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ATTACHMENT_MEDIA_TYPES } from '../../../shared/schemas/deliverables.ts';
import {
  createSupportRequestInputSchema,
  listSupportQueueQuerySchema,
  listSupportRequestsQuerySchema,
  replyToSupportRequestInputSchema,
  supportAttachmentParamsSchema,
  supportAttachmentSchema,
  supportRequestDetailSchema,
  supportRequestListSchema,
  supportRequestParamsSchema,
  updateSupportRequestStatusInputSchema,
} from '../../../shared/schemas/support.ts';
import { fileResponseSchema } from '../../platform/files/file-response-schema.ts';
import { registerRawAttachmentUpload } from '../../platform/files/raw-attachment-upload.ts';
import { sendStoredFile } from '../../platform/files/send-stored-file.ts';
import { requestTenant } from '../../platform/tenancy/tenant.ts';
import { downloadSupportAttachment, uploadSupportAttachment } from './support-attachments.ts';
import { createSupportRequest, replyToSupportRequest, updateSupportRequestStatus } from './support.service.ts';
import { getSupportRequest, listSupportQueue, listSupportRequests } from './support-views.ts';
import { noStore } from '../../platform/http/no-store.ts';

/**
 * /api/v1/support-requests…: clients open support requests and follow them in a thread; staff answer
 * from the queue (docs/support.md). Every handler goes through the tenant guard (docs/tenancy.md).
 */
// eslint-disable-next-line max-lines-per-function -- the module's route table (8 operations): one declaration per operation, read top to bottom; each handler is a few lines calling the service
export function registerSupportRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['support'], security: [{ bearerAuth: [] }] };
  const read = { access: 'readSupport' } as const;
  const write = { access: 'writeSupport', rateLimit: { max: 60, timeWindow: '1 minute' } } as const;

  api.get(
    '/api/v1/support-requests',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'listSupportRequests',
        summary: 'Support requests of the organizations the caller reaches (a client: their own), newest activity first',
        querystring: listSupportRequestsQuerySchema,
        response: { 200: supportRequestListSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send({ requests: await listSupportRequests(await requestTenant(request), request.query) }),
  );

  api.post(
    '/api/v1/support-requests',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'createSupportRequest',
        summary: 'Opens a support request (subject, category, priority, message, uploaded attachments); assigned staff are e-mailed',
        body: createSupportRequestInputSchema,
        response: { 201: supportRequestDetailSchema },
      },
    },
    async (request, reply) => {
      const created = await createSupportRequest(await requestTenant(request), request.body, {
        origin: app.publicOrigin(request),
        jobs: app.jobs,
      });
      return reply.code(201).send(created);
    },
  );

  api.get(
    '/api/v1/support-requests/:id',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'getSupportRequest',
        summary: 'One support request with its SLA clock and its thread, oldest message first',
        params: supportRequestParamsSchema,
        response: { 200: supportRequestDetailSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await getSupportRequest(await requestTenant(request), request.params.id)),
  );

  api.post(
    '/api/v1/support-requests/:id/messages',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'replyToSupportRequest',
        summary: 'Replies in a support request’s thread; the other side (assigned staff, or the requester) is e-mailed',
        params: supportRequestParamsSchema,
        body: replyToSupportRequestInputSchema,
        response: { 201: supportRequestDetailSchema },
      },
    },
    async (request, reply) => {
      const updated = await replyToSupportRequest(
        await requestTenant(request),
        { ...request.body, id: request.params.id },
        { origin: app.publicOrigin(request), jobs: app.jobs },
      );
      return reply.code(201).send(updated);
    },
  );

  api.post(
    '/api/v1/support-requests/:id/status',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'updateSupportRequestStatus',
        summary: 'Moves a support request: the client closes or reopens it; staff set any status',
        params: supportRequestParamsSchema,
        body: updateSupportRequestStatusInputSchema,
        response: { 200: supportRequestDetailSchema },
      },
    },
    async (request, reply) =>
      reply.send(await updateSupportRequestStatus(await requestTenant(request), { id: request.params.id, status: request.body.status })),
  );

  api.get(
    '/api/v1/support-queue',
    {
      config: { access: 'answerSupport' },
      schema: {
        ...tags,
        operationId: 'listSupportQueue',
        summary: 'The staff queue: support requests of the organizations the caller serves, due first, with their SLA clocks',
        querystring: listSupportQueueQuerySchema,
        response: { 200: supportRequestListSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send({ requests: await listSupportQueue(await requestTenant(request), request.query) }),
  );

  registerSupportAttachmentRoutes(app);
}

/** Files for support messages: upload as the raw request body (the task attachments' limits), download through the tenant guard. */
function registerSupportAttachmentRoutes(app: FastifyInstance): void {
  void registerRawAttachmentUpload(app, {
    url: '/api/v1/support-attachments',
    access: 'writeSupport',
    tag: 'support',
    operationId: 'uploadSupportAttachment',
    summary: 'Uploads a file to attach to a support message: the raw bytes as the body, their media type as Content-Type',
    response: supportAttachmentSchema,
    store: async (request, upload) => uploadSupportAttachment(await requestTenant(request), app.fileStore, upload),
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/support-attachments/:id',
    {
      config: { access: 'readSupport' },
      schema: {
        tags: ['support'],
        operationId: 'downloadSupportAttachment',
        summary: 'Downloads a support attachment of an organization the caller reaches',
        params: supportAttachmentParamsSchema,
        produces: [...ATTACHMENT_MEDIA_TYPES],
        response: { 200: fileResponseSchema('The file, with its stored media type') },
        security: [{ bearerAuth: [] }],
      },
    },
    async (request, reply) =>
      sendStoredFile(reply, await downloadSupportAttachment(await requestTenant(request), app.fileStore, request.params.id)),
  );
}

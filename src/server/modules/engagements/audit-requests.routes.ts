import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addAuditRequestInputSchema,
  auditRequestListQuerySchema,
  auditRequestListSchema,
  auditRequestParamsSchema,
  auditRequestSchema,
  auditThreadSchema,
  createTaskFromAuditRequestResponseSchema,
  decideAuditRequestInputSchema,
  engagementParamsSchema,
  respondAuditRequestInputSchema,
} from '../../../shared/schemas/engagements.ts';
import { createTaskFromAuditRequest } from './audit-request-task.ts';
import { addAuditRequest, decideAuditRequest, getAuditThread, listAuditRequests, respondAuditRequest } from './audit-requests.service.ts';
import { reachEngagement, requireSide } from './engagement-reach.ts';
import { noStore } from '../../platform/http/no-store.ts';

/** /api/v1/engagements/:engagementId/requests…: the Evidence Review Workflow (docs/audit.md). */
// eslint-disable-next-line max-lines-per-function -- the module's route table (6 operations): one declaration per operation, read top to bottom; each handler is a few lines calling the service
export function registerAuditRequestRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['engagements'], security: [{ bearerAuth: [] }] };
  const read = { access: 'readEngagements', rateLimit: { max: 240, timeWindow: '1 minute' } } as const;
  const write = (access: 'manageEngagements' | 'reviewAudit' | 'respondAudit') =>
    ({ access, rateLimit: { max: 120, timeWindow: '1 minute' } }) as const;
  const auditorsOnly = 'Only the engagement’s auditors decide and add requests.';

  api.get(
    '/api/v1/engagements/:engagementId/requests',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'listAuditRequests',
        summary: 'The "provided by client" list: each request with its status and the evidence in force during the period',
        params: engagementParamsSchema,
        querystring: auditRequestListQuerySchema,
        response: { 200: auditRequestListSchema },
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(await listAuditRequests(await reachEngagement(request, request.params.engagementId), request.query.status)),
  );

  api.post(
    '/api/v1/engagements/:engagementId/requests',
    {
      config: write('reviewAudit'),
      schema: {
        ...tags,
        operationId: 'addAuditRequest',
        summary: 'The auditor adds a request to the list (A-001 onwards)',
        params: engagementParamsSchema,
        body: addAuditRequestInputSchema,
        response: { 201: auditRequestSchema },
      },
    },
    async (request, reply) => {
      const reach = await reachEngagement(request, request.params.engagementId);
      requireSide(reach, ['auditor'], auditorsOnly);
      return reply
        .code(201)
        .headers(noStore)
        .send(await addAuditRequest(reach, request.body));
    },
  );

  api.get(
    '/api/v1/engagements/:engagementId/requests/:requestId',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'getAuditRequest',
        summary: 'One request with its thread: comments, the auditor’s decisions and the client’s submissions',
        params: auditRequestParamsSchema,
        response: { 200: auditThreadSchema },
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(await getAuditThread(await reachEngagement(request, request.params.engagementId), request.params.requestId)),
  );

  api.post(
    '/api/v1/engagements/:engagementId/requests/:requestId/decision',
    {
      config: write('reviewAudit'),
      schema: {
        ...tags,
        operationId: 'decideAuditRequest',
        summary: 'The auditor’s human decision on a request: accept, flag with a comment, or request resubmission',
        params: auditRequestParamsSchema,
        body: decideAuditRequestInputSchema,
        response: { 200: auditRequestSchema },
      },
    },
    async (request, reply) => {
      const reach = await reachEngagement(request, request.params.engagementId);
      requireSide(reach, ['auditor'], auditorsOnly);
      return reply.headers(noStore).send(await decideAuditRequest(reach, app.jobs, request.params.requestId, request.body));
    },
  );

  api.post(
    '/api/v1/engagements/:engagementId/requests/:requestId/messages',
    {
      config: write('respondAudit'),
      schema: {
        ...tags,
        operationId: 'respondAuditRequest',
        summary: 'Writes in a request’s thread; the client may link evidence in force during the period and resubmit',
        params: auditRequestParamsSchema,
        body: respondAuditRequestInputSchema,
        response: { 200: auditThreadSchema },
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(
          await respondAuditRequest(await reachEngagement(request, request.params.engagementId), request.params.requestId, request.body),
        ),
  );

  api.post(
    '/api/v1/engagements/:engagementId/requests/:requestId/task-request',
    {
      config: write('manageEngagements'),
      schema: {
        ...tags,
        operationId: 'createTaskFromAuditRequest',
        summary: 'Staff turn a flagged item into a task request through the delivery pipeline',
        params: auditRequestParamsSchema,
        response: { 201: createTaskFromAuditRequestResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .headers(noStore)
        .send(
          await createTaskFromAuditRequest(await reachEngagement(request, request.params.engagementId), app.jobs, request.params.requestId),
        ),
  );
}

import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  classifyTaskRequestInputSchema,
  classifyTaskRequestResponseSchema,
  createTaskCommentInputSchema,
  createTaskRequestInputSchema,
  planTaskRequestsParamsSchema,
  planTaskRequestsResponseSchema,
  requestTaskRevisionInputSchema,
  taskCommentListSchema,
  taskCommentSchema,
  taskRequestDetailSchema,
  taskRequestListQuerySchema,
  taskRequestListSchema,
  taskRequestParamsSchema,
  taskSummaryQuerySchema,
  taskSummarySchema,
} from '../../../shared/schemas/task-requests.ts';
import { agents } from '../../db/schema/agent-runs.ts';
import { requestTenant } from '../../platform/tenancy/tenant.ts';
import type { ClassifyTask } from './classify-task.ts';
import { createTaskRequestsFromPlan } from './plan-requests.ts';
import { requestTaskRevision } from './request-revision.ts';
import { createTaskComment, listTaskComments } from './task-comments.service.ts';
import {
  cancelTaskRequest,
  createTaskRequest,
  findIdempotentRequest,
  getTaskRequest,
  listTaskRequests,
  retryTaskRequest,
} from './task-requests.service.ts';
import { getTaskSummary } from './task-summary.service.ts';
import { noStore } from '../../platform/http/no-store.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';

const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(1)
    .max(200, 'An Idempotency-Key has at most 200 characters')
    .optional()
    .describe('Retrying with the same key within 24 hours returns the first request (200) instead of creating another'),
});

/**
 * /api/v1/task-requests…: what a client asks us to do, and where it stands (docs/delivery.md "Task
 * requests"). Every handler goes through the tenant guard (docs/tenancy.md).
 */
// eslint-disable-next-line max-lines-per-function -- the module's route table (11 operations): one declaration per operation, read top to bottom; each handler is a few lines calling the service
export function registerTaskRequestRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['task-requests'], security: [{ bearerAuth: [] }] };
  const read = { access: 'readTasks' } as const;
  const write = { access: 'createTasks', rateLimit: { max: 60, timeWindow: '1 minute' } } as const;
  const classify: ClassifyTask = (input) => app.agentProvider.classify(input);

  api.post(
    '/api/v1/task-requests/classify',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'classifyTaskRequest',
        summary:
          'Classifies a request as the wizard’s step 2 shows it (kind of work, agent, priority, complexity, estimate, reasons); nothing is stored',
        body: classifyTaskRequestInputSchema,
        response: { 200: classifyTaskRequestResponseSchema },
      },
    },
    async (request, reply) => {
      const classification = await classify(request.body);
      const [agent] = await app.database.db
        .select({ id: agents.id, name: agents.name })
        .from(agents)
        .where(eq(agents.id, classification.agentId));
      return reply
        .headers(noStore)
        .send({ ...classification, agent: agent ?? { id: classification.agentId, name: classification.agentId } });
    },
  );

  api.post(
    '/api/v1/task-requests',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'createTaskRequest',
        summary: 'Submits a task request: classified, queued for its agent, with a pending deliverable and an SLA due date',
        headers: idempotencyHeadersSchema,
        body: createTaskRequestInputSchema,
        response: { 200: taskRequestDetailSchema, 201: taskRequestDetailSchema },
      },
    },
    async (request, reply) => {
      const tenant = await requestTenant(request);
      const organizationId = await actingOrganization(tenant, request.body.organizationId, { field: 'body.organizationId' });
      const idempotencyKey = request.headers['idempotency-key'];
      const earlier = await findIdempotentRequest(tenant, idempotencyKey);
      if (earlier) return reply.code(200).send(await getTaskRequest(tenant, earlier));
      // The provider may be a network call: classify before the transaction opens.
      const classification = await classify(request.body);
      const { id, created } = await createTaskRequest(tenant, app.jobs, {
        ...request.body,
        organizationId,
        classification,
        idempotencyKey,
      });
      if (created) request.log.info({ taskRequestId: id, organizationId, workKind: classification.workKind }, 'task request submitted');
      return reply.code(created ? 201 : 200).send(await getTaskRequest(tenant, id));
    },
  );

  api.get(
    '/api/v1/task-requests',
    {
      config: { ...read, readCache: true },
      schema: {
        ...tags,
        operationId: 'listTaskRequests',
        summary: 'The task requests of the organizations the caller reaches, newest first',
        querystring: taskRequestListQuerySchema,
        response: { 200: taskRequestListSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await listTaskRequests(await requestTenant(request), request.query)),
  );

  api.get(
    '/api/v1/task-requests/:id',
    {
      config: { ...read, readCache: true },
      schema: {
        ...tags,
        operationId: 'getTaskRequest',
        summary: 'One task request with its classification, timeline, attachments, latest draft status and deliverable',
        params: taskRequestParamsSchema,
        response: { 200: taskRequestDetailSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await getTaskRequest(await requestTenant(request), request.params.id)),
  );

  api.post(
    '/api/v1/task-requests/:id/cancel',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'cancelTaskRequest',
        summary: 'Cancels a request that is not delivered yet (the client of its organization, or an administrator)',
        params: taskRequestParamsSchema,
        response: { 200: taskRequestDetailSchema },
      },
    },
    async (request) => {
      const detail = await cancelTaskRequest(await requestTenant(request), request.params.id, app.jobs);
      request.log.info({ taskRequestId: detail.id }, 'task request cancelled');
      return detail;
    },
  );

  api.post(
    '/api/v1/task-requests/:id/revision',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'submitTaskRevision',
        summary:
          'Asks for a revision of delivered work (the client of its organization, or an administrator): the agent redrafts with the notes, then review as for any version',
        params: taskRequestParamsSchema,
        body: requestTaskRevisionInputSchema,
        response: { 200: taskRequestDetailSchema },
      },
    },
    async (request) => {
      const detail = await requestTaskRevision(await requestTenant(request), app.jobs, request.params.id, request.body.notes);
      request.log.info({ taskRequestId: detail.id }, 'revision of a delivered task request requested');
      return detail;
    },
  );

  api.post(
    '/api/v1/task-requests/:id/retry',
    {
      config: { access: 'readReviews', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        ...tags,
        operationId: 'retryTaskRequest',
        summary: 'Queues a failed request for its agent again (staff who review outputs)',
        params: taskRequestParamsSchema,
        response: { 200: taskRequestDetailSchema },
      },
    },
    async (request) => {
      const detail = await retryTaskRequest(await requestTenant(request), app.jobs, request.params.id);
      request.log.info({ taskRequestId: detail.id }, 'failed task request queued again');
      return detail;
    },
  );

  api.get(
    '/api/v1/task-requests/:id/comments',
    {
      config: { ...read, readCache: true },
      schema: {
        ...tags,
        operationId: 'listTaskComments',
        summary: 'The comments on one task request, oldest first',
        params: taskRequestParamsSchema,
        response: { 200: taskCommentListSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send({ comments: await listTaskComments(await requestTenant(request), request.params.id) }),
  );

  api.post(
    '/api/v1/task-requests/:id/comments',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'createTaskComment',
        summary: 'Comments on a task request; the other side (assigned staff, or the requester) is e-mailed',
        params: taskRequestParamsSchema,
        body: createTaskCommentInputSchema,
        response: { 201: taskCommentSchema },
      },
    },
    async (request, reply) => {
      const comment = await createTaskComment(await requestTenant(request), app.jobs, {
        id: request.params.id,
        body: request.body.body,
        origin: app.publicOrigin(request),
        log: (details, message) => request.log.info(details, message),
      });
      return reply.code(201).send(comment);
    },
  );

  api.post(
    '/api/v1/assistant-plans/:planId/task-requests',
    {
      config: { ...write, access: 'createTasksFromPlan' },
      schema: {
        ...tags,
        operationId: 'createTaskRequestsFromPlan',
        summary: 'Turns an approved advisor plan into task requests, one per step; calling it again creates nothing new',
        params: planTaskRequestsParamsSchema,
        response: { 200: planTaskRequestsResponseSchema, 201: planTaskRequestsResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await createTaskRequestsFromPlan(
        await requestTenant(request),
        { db: app.database.db, jobs: app.jobs, classify },
        request.params.planId,
      );
      if (result.created > 0) request.log.info({ planId: request.params.planId, created: result.created }, 'plan became task requests');
      return reply.code(result.created > 0 ? 201 : 200).send(result);
    },
  );

  api.get(
    '/api/v1/task-summary',
    {
      config: { ...read, readCache: true },
      schema: {
        ...tags,
        operationId: 'getTaskSummary',
        summary:
          'The Overview’s task figures: active, in review, completed, overdue, the most urgent open requests and what changed since a time',
        querystring: taskSummaryQuerySchema,
        response: { 200: taskSummarySchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await getTaskSummary(await requestTenant(request), request.query.since)),
  );
}

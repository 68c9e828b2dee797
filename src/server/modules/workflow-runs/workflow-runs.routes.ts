import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  approvalListQuerySchema,
  approvalListSchema,
  approvalParamsSchema,
  decideWorkflowApprovalInputSchema,
  programCalendarQuerySchema,
  programCalendarSchema,
  startWorkflowRunInputSchema,
  workflowRunDetailSchema,
  workflowRunListQuerySchema,
  workflowRunListSchema,
  workflowRunParamsSchema,
  organizationTimeZoneInputSchema,
  organizationTimeZoneSchema,
  programAnalyticsQuerySchema,
  programAnalyticsSchema,
  schedulePreviewInputSchema,
  schedulePreviewSchema,
} from '../../../shared/schemas/workflow-runs.ts';
import { organizationWorkflowParamsSchema } from '../../../shared/schemas/workflows.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { requestTenant } from '../../platform/tenancy/tenant.ts';
import { listProgramCalendar } from './calendar.service.ts';
import { getProgramAnalytics } from './program-analytics.service.ts';
import { previewSchedule, updateOrganizationTimeZone } from './program-settings.service.ts';
import {
  cancelWorkflowRun,
  decideWorkflowApproval,
  getWorkflowRun,
  listWorkflowApprovals,
  listWorkflowRuns,
  retryWorkflowRun,
  startWorkflowRun,
} from './runs.service.ts';
import { noStore } from '../../platform/http/no-store.ts';

/** Runs, approvals and the compliance calendar (docs/workflow-runs.md), through the tenant guard. */
// eslint-disable-next-line max-lines-per-function -- the module's route table (11 operations): one declaration per operation, read top to bottom; each handler is a few lines calling the service
export function registerWorkflowRunRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['workflow-runs'], security: [{ bearerAuth: [] }] };
  const read = { access: 'readWorkflows' } as const;
  const write = { access: 'writeWorkflows', rateLimit: { max: 120, timeWindow: '1 minute' } } as const;
  const detail = { 200: workflowRunDetailSchema };

  api.post(
    '/api/v1/organization-workflows/:workflowId/runs',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'startWorkflowRun',
        summary: "'Run now': starts a run of the workflow's published version",
        params: organizationWorkflowParamsSchema,
        body: startWorkflowRunInputSchema,
        response: { 201: workflowRunDetailSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .headers(noStore)
        .send(
          await startWorkflowRun(await requestTenant(request), app.jobs, {
            workflowId: request.params.workflowId,
            userId: requireUser(request).userId,
            data: request.body.data,
          }),
        ),
  );

  api.get(
    '/api/v1/workflow-runs',
    {
      config: { ...read, readCache: true },
      schema: {
        ...tags,
        operationId: 'listWorkflowRuns',
        summary: 'Runs, newest first',
        querystring: workflowRunListQuerySchema,
        response: { 200: workflowRunListSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send({ runs: await listWorkflowRuns(await requestTenant(request), request.query) }),
  );

  api.get(
    '/api/v1/workflow-runs/:runId',
    {
      config: { ...read, readCache: true },
      schema: {
        ...tags,
        operationId: 'getWorkflowRun',
        summary: 'One run with its per-node timeline',
        params: workflowRunParamsSchema,
        response: detail,
      },
    },
    async (request, reply) => reply.headers(noStore).send(await getWorkflowRun(await requestTenant(request), request.params.runId)),
  );

  api.post(
    '/api/v1/workflow-runs/:runId/cancel',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'cancelWorkflowRun',
        summary: 'Cancels a running or waiting run',
        params: workflowRunParamsSchema,
        response: detail,
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await cancelWorkflowRun(await requestTenant(request), app.jobs, request.params.runId)),
  );

  api.post(
    '/api/v1/workflow-runs/:runId/retry',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'retryWorkflowRun',
        summary: 'Retries a failed run from the step that failed',
        params: workflowRunParamsSchema,
        response: detail,
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await retryWorkflowRun(await requestTenant(request), app.jobs, request.params.runId)),
  );

  api.get(
    '/api/v1/workflow-approvals',
    {
      config: { ...read, readCache: true },
      schema: {
        ...tags,
        operationId: 'listWorkflowApprovals',
        summary: 'The approval inbox',
        querystring: approvalListQuerySchema,
        response: { 200: approvalListSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send({ approvals: await listWorkflowApprovals(await requestTenant(request), request.query) }),
  );

  api.post(
    '/api/v1/workflow-approvals/:approvalId/decision',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'decideWorkflowApproval',
        summary: 'Approves or rejects; the waiting run goes on down the chosen branch',
        params: approvalParamsSchema,
        body: decideWorkflowApprovalInputSchema,
        response: detail,
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(
        await decideWorkflowApproval(await requestTenant(request), app.jobs, {
          approvalId: request.params.approvalId,
          userId: requireUser(request).userId,
          decision: request.body,
        }),
      ),
  );

  api.get(
    '/api/v1/program-calendar',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'listProgramCalendar',
        summary:
          'The compliance calendar: the next 12 months of scheduled workflows and due tasks, this week, overdue, and phases to the audit',
        querystring: programCalendarQuerySchema,
        response: { 200: programCalendarSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await listProgramCalendar(await requestTenant(request), request.query.organizationId)),
  );

  api.get(
    '/api/v1/program-analytics',
    {
      config: { access: 'readProgramAnalytics', readCache: true },
      schema: {
        ...tags,
        operationId: 'getProgramAnalytics',
        summary: 'Program Analytics by month for the last 12 months: on-time completion, overdue trend, approvals waiting',
        querystring: programAnalyticsQuerySchema,
        response: { 200: programAnalyticsSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await getProgramAnalytics(await requestTenant(request), request.query.organizationId)),
  );

  api.post(
    '/api/v1/workflow-schedule-preview',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'previewWorkflowSchedule',
        summary: "A schedule's next occurrences in the organization's time zone",
        body: schedulePreviewInputSchema,
        response: { 200: schedulePreviewSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await previewSchedule(await requestTenant(request), request.body)),
  );

  api.put(
    '/api/v1/organization-time-zone',
    {
      config: { access: 'manageOrganizationTimeZone', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        ...tags,
        operationId: 'updateOrganizationTimeZone',
        summary: "Sets the organization's time zone (IANA) for its schedules and calendar",
        body: organizationTimeZoneInputSchema,
        response: { 200: organizationTimeZoneSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await updateOrganizationTimeZone(await requestTenant(request), request.body)),
  );
}

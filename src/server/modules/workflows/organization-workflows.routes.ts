import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  organizationWorkflowListSchema,
  organizationWorkflowParamsSchema,
  organizationWorkflowQuerySchema,
  organizationWorkflowSchema,
  setWorkflowStatusInputSchema,
  updateOrganizationWorkflowInputSchema,
  useWorkflowTemplateInputSchema,
  workflowTemplateListSchema,
  workflowValidationSchema,
} from '../../../shared/schemas/workflows.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { requestTenant } from '../../platform/tenancy/tenant.ts';
import {
  getOrganizationWorkflow,
  listOrganizationWorkflows,
  publishWorkflow,
  setWorkflowStatus,
  updateOrganizationWorkflow,
  useWorkflowTemplate,
  validateOrganizationWorkflow,
} from './organization-workflows.service.ts';
import { listWorkflowTemplates } from './workflow-templates.ts';
import { noStore } from '../../platform/http/no-store.ts';

/** The template library and an organization's workflows (docs/workflow-runs.md), through the tenant guard. */
// eslint-disable-next-line max-lines-per-function -- the module's route table (8 operations): one declaration per operation, read top to bottom; each handler is a few lines calling the service
export function registerOrganizationWorkflowRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const tags = { tags: ['workflows'], security: [{ bearerAuth: [] }] };
  const read = { access: 'readWorkflows' } as const;
  const write = { access: 'writeWorkflows', rateLimit: { max: 120, timeWindow: '1 minute' } } as const;
  const params = organizationWorkflowParamsSchema;

  api.get(
    '/api/v1/workflow-templates',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'listWorkflowTemplates',
        summary: 'The public template library of compliance routines',
        response: { 200: workflowTemplateListSchema },
      },
    },
    async () => ({ templates: await listWorkflowTemplates(db) }),
  );

  api.post(
    '/api/v1/organization-workflows',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'createWorkflowFromTemplate',
        summary: "'Use template': copies a template into the organization as a draft workflow",
        body: useWorkflowTemplateInputSchema,
        response: { 201: organizationWorkflowSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .headers(noStore)
        .send(await useWorkflowTemplate(db, await requestTenant(request), { userId: requireUser(request).userId, ...request.body })),
  );

  api.get(
    '/api/v1/organization-workflows',
    {
      config: { ...read, readCache: true },
      schema: {
        ...tags,
        operationId: 'listOrganizationWorkflows',
        summary: "The organization's workflows with status, trigger, next scheduled run and last run",
        querystring: organizationWorkflowQuerySchema,
        response: { 200: organizationWorkflowListSchema },
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send({ workflows: await listOrganizationWorkflows(await requestTenant(request), request.query.organizationId) }),
  );

  api.get(
    '/api/v1/organization-workflows/:workflowId',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'getOrganizationWorkflow',
        summary: 'One workflow with its draft graph',
        params,
        response: { 200: organizationWorkflowSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await getOrganizationWorkflow(await requestTenant(request), request.params.workflowId)),
  );

  api.put(
    '/api/v1/organization-workflows/:workflowId',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'updateOrganizationWorkflow',
        summary: "Saves the builder's draft (the published version and its runs stay as they were)",
        params,
        body: updateOrganizationWorkflowInputSchema,
        response: { 200: organizationWorkflowSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await updateOrganizationWorkflow(await requestTenant(request), request.params.workflowId, request.body)),
  );

  api.get(
    '/api/v1/organization-workflows/:workflowId/validation',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'checkOrganizationWorkflow',
        summary: "The draft's problems, each on its node",
        params,
        response: { 200: workflowValidationSchema },
      },
    },
    async (request, reply) => {
      const problems = await validateOrganizationWorkflow(await requestTenant(request), request.params.workflowId);
      return reply.headers(noStore).send({ valid: problems.length === 0, problems });
    },
  );

  api.post(
    '/api/v1/organization-workflows/:workflowId/publish',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'publishWorkflow',
        summary: 'Validates the draft and publishes it as the next version (new runs pin it)',
        params,
        response: { 200: organizationWorkflowSchema },
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(await publishWorkflow(await requestTenant(request), { id: request.params.workflowId, userId: requireUser(request).userId })),
  );

  api.post(
    '/api/v1/organization-workflows/:workflowId/status',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'updateWorkflowStatus',
        summary: 'Pauses or resumes a published workflow’s triggers',
        params,
        body: setWorkflowStatusInputSchema,
        response: { 200: organizationWorkflowSchema },
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(await setWorkflowStatus(await requestTenant(request), { id: request.params.workflowId, status: request.body.status })),
  );
}

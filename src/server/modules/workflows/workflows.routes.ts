import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  generateWorkflowInputSchema,
  saveWorkflowVersionInputSchema,
  workflowListResponseSchema,
  workflowParamsSchema,
  workflowTemplateDetailSchema,
} from '../../../shared/schemas/workflows.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { auditOrigin } from '../../platform/audit/record-audit.ts';
import { registerOrganizationWorkflowRoutes } from './organization-workflows.routes.ts';
import { generateWorkflow, getWorkflow, listWorkflows, saveWorkflowVersion } from './workflows.service.ts';

/**
 * /api/v1/workflows. Whoever may use the advisor may turn its suggestion into a private workflow of
 * their own and edit it (the widget offers 'Generate workflow' to every workspace user); staff with
 * workflows:write may too.
 */
export function registerWorkflowRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const base = { tags: ['workflows'], security: [{ bearerAuth: [] }] };
  const canRead = { access: 'readWorkflows' } as const;
  const canWrite = { access: 'writeWorkflows' } as const;
  const writeLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

  typed.post(
    '/api/v1/workflows/generate',
    {
      schema: {
        ...base,
        operationId: 'generateWorkflow',
        body: generateWorkflowInputSchema,
        response: { 201: workflowTemplateDetailSchema },
        summary: "'Generate workflow' from the advisor's suggestion",
      },
      config: { ...writeLimit, ...canWrite },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await generateWorkflow(db, { userId: requireUser(request).userId, suggestion: request.body, origin: auditOrigin(request) })),
  );

  typed.get(
    '/api/v1/workflows',
    {
      schema: {
        ...base,
        operationId: 'listWorkflows',
        response: { 200: workflowListResponseSchema },
        summary: 'Your workflows, latest version of each',
      },
      config: canRead,
    },
    async (request) => ({ workflows: await listWorkflows(db, requireUser(request).userId) }),
  );

  typed.get(
    '/api/v1/workflows/:id',
    {
      schema: {
        ...base,
        operationId: 'getWorkflow',
        params: workflowParamsSchema,
        response: { 200: workflowTemplateDetailSchema },
        summary: 'One workflow version with the list of its versions',
      },
      config: canRead,
    },
    async (request) => getWorkflow(db, { userId: requireUser(request).userId, id: request.params.id }),
  );

  typed.post(
    '/api/v1/workflows/:id/versions',
    {
      schema: {
        ...base,
        operationId: 'saveWorkflowVersion',
        params: workflowParamsSchema,
        body: saveWorkflowVersionInputSchema,
        response: { 201: workflowTemplateDetailSchema },
        summary: 'Save edits as a new version',
      },
      config: { ...writeLimit, ...canWrite },
    },
    async (request, reply) =>
      reply.status(201).send(
        await saveWorkflowVersion(db, {
          userId: requireUser(request).userId,
          id: request.params.id,
          changes: request.body,
          origin: auditOrigin(request),
        }),
      ),
  );
  registerOrganizationWorkflowRoutes(app);
}

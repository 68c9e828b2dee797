import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activateFrameworkInputSchema,
  activationResultSchema,
  crosswalkQuerySchema,
  crosswalkSchema,
  frameworkDetailSchema,
  frameworkListSchema,
  frameworkParamsSchema,
  organizationQuerySchema,
  readinessHistoryQuerySchema,
  readinessHistorySchema,
  readinessSchema,
} from '../../../shared/schemas/frameworks.ts';
import { eq } from 'drizzle-orm';
import { organizations } from '../../db/schema/organizations.ts';
import { attachmentDisposition } from '../../platform/files/content-disposition.ts';
import { fileResponseSchema } from '../../platform/files/file-response-schema.ts';
import { activateFramework, deactivateFramework, getCrosswalk, getFramework, listFrameworks } from './frameworks.service.ts';
import { programmeContext } from './programme-context.ts';
import { renderReadinessReport } from './readiness-report.ts';
import { getReadiness, listReadinessHistory } from './readiness.service.ts';
import { noStore } from '../../platform/http/no-store.ts';

/**
 * /api/v1/frameworks… and /api/v1/readiness…: the catalogue, a client's activations, crosswalks and
 * readiness (docs/programme.md). Tenancy through the guard; access scopes narrow the frameworks seen.
 */
// eslint-disable-next-line max-lines-per-function -- the module's route table (8 operations): one declaration per operation, read top to bottom; each handler is a few lines calling the service
export function registerFrameworkRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['frameworks'], security: [{ bearerAuth: [] }] };
  const read = { access: 'readFrameworks' } as const;
  const manage = { access: 'manageFrameworks', rateLimit: { max: 60, timeWindow: '1 minute' } } as const;

  api.get(
    '/api/v1/frameworks',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'listFrameworks',
        summary: 'The framework catalogue, with the organization’s activations and readiness (null without an organization in view)',
        querystring: organizationQuerySchema,
        response: { 200: frameworkListSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await listFrameworks(await programmeContext(request), request.query.organizationId)),
  );

  api.get(
    '/api/v1/frameworks/:frameworkId',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'getFramework',
        summary: 'One framework: its requirements as a tree with mapped controls, and each requirement’s status and reason when active',
        params: frameworkParamsSchema,
        querystring: organizationQuerySchema,
        response: { 200: frameworkDetailSchema },
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(await getFramework(await programmeContext(request), request.params.frameworkId, request.query.organizationId)),
  );

  api.put(
    '/api/v1/frameworks/:frameworkId/activation',
    {
      config: manage,
      schema: {
        ...tags,
        operationId: 'activateFramework',
        summary: 'Activates a framework (target date, audit type where it applies); the controls it maps to come into scope',
        params: frameworkParamsSchema,
        body: activateFrameworkInputSchema,
        response: { 200: activationResultSchema },
      },
    },
    async (request, reply) => {
      const result = await activateFramework(await programmeContext(request), request.params.frameworkId, request.body);
      request.log.info({ frameworkId: result.frameworkId, controlsAdded: result.controlsAdded }, 'framework activated');
      return reply.headers(noStore).send(result);
    },
  );

  api.delete(
    '/api/v1/frameworks/:frameworkId/activation',
    {
      config: manage,
      schema: {
        ...tags,
        operationId: 'deactivateFramework',
        summary: 'Ends a framework’s activation; the controls and evidence stay',
        params: frameworkParamsSchema,
        querystring: organizationQuerySchema,
        response: { 204: z.null().describe('Deactivated') },
      },
    },
    async (request, reply) => {
      await deactivateFramework(await programmeContext(request), request.params.frameworkId, request.query.organizationId);
      return reply.code(204).send(null);
    },
  );

  api.get(
    '/api/v1/frameworks/:frameworkId/crosswalk',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'getCrosswalk',
        summary: 'What this framework adds to one you have: requirements covered and partly covered, the new controls and their evidence',
        params: frameworkParamsSchema,
        querystring: crosswalkQuerySchema,
        response: { 200: crosswalkSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await getCrosswalk(await programmeContext(request), request.params.frameworkId, request.query)),
  );

  api.get(
    '/api/v1/readiness',
    {
      config: { ...read, readCache: true },
      schema: {
        ...tags,
        operationId: 'getReadiness',
        summary:
          'Readiness per active framework with a reason for each requirement, controls by status, expiring and stale evidence, next actions',
        querystring: organizationQuerySchema,
        response: { 200: readinessSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await getReadiness(await programmeContext(request), request.query.organizationId)),
  );

  api.get(
    '/api/v1/readiness/history',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'listReadinessHistory',
        summary: 'Daily readiness snapshots per framework, and the programme’s counts (framework “*”), for the last `days` days',
        querystring: readinessHistoryQuerySchema,
        response: { 200: readinessHistorySchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await listReadinessHistory(await programmeContext(request), request.query)),
  );

  api.get(
    '/api/v1/readiness/report.pdf',
    {
      config: { ...read, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        ...tags,
        operationId: 'exportReadinessReport',
        summary: 'The readiness report as a PDF: every active framework’s requirements with status and reason, and evidence to renew',
        querystring: organizationQuerySchema,
        produces: ['application/pdf'],
        response: { 200: fileResponseSchema('The readiness report (PDF)') },
      },
    },
    async (request, reply) => {
      const context = await programmeContext(request);
      const readiness = await getReadiness(context, request.query.organizationId);
      const [organization] = await app.database.db
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, readiness.organizationId));
      const name = organization?.name ?? 'Organization';
      const pdf = await renderReadinessReport(readiness, name);
      return reply
        .headers({
          ...noStore,
          'content-type': 'application/pdf',
          'content-disposition': attachmentDisposition(`readiness-report-${readiness.computedAt.slice(0, 10)}.pdf`),
          'x-content-type-options': 'nosniff',
        })
        .send(pdf);
    },
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loadSampleDataResultSchema, removeSampleDataResultSchema, sampleDataStatusSchema } from '../../../shared/schemas/sample-data.ts';
import type { AuthDeps } from '../auth/context.ts';
import { auditOrigin } from '../../platform/audit/record-audit.ts';
import type { SampleDataDeps } from './sample-context.ts';
import { getSampleDataStatus, loadSampleData, removeSampleData } from './sample-data.ts';
import { noStore } from '../../platform/http/no-store.ts';

/** /api/v1/admin/sample-data: the Admin Sample Data Manager (staff with is_data_ai_admin). docs/sample-data.md. */
export function registerSampleDataRoutes(app: FastifyInstance, authDeps: AuthDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['admin'], security: [{ bearerAuth: [] }] };
  const config = { access: 'manageSampleData', rateLimit: { max: 10, timeWindow: '1 minute' } } as const;
  const deps = (request: FastifyRequest): SampleDataDeps => ({
    db: app.database.db,
    store: app.fileStore,
    jobs: app.jobs,
    authDeps,
    publicOrigin: app.publicOrigin(request),
    origin: auditOrigin(request),
    onStep: (step) => request.log.info({ step }, 'sample data'),
  });

  api.get(
    '/api/v1/admin/sample-data',
    {
      config,
      schema: {
        ...tags,
        operationId: 'getSampleDataStatus',
        summary: 'Whether the sample organization is loaded, what it holds (counts by kind) and its sign-in accounts',
        response: { 200: sampleDataStatusSchema },
      },
    },
    async (_request, reply) => reply.headers(noStore).send(await getSampleDataStatus(app.database.db)),
  );

  api.post(
    '/api/v1/admin/sample-data',
    {
      config,
      schema: {
        ...tags,
        operationId: 'loadSampleData',
        summary:
          'Loads the sample organization through the workspace services (201 with the accounts’ password, shown once), or answers the one already loaded (200, nothing duplicated)',
        response: { 200: loadSampleDataResultSchema, 201: loadSampleDataResultSchema },
      },
    },
    async (request, reply) => {
      const result = await loadSampleData(deps(request));
      request.log.info({ created: result.created, organizationId: result.organization?.id }, 'sample data loaded');
      return reply
        .code(result.created ? 201 : 200)
        .headers(noStore)
        .send(result);
    },
  );

  api.delete(
    '/api/v1/admin/sample-data',
    {
      config,
      schema: {
        ...tags,
        operationId: 'removeSampleData',
        summary: 'Removes the sample organization, its accounts and everything it made; the audit trail keeps its record',
        response: { 200: removeSampleDataResultSchema },
      },
    },
    async (request, reply) => {
      const result = await removeSampleData(deps(request));
      request.log.info({ removed: result.removed, accounts: result.accounts }, 'sample data removed');
      return reply.headers(noStore).send(result);
    },
  );
}

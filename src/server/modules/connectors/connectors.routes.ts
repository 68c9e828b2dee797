import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  connectionListQuerySchema,
  connectionListSchema,
  connectionParamsSchema,
  connectionRunListQuerySchema,
  connectionRunListSchema,
  connectionRunSchema,
  connectionSchema,
  connectorListSchema,
  createConnectionInputSchema,
  testConnectionResultSchema,
} from '../../../shared/schemas/connectors.ts';
import { AppError } from '../../app-error.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { noStore } from '../../platform/http/no-store.ts';
import { requestTenant } from '../../platform/tenancy/tenant.ts';
import { createSealer } from '../auth/tokens/sealing.ts';
import {
  type ConnectorsContext,
  createConnection,
  deleteConnection,
  listConnectionRuns,
  listConnections,
  listConnectors,
  runConnection,
  testConnection,
} from './connections.service.ts';

/** /api/v1/connectors and /api/v1/connections…: connectors (issue 38, docs/connectors.md), through the tenant guard. */
export function registerConnectorRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['connectors'], security: [{ bearerAuth: [] }] };
  const read = { access: 'readEvidence' } as const;
  const sealer = createSealer(app.env.AUTH_SECRET);

  async function contextOf(request: FastifyRequest): Promise<ConnectorsContext> {
    return {
      tenant: await requestTenant(request),
      jobs: app.jobs,
      sealer,
      allowPrivateEndpoints: app.env.CONNECTOR_ALLOW_PRIVATE_ENDPOINTS,
      userId: requireUser(request).userId,
    };
  }

  api.get(
    '/api/v1/connectors',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'listConnectors',
        summary: 'The connectors: the credentials each needs and its checks with the controls they evidence',
        response: { 200: connectorListSchema },
      },
    },
    async (_request, reply) => reply.headers(noStore).send(listConnectors()),
  );

  api.get(
    '/api/v1/connections',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'listConnections',
        summary: 'An organization’s connections: status, schedule, failing checks (never their credentials)',
        querystring: connectionListQuerySchema,
        response: { 200: connectionListSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await listConnections(await requestTenant(request), request.query)),
  );

  api.get(
    '/api/v1/connections/:connectionId/runs',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'listConnectionRuns',
        summary: 'A connection’s runs, latest first: per check pass, fail or could-not-check, with the resources and the evidence stored',
        params: connectionParamsSchema,
        querystring: connectionRunListQuerySchema,
        response: { 200: connectionRunListSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await listConnectionRuns(await requestTenant(request), request.params.connectionId, request.query.limit)),
  );

  registerConnectionChanges(app, contextOf);
}

/** The routes that change something: connect, test, run, delete. */
function registerConnectionChanges(app: FastifyInstance, contextOf: (request: FastifyRequest) => Promise<ConnectorsContext>): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['connectors'], security: [{ bearerAuth: [] }] };
  const run = { access: 'writeEvidence', rateLimit: { max: 30, timeWindow: '1 minute' } } as const;
  const manage = { access: 'manageConnectors', rateLimit: { max: 30, timeWindow: '1 minute' } } as const;

  api.post(
    '/api/v1/connections',
    {
      config: manage,
      schema: {
        ...tags,
        operationId: 'createConnection',
        summary: 'Connects a service with read-only credentials (sealed, never shown again); its first run is queued at once',
        body: createConnectionInputSchema,
        response: { 201: connectionSchema },
      },
    },
    async (request, reply) => {
      if (app.env.NODE_ENV === 'production' && !app.env.AUTH_SECRET) {
        throw new AppError('UNAVAILABLE', 'Connections need AUTH_SECRET to seal their credentials.');
      }
      return reply
        .code(201)
        .headers(noStore)
        .send(await createConnection(await contextOf(request), request.body));
    },
  );

  api.post(
    '/api/v1/connections/:connectionId/test',
    {
      config: run,
      schema: {
        ...tags,
        operationId: 'testConnection',
        summary: 'Asks the provider who the stored credentials are; the connection’s status records the answer',
        params: connectionParamsSchema,
        response: { 200: testConnectionResultSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await testConnection(await contextOf(request), request.params.connectionId)),
  );

  api.post(
    '/api/v1/connections/:connectionId/runs',
    {
      config: run,
      schema: {
        ...tags,
        operationId: 'runConnection',
        summary: 'Queues a run of every check of the connection now (202: follow it in listConnectionRuns)',
        params: connectionParamsSchema,
        response: { 202: connectionRunSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .headers(noStore)
        .send(await runConnection(await contextOf(request), request.params.connectionId)),
  );

  api.delete(
    '/api/v1/connections/:connectionId',
    {
      config: manage,
      schema: {
        ...tags,
        operationId: 'deleteConnection',
        summary: 'Removes a connection and its sealed credentials; the evidence it stored stays',
        params: connectionParamsSchema,
        response: { 204: z.undefined().describe('The connection is removed') },
      },
    },
    async (request, reply) => {
      await deleteConnection(await requestTenant(request), app.jobs, request.params.connectionId);
      return reply.code(204).headers(noStore).send();
    },
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  riskInputSchema,
  riskListQuerySchema,
  riskListSchema,
  riskParamsSchema,
  riskSchema,
  updateRiskInputSchema,
} from '../../../shared/schemas/risks.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { getRequestAccess } from '../../platform/access/access-guard.ts';
import { requestTenant } from '../../platform/tenancy/tenant.ts';
import { createRisk, getRisk, listRisks, type RiskActor, updateRisk } from './risks.service.ts';
import { noStore } from '../../platform/http/no-store.ts';

async function actorOf(request: FastifyRequest): Promise<RiskActor> {
  return { userId: requireUser(request).userId, reader: await getRequestAccess(request) };
}

/** /api/v1/risks…: the risk register (docs/programme.md "Risks"), through the tenant guard. */
export function registerRiskRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['risks'], security: [{ bearerAuth: [] }] };
  const read = { access: 'readRisks' } as const;
  const write = { access: 'writeRisks', rateLimit: { max: 120, timeWindow: '1 minute' } } as const;

  api.get(
    '/api/v1/risks',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'listRisks',
        summary: 'Lists an organization’s risks by ref, with heat maps (likelihood × impact) of the open ones, inherent and residual',
        querystring: riskListQuerySchema,
        response: { 200: riskListSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await listRisks(await requestTenant(request), await actorOf(request), request.query)),
  );

  api.post(
    '/api/v1/risks',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'createRisk',
        summary: 'Adds a risk to the register (the next ref, R-001 onwards); residual values default to the inherent ones',
        body: riskInputSchema,
        response: { 201: riskSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .headers(noStore)
        .send(await createRisk(await requestTenant(request), await actorOf(request), request.body)),
  );

  api.get(
    '/api/v1/risks/:riskId',
    {
      config: read,
      schema: { ...tags, operationId: 'getRisk', summary: 'One risk', params: riskParamsSchema, response: { 200: riskSchema } },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await getRisk(await requestTenant(request), await actorOf(request), request.params.riskId)),
  );

  api.patch(
    '/api/v1/risks/:riskId',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'updateRisk',
        summary: 'Changes a risk: scores, treatment, owner, review date, linked controls, or closes it',
        params: riskParamsSchema,
        body: updateRiskInputSchema,
        response: { 200: riskSchema },
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(await updateRisk(await requestTenant(request), await actorOf(request), request.params.riskId, request.body)),
  );
}

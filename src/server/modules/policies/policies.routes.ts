import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  policyDetailSchema,
  policyListQuerySchema,
  policyListSchema,
  policyParamsSchema,
  publishPolicyInputSchema,
} from '../../../shared/schemas/policies.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { noStore } from '../../platform/http/no-store.ts';
import { requestTenant } from '../../platform/tenancy/tenant.ts';
import { getPolicy, listPolicies, publishPolicy } from './policies.service.ts';

/** /api/v1/policies…: the policy center (docs/policies.md), through the tenant guard. */
export function registerPolicyRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['policies'], security: [{ bearerAuth: [] }] };

  api.get(
    '/api/v1/policies',
    {
      config: { access: 'readPolicies' },
      schema: {
        ...tags,
        operationId: 'listPolicies',
        summary: 'Lists the organization’s published policies (controlled documents) by ref, optionally only those due for review',
        querystring: policyListQuerySchema,
        response: { 200: policyListSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await listPolicies(await requestTenant(request), request.query)),
  );

  api.post(
    '/api/v1/policies',
    {
      config: { access: 'publishPolicies', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        ...tags,
        operationId: 'publishPolicy',
        summary:
          'Publishes an approved policy deliverable as a controlled document (owner, effective and review dates, controls), or as the next version of a policy; a deliverable version already published is refused (409 POLICY_UNCHANGED)',
        body: publishPolicyInputSchema,
        response: { 201: policyDetailSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .headers(noStore)
        .send(await publishPolicy(await requestTenant(request), requireUser(request).userId, request.body)),
  );

  api.get(
    '/api/v1/policies/:policyId',
    {
      config: { access: 'readPolicies' },
      schema: {
        ...tags,
        operationId: 'getPolicy',
        summary: 'One policy: its current text and every version with its owner, dates and source deliverable',
        params: policyParamsSchema,
        response: { 200: policyDetailSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await getPolicy(await requestTenant(request), request.params.policyId)),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { personListQuerySchema, personListSchema } from '../../../shared/schemas/people.ts';
import { noStore } from '../../platform/http/no-store.ts';
import { requestTenant } from '../../platform/tenancy/tenant.ts';
import { listPeople } from './people.service.ts';

/** /api/v1/people…: the organization's roster (docs/policies.md), through the tenant guard. */
export function registerPeopleRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['people'], security: [{ bearerAuth: [] }] };

  api.get(
    '/api/v1/people',
    {
      config: { access: 'readPeople' },
      schema: {
        ...tags,
        operationId: 'listPeople',
        summary: 'Lists the organization’s people (the roster that signs policies), filtered by status, department or words',
        querystring: personListQuerySchema,
        response: { 200: personListSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await listPeople(await requestTenant(request), request.query)),
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  updateVendorInputSchema,
  vendorInputSchema,
  vendorListQuerySchema,
  vendorListSchema,
  vendorParamsSchema,
  vendorSchema,
} from '../../../shared/schemas/vendors.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { getRequestAccess } from '../../platform/access/access-guard.ts';
import { noStore } from '../../platform/http/no-store.ts';
import { requestTenant } from '../../platform/tenancy/tenant.ts';
import { createVendor, getVendor, listVendors, updateVendor, type VendorActor } from './vendors.service.ts';

async function actorOf(request: FastifyRequest): Promise<VendorActor> {
  return { userId: requireUser(request).userId, reader: await getRequestAccess(request) };
}

/** /api/v1/vendors…: the vendor register (docs/vendors.md), through the tenant guard. */
export function registerVendorRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['vendors'], security: [{ bearerAuth: [] }] };
  const read = { access: 'readVendors' } as const;
  const write = { access: 'writeVendors', rateLimit: { max: 120, timeWindow: '1 minute' } } as const;

  api.get(
    '/api/v1/vendors',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'listVendors',
        summary: 'Lists an organization’s vendors by ref, filtered by status, tier, data category, sub-processor, review due or words',
        querystring: vendorListQuerySchema,
        response: { 200: vendorListSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await listVendors(await requestTenant(request), request.query)),
  );

  api.post(
    '/api/v1/vendors',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'createVendor',
        summary: 'Adds a vendor to the register (the next ref, V-001 onwards); the next review follows the tier’s cadence',
        body: vendorInputSchema,
        response: { 201: vendorSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .headers(noStore)
        .send(await createVendor(await requestTenant(request), app.jobs, await actorOf(request), request.body)),
  );

  api.get(
    '/api/v1/vendors/:vendorId',
    {
      config: read,
      schema: { ...tags, operationId: 'getVendor', summary: 'One vendor', params: vendorParamsSchema, response: { 200: vendorSchema } },
    },
    async (request, reply) => reply.headers(noStore).send(await getVendor(await requestTenant(request), request.params.vendorId)),
  );

  api.patch(
    '/api/v1/vendors/:vendorId',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'updateVendor',
        summary: 'Changes a vendor: details, tier, dates, status, residual risk, conditions, linked risks and controls',
        params: vendorParamsSchema,
        body: updateVendorInputSchema,
        response: { 200: vendorSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await updateVendor(await requestTenant(request), request.params.vendorId, request.body)),
  );
}

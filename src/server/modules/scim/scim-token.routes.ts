import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isIntegrationAdmin } from '../../../shared/schemas/integrations.ts';
import { createdScimTokenSchema, scimQuerySchema, scimSettingsSchema, scimTokenInputSchema } from '../../../shared/schemas/scim.ts';
import { AppError } from '../../app-error.ts';
import { getRequestAccess } from '../../platform/access/access-guard.ts';
import { noStore } from '../../platform/http/no-store.ts';
import { type Tenant, requestTenant } from '../../platform/tenancy/tenant.ts';
import { getScimSettings, revokeScimToken, rotateScimToken } from './scim-tokens.ts';

/** Integration admins only (as for API keys): staff with is_integration_admin, or a client's own client manager. */
async function scimAdminTenant(request: FastifyRequest): Promise<Tenant> {
  if (!isIntegrationAdmin(await getRequestAccess(request))) {
    throw new AppError('FORBIDDEN', 'Only integration admins manage the SCIM token.');
  }
  return requestTenant(request);
}

/** /api/v1/integrations/scim…: the organization's SCIM base URL and bearer token (docs/scim.md). */
export function registerScimTokenRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['integrations'], security: [{ bearerAuth: [] }] };
  const write = { access: 'manageIntegrations', rateLimit: { max: 30, timeWindow: '1 minute' } } as const;

  api.get(
    '/api/v1/integrations/scim',
    {
      config: { access: 'manageIntegrations' },
      schema: {
        ...tags,
        operationId: 'getScimSettings',
        summary: 'The SCIM base URL to give the identity provider, whether a token exists (never its secret) and what SCIM provisioned',
        querystring: scimQuerySchema,
        response: { 200: scimSettingsSchema },
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(await getScimSettings(await scimAdminTenant(request), request.query.organizationId, app.publicOrigin(request))),
  );
  api.post(
    '/api/v1/integrations/scim/token',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'rotateScimToken',
        summary: 'Makes the organization’s SCIM token, or replaces it (the old one stops at once); the secret is in this answer only',
        body: scimTokenInputSchema,
        response: { 201: createdScimTokenSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .headers(noStore)
        .send(await rotateScimToken(await scimAdminTenant(request), request.body.organizationId, app.publicOrigin(request))),
  );
  api.post(
    '/api/v1/integrations/scim/token/revocation',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'revokeScimToken',
        summary: 'Removes the organization’s SCIM token: provisioning stops until a new one is made',
        body: scimTokenInputSchema,
        response: { 200: scimSettingsSchema },
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(await revokeScimToken(await scimAdminTenant(request), request.body.organizationId, app.publicOrigin(request))),
  );
}

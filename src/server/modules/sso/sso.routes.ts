import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isIntegrationAdmin } from '../../../shared/schemas/integrations.ts';
import { ssoQuerySchema, ssoSettingsSchema, updateSsoSettingsInputSchema } from '../../../shared/schemas/sso.ts';
import { AppError } from '../../app-error.ts';
import { getRequestAccess } from '../../platform/access/access-guard.ts';
import { noStore } from '../../platform/http/no-store.ts';
import { type Tenant, requestTenant } from '../../platform/tenancy/tenant.ts';
import { getSsoSettings, updateSsoSettings } from './sso-settings.ts';

/** The organization's administrator (as for SCIM and API keys): staff with is_integration_admin, or the client's client manager. */
async function ssoAdminTenant(request: FastifyRequest): Promise<Tenant> {
  if (!isIntegrationAdmin(await getRequestAccess(request))) {
    throw new AppError('FORBIDDEN', 'Only the organization’s administrators manage single sign-on.');
  }
  return requestTenant(request);
}

/** /api/v1/integrations/sso: the organization's SAML identity provider and domains (docs/auth.md "SAML SSO"). */
export function registerSsoRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['integrations'], security: [{ bearerAuth: [] }] };

  api.get(
    '/api/v1/integrations/sso',
    {
      config: { access: 'manageIntegrations' },
      schema: {
        ...tags,
        operationId: 'getSsoSettings',
        summary: 'The organization’s SAML identity provider, its e-mail domains, and what to give the identity provider about us',
        querystring: ssoQuerySchema,
        response: { 200: ssoSettingsSchema },
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(await getSsoSettings(await ssoAdminTenant(request), request.query.organizationId, app.publicOrigin(request))),
  );
  api.put(
    '/api/v1/integrations/sso',
    {
      config: { access: 'manageIntegrations', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        ...tags,
        operationId: 'updateSsoSettings',
        summary:
          'Registers or replaces the organization’s SAML identity provider (metadata URL or XML) and the domains that sign in through it',
        body: updateSsoSettingsInputSchema,
        response: { 200: ssoSettingsSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await updateSsoSettings(await ssoAdminTenant(request), request.body, app.publicOrigin(request))),
  );
}

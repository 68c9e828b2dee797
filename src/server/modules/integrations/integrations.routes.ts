import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiKeyListSchema,
  apiKeyParamsSchema,
  apiKeySchema,
  createApiKeyInputSchema,
  createdApiKeySchema,
  createdWebhookSchema,
  createWebhookInputSchema,
  integrationsQuerySchema,
  isIntegrationAdmin,
  updateWebhookInputSchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookParamsSchema,
  webhookSchema,
} from '../../../shared/schemas/integrations.ts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../app-error.ts';
import { getRequestAccess } from '../../platform/access/access-guard.ts';
import { type Tenant, requestTenant } from '../../platform/tenancy/tenant.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.ts';
import { createWebhook, listWebhookDeliveries, listWebhooks, redeliverWebhookDelivery, updateWebhook } from './webhooks.ts';
import { noStore } from '../../platform/http/no-store.ts';

/**
 * The integration admin's tenant: staff with is_integration_admin, or a client manager (their own
 * organization; capability flags are staff-only). Anyone else the route admitted by rank is 403.
 */
async function integrationTenant(request: FastifyRequest): Promise<Tenant> {
  if (!isIntegrationAdmin(await getRequestAccess(request))) {
    throw new AppError('FORBIDDEN', 'Only integration admins manage API keys and webhooks.');
  }
  return requestTenant(request);
}

/** /api/v1/integrations…: API keys, webhooks and their deliveries (docs/integrations.md). Integration admins, within the tenant. */
// eslint-disable-next-line max-lines-per-function -- the module's route table (8 operations): one declaration per operation, read top to bottom; each handler is a few lines calling the service
export function registerIntegrationRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['integrations'], security: [{ bearerAuth: [] }] };
  const read = { access: 'manageIntegrations' } as const;
  const write = { access: 'manageIntegrations', rateLimit: { max: 30, timeWindow: '1 minute' } } as const;

  api.get(
    '/api/v1/integrations/api-keys',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'listApiKeys',
        summary: 'The organization’s API keys (never their secrets)',
        querystring: integrationsQuerySchema,
        response: { 200: apiKeyListSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send({ keys: await listApiKeys(await integrationTenant(request), request.query.organizationId) }),
  );
  api.post(
    '/api/v1/integrations/api-keys',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'createApiKey',
        summary: 'Creates an API key with scopes per area and an expiry; the key is in this answer only',
        body: createApiKeyInputSchema,
        response: { 201: createdApiKeySchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .headers(noStore)
        .send(await createApiKey(await integrationTenant(request), request.body)),
  );
  api.post(
    '/api/v1/integrations/api-keys/:apiKeyId/revocation',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'revokeApiKey',
        summary: 'Revokes an API key: it authenticates nothing from now on',
        params: apiKeyParamsSchema,
        response: { 200: apiKeySchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await revokeApiKey(await integrationTenant(request), request.params.apiKeyId)),
  );

  api.get(
    '/api/v1/integrations/webhooks',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'listWebhooks',
        summary: 'The organization’s webhook, Slack and Teams subscriptions',
        querystring: integrationsQuerySchema,
        response: { 200: webhookListSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send({ webhooks: await listWebhooks(await integrationTenant(request), request.query.organizationId) }),
  );
  api.post(
    '/api/v1/integrations/webhooks',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'createWebhook',
        summary: 'Subscribes a URL (signed webhook, Slack or Teams) to domain events; a signed webhook’s secret is in this answer only',
        body: createWebhookInputSchema,
        response: { 201: createdWebhookSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .headers(noStore)
        .send(
          await createWebhook(await integrationTenant(request), request.body, {
            allowPrivateTargets: app.env.WEBHOOK_ALLOW_PRIVATE_TARGETS,
          }),
        ),
  );
  api.patch(
    '/api/v1/integrations/webhooks/:webhookId',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'updateWebhook',
        summary: 'Turns a subscription on (clearing its failures) or off',
        params: webhookParamsSchema,
        body: updateWebhookInputSchema,
        response: { 200: webhookSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await updateWebhook(await integrationTenant(request), request.params.webhookId, request.body)),
  );
  api.get(
    '/api/v1/integrations/webhooks/:webhookId/deliveries',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'listWebhookDeliveries',
        summary: 'The delivery log: each event sent, attempts, the last response code and error',
        params: webhookParamsSchema,
        response: { 200: webhookDeliveryListSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send({ deliveries: await listWebhookDeliveries(await integrationTenant(request), request.params.webhookId) }),
  );
  api.post(
    '/api/v1/integrations/webhooks/:webhookId/deliveries/:deliveryId/redelivery',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'redeliverWebhookDelivery',
        summary: 'Sends a delivery again through the queue (Redeliver)',
        params: webhookDeliveryParamsSchema,
        response: { 200: webhookDeliverySchema },
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(
          await redeliverWebhookDelivery(await integrationTenant(request), app.jobs, request.params.webhookId, request.params.deliveryId),
        ),
  );
}

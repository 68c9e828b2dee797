import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiKeyListSchema,
  apiKeySchema,
  type CreateApiKeyInput,
  type CreateWebhookInput,
  createdApiKeySchema,
  createdWebhookSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookSchema,
} from '../../../../shared/schemas/integrations.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** The integrations screen's server state (docs/integrations.md "Screens"). */
const ROOT = ['integrations'] as const;

export const integrationKeys = {
  apiKeys: (organizationId: string | undefined) => [...ROOT, 'api-keys', organizationId ?? 'mine'] as const,
  webhooks: (organizationId: string | undefined) => [...ROOT, 'webhooks', organizationId ?? 'mine'] as const,
  deliveries: (webhookId: string) => [...ROOT, 'deliveries', webhookId] as const,
};

/** GET /api/v1/integrations/api-keys (listApiKeys) */
export function useApiKeys(organizationId: string | undefined) {
  return useQuery({
    queryKey: integrationKeys.apiKeys(organizationId),
    queryFn: ({ signal }) => apiFetch('/api/v1/integrations/api-keys', { query: { organizationId }, schema: apiKeyListSchema, signal }),
  });
}

/** POST /api/v1/integrations/api-keys (createApiKey): the answer carries the key, once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) =>
      apiFetch('/api/v1/integrations/api-keys', { method: 'POST', body: input, schema: createdApiKeySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ROOT, 'api-keys'] }),
  });
}

/** POST /api/v1/integrations/api-keys/:apiKeyId/revocation (revokeApiKey) */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (apiKeyId: string) =>
      apiFetch(`/api/v1/integrations/api-keys/${apiKeyId}/revocation`, { method: 'POST', schema: apiKeySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ROOT, 'api-keys'] }),
  });
}

/** GET /api/v1/integrations/webhooks (listWebhooks) */
export function useWebhooks(organizationId: string | undefined) {
  return useQuery({
    queryKey: integrationKeys.webhooks(organizationId),
    queryFn: ({ signal }) => apiFetch('/api/v1/integrations/webhooks', { query: { organizationId }, schema: webhookListSchema, signal }),
  });
}

/** POST /api/v1/integrations/webhooks (createWebhook): a signed webhook's secret is in the answer, once. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWebhookInput) =>
      apiFetch('/api/v1/integrations/webhooks', { method: 'POST', body: input, schema: createdWebhookSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ROOT, 'webhooks'] }),
  });
}

/** PATCH /api/v1/integrations/webhooks/:webhookId (updateWebhook): on (clearing its failures) or off. */
export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ webhookId, enabled }: { webhookId: string; enabled: boolean }) =>
      apiFetch(`/api/v1/integrations/webhooks/${webhookId}`, { method: 'PATCH', body: { enabled }, schema: webhookSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ROOT, 'webhooks'] }),
  });
}

/** GET /api/v1/integrations/webhooks/:webhookId/deliveries (listWebhookDeliveries): refreshed while one is pending. */
export function useWebhookDeliveries(webhookId: string) {
  return useQuery({
    queryKey: integrationKeys.deliveries(webhookId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/integrations/webhooks/${webhookId}/deliveries`, { schema: webhookDeliveryListSchema, signal }),
    refetchInterval: (query) => (query.state.data?.deliveries.some((delivery) => delivery.status === 'pending') ? 3_000 : false),
  });
}

/** POST …/deliveries/:deliveryId/redelivery (redeliverWebhookDelivery) */
export function useRedeliverWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) =>
      apiFetch(`/api/v1/integrations/webhooks/${webhookId}/deliveries/${deliveryId}/redelivery`, {
        method: 'POST',
        schema: webhookDeliverySchema,
      }),
    onSuccess: (_delivery, { webhookId }) => queryClient.invalidateQueries({ queryKey: integrationKeys.deliveries(webhookId) }),
  });
}

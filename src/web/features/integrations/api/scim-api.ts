import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createdScimTokenSchema, scimSettingsSchema } from '../../../../shared/schemas/scim.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** The SCIM part of the integrations screen (docs/scim.md): the base URL and the organization's one bearer token. */
const ROOT = ['integrations', 'scim'] as const;

export const scimKeys = {
  settings: (organizationId: string | undefined) => [...ROOT, organizationId ?? 'mine'] as const,
};

/** GET /api/v1/integrations/scim (getScimSettings) */
export function useScimSettings(organizationId: string | undefined) {
  return useQuery({
    queryKey: scimKeys.settings(organizationId),
    queryFn: ({ signal }) => apiFetch('/api/v1/integrations/scim', { query: { organizationId }, schema: scimSettingsSchema, signal }),
  });
}

/** POST /api/v1/integrations/scim/token (rotateScimToken): makes or replaces the token; the secret is in this answer only. */
export function useRotateScimToken(organizationId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch('/api/v1/integrations/scim/token', { method: 'POST', body: { organizationId }, schema: createdScimTokenSchema }),
    onSuccess: ({ secret: _secret, ...settings }) => queryClient.setQueryData(scimKeys.settings(organizationId), settings),
  });
}

/** POST /api/v1/integrations/scim/token/revocation (revokeScimToken) */
export function useRevokeScimToken(organizationId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch('/api/v1/integrations/scim/token/revocation', { method: 'POST', body: { organizationId }, schema: scimSettingsSchema }),
    onSuccess: (settings) => queryClient.setQueryData(scimKeys.settings(organizationId), settings),
  });
}

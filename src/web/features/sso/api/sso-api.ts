import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type UpdateSsoSettingsInput, ssoSettingsSchema } from '../../../../shared/schemas/sso.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** The organization's SAML single sign-on settings (docs/auth.md "SAML SSO"). */
export const ssoKeys = {
  settings: (organizationId: string | undefined) => ['sso', 'settings', organizationId ?? 'mine'] as const,
};

/** GET /api/v1/integrations/sso (getSsoSettings) */
export function useSsoSettings(organizationId: string | undefined) {
  return useQuery({
    queryKey: ssoKeys.settings(organizationId),
    queryFn: ({ signal }) => apiFetch('/api/v1/integrations/sso', { query: { organizationId }, schema: ssoSettingsSchema, signal }),
  });
}

/** PUT /api/v1/integrations/sso (updateSsoSettings) */
export function useUpdateSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSsoSettingsInput) =>
      apiFetch('/api/v1/integrations/sso', { method: 'PUT', body: input, schema: ssoSettingsSchema }),
    onSuccess: (settings, input) => queryClient.setQueryData(ssoKeys.settings(input.organizationId), settings),
  });
}

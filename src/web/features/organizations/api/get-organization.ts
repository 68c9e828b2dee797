import { useQuery } from '@tanstack/react-query';
import { organizationSchema } from '../../../../shared/schemas/organizations.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { organizationKeys } from './organization-keys.ts';

/** GET /api/v1/organizations/:organizationId (getOrganization): one organization the user reaches; nothing asked without an id. */
export function useOrganization(organizationId: string | null | undefined) {
  return useQuery({
    queryKey: organizationKeys.one(organizationId ?? 'none'),
    queryFn: ({ signal }) => apiFetch(`/api/v1/organizations/${organizationId ?? ''}`, { schema: organizationSchema, signal }),
    enabled: Boolean(organizationId),
    staleTime: 60_000,
  });
}

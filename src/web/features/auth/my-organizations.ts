import { useQuery } from '@tanstack/react-query';
import { myOrganizationsSchema } from '../../../shared/schemas/organizations.ts';
import { apiFetch } from '../../lib/api-client.ts';

/**
 * The organizations the signed-in user acts for (GET /api/v1/organizations/mine): a client's own,
 * the ones a staff member is assigned to, every one for an administrator. One fetcher under one key
 * for every feature that needs it (filing a request, the support queue's filter, opening an
 * engagement, the team panel, the workspace's organization picker). Its key lies under the
 * organizations' root (`organizationKeys.all`), so creating, changing or offboarding an
 * organization refetches it; a purchase (which makes the buyer a member) invalidates every query.
 */
export const myOrganizationsKey = ['organizations', 'mine'] as const;

export function useMyOrganizations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: myOrganizationsKey,
    queryFn: ({ signal }) => apiFetch('/api/v1/organizations/mine', { schema: myOrganizationsSchema, signal }),
    enabled,
    staleTime: 60_000,
  });
}

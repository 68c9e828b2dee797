import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminUserListSchema } from '../../../../shared/schemas/access.ts';
import { organizationListSchema, staffAssignmentListSchema } from '../../../../shared/schemas/organizations.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { organizationKeys } from './organization-keys.ts';

/** GET /api/v1/admin/organizations (listOrganizations) */
export function useOrganizations(q: string) {
  return useQuery({
    queryKey: organizationKeys.list(q),
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/admin/organizations', { query: { q: q || undefined, limit: 100 }, schema: organizationListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/admin/organizations/:organizationId/staff (listStaffAssignments) */
export function useStaffAssignments(organizationId: string) {
  return useQuery({
    queryKey: organizationKeys.staffAssignments(organizationId),
    queryFn: ({ signal }) => apiFetch(`/api/v1/admin/organizations/${organizationId}/staff`, { schema: staffAssignmentListSchema, signal }),
  });
}

/** The staff an administrator may assign: GET /api/v1/admin/users?userType=staff (the first 100 by e-mail). */
export function useStaffMembers() {
  return useQuery({
    queryKey: organizationKeys.staffMembers(),
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/admin/users', { query: { userType: 'staff', limit: 100 }, schema: adminUserListSchema, signal }),
  });
}

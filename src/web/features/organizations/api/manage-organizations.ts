import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AssignStaffInput,
  type CreateOrganizationInput,
  organizationSchema,
  staffAssignmentSchema,
} from '../../../../shared/schemas/organizations.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { organizationKeys } from './organization-keys.ts';

/** Every organizations query is refreshed after a change: the list's staff counts move with assignments. */
function useRefreshOrganizationsAfter<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  });
}

/** POST /api/v1/admin/organizations (createOrganization) */
export function useCreateOrganization() {
  return useRefreshOrganizationsAfter((input: CreateOrganizationInput) =>
    apiFetch('/api/v1/admin/organizations', { method: 'POST', body: input, schema: organizationSchema }),
  );
}

/** POST /api/v1/admin/organizations/:organizationId/staff (assignStaff) */
export function useAssignStaff(organizationId: string) {
  return useRefreshOrganizationsAfter((input: AssignStaffInput) =>
    apiFetch(`/api/v1/admin/organizations/${organizationId}/staff`, { method: 'POST', body: input, schema: staffAssignmentSchema }),
  );
}

/** DELETE /api/v1/admin/organizations/:organizationId/staff/:assignmentId (unassignStaff) */
export function useUnassignStaff(organizationId: string) {
  return useRefreshOrganizationsAfter((assignmentId: string) =>
    apiFetch(`/api/v1/admin/organizations/${organizationId}/staff/${assignmentId}`, { method: 'DELETE' }),
  );
}

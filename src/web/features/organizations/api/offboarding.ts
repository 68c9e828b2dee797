import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type InviteMemberInput,
  offboardingPreviewSchema,
  organizationMemberListSchema,
} from '../../../../shared/schemas/organizations.ts';
import { apiDownload, apiFetch } from '../../../lib/api-client.ts';
import { organizationKeys } from './organization-keys.ts';

/** GET …/offboarding (getOffboardingPreview): what deleting would remove. */
export function useOffboardingPreview(organizationId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...organizationKeys.all, 'offboarding', organizationId],
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/admin/organizations/${organizationId}/offboarding`, { schema: offboardingPreviewSchema, signal }),
    enabled,
  });
}

/** GET …/export (exportOrganization): the ZIP, handed to the browser. */
export async function downloadOrganizationExport(organizationId: string): Promise<void> {
  const { blob, fileName } = await apiDownload(`/api/v1/admin/organizations/${organizationId}/export`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? 'organization-export.zip';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** POST …/deletion (deleteOrganization) with the typed name. */
export function useDeleteOrganization(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmName: string) =>
      apiFetch(`/api/v1/admin/organizations/${organizationId}/deletion`, {
        method: 'POST',
        body: { confirmName },
        schema: offboardingPreviewSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  });
}

const membersKey = (organizationId: string) => [...organizationKeys.all, 'members', organizationId] as const;

/** GET /api/v1/organizations/:id/members (listOrganizationMembers): colleagues and our team. */
export function useOrganizationMembers(organizationId: string | undefined) {
  return useQuery({
    queryKey: membersKey(organizationId ?? 'none'),
    queryFn: ({ signal }) => apiFetch(`/api/v1/organizations/${organizationId}/members`, { schema: organizationMemberListSchema, signal }),
    enabled: Boolean(organizationId),
  });
}

/** POST (inviteMember) and DELETE (removeMember) a colleague. */
export function useManageMembers(organizationId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: membersKey(organizationId) });
  return {
    invite: useMutation({
      mutationFn: (input: InviteMemberInput) =>
        apiFetch(`/api/v1/organizations/${organizationId}/members`, { method: 'POST', body: input, schema: organizationMemberListSchema }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (memberId: string) => apiFetch(`/api/v1/organizations/${organizationId}/members/${memberId}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ENDPOINT_ACCESS } from '../../../../shared/permissions.ts';
import {
  type ActivateFrameworkInput,
  activationResultSchema,
  crosswalkSchema,
  frameworkDetailSchema,
  frameworkListSchema,
} from '../../../../shared/schemas/frameworks.ts';
import type { CatalogueFrameworkId } from '../../../../shared/schemas/programme-statuses.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { useAccessDecision } from '../../auth/access.ts';

/**
 * The frameworks tab's server state. `organizationId` is undefined for a client (the server implies
 * theirs) and the chosen organization for staff; null (staff who have not chosen) reads the catalogue only.
 */
type OrganizationInView = string | null | undefined;
const orgQuery = (organizationId: OrganizationInView) => ({ organizationId: organizationId ?? undefined });

export const frameworkKeys = {
  all: ['frameworks'] as const,
  list: (organizationId: OrganizationInView) => ['frameworks', 'list', organizationId ?? 'mine'] as const,
  detail: (id: string, organizationId: OrganizationInView) => ['frameworks', 'detail', id, organizationId ?? 'mine'] as const,
  crosswalk: (id: string, from: string, organizationId: OrganizationInView) =>
    ['frameworks', 'crosswalk', id, from, organizationId ?? 'mine'] as const,
};

/** 'loading' until the access data is in; a role without frameworks:read never sends a request. */
export function useFrameworkReadAccess(): 'loading' | 'allowed' | 'denied' {
  const { state } = useAccessDecision(ENDPOINT_ACCESS.readFrameworks);
  if (state === 'allowed') return 'allowed';
  return state === 'denied' ? 'denied' : 'loading';
}

export function useCanManageFrameworks(): boolean {
  return useAccessDecision(ENDPOINT_ACCESS.manageFrameworks).state === 'allowed';
}

/** GET /api/v1/frameworks (listFrameworks): the catalogue with the organization's activations and readiness. */
export function useFrameworks(organizationId: OrganizationInView) {
  const isAllowed = useFrameworkReadAccess() === 'allowed';
  return useQuery({
    queryKey: frameworkKeys.list(organizationId),
    queryFn: ({ signal }) => apiFetch('/api/v1/frameworks', { query: orgQuery(organizationId), schema: frameworkListSchema, signal }),
    enabled: isAllowed,
  });
}

/** GET /api/v1/frameworks/:id (getFramework): its requirements with mapped controls and, when active, their status. */
export function useFramework(id: CatalogueFrameworkId, organizationId: OrganizationInView) {
  const isAllowed = useFrameworkReadAccess() === 'allowed';
  return useQuery({
    queryKey: frameworkKeys.detail(id, organizationId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/frameworks/${id}`, { query: orgQuery(organizationId), schema: frameworkDetailSchema, signal }),
    enabled: isAllowed,
  });
}

/** GET /api/v1/frameworks/:id/crosswalk?from= (getCrosswalk): what `id` adds to `from` (one id, or several comma-separated). */
export function useCrosswalk(id: CatalogueFrameworkId, from: string, organizationId: OrganizationInView) {
  const isAllowed = useFrameworkReadAccess() === 'allowed';
  return useQuery({
    queryKey: frameworkKeys.crosswalk(id, from, organizationId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/frameworks/${id}/crosswalk`, { query: { ...orgQuery(organizationId), from }, schema: crosswalkSchema, signal }),
    enabled: isAllowed && id !== from,
  });
}

/** PUT /api/v1/frameworks/:id/activation (activateFramework); also used to change the target date or audit type. */
export function useActivateFramework(id: CatalogueFrameworkId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ActivateFrameworkInput) =>
      apiFetch(`/api/v1/frameworks/${id}/activation`, { method: 'PUT', body: input, schema: activationResultSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: frameworkKeys.all }),
  });
}

/** DELETE /api/v1/frameworks/:id/activation (deactivateFramework). Controls and evidence stay. */
export function useDeactivateFramework(id: CatalogueFrameworkId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: OrganizationInView) =>
      apiFetch<undefined>(`/api/v1/frameworks/${id}/activation`, { method: 'DELETE', query: orgQuery(organizationId) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: frameworkKeys.all }),
  });
}

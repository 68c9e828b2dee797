import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogueFrameworkId, ControlStatus } from '../../../../shared/schemas/programme-statuses.ts';
import { type UpdateControlInput, controlListSchema, programmeControlSchema } from '../../../../shared/schemas/controls.ts';
import { readinessSchema } from '../../../../shared/schemas/frameworks.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { PROGRAMME_ROOT } from '../../../lib/query-roots.ts';

export interface ControlFilters {
  frameworkId?: CatalogueFrameworkId;
  status?: ControlStatus;
  q?: string;
}

export const controlKeys = {
  readiness: (organizationId: string | undefined) => [...PROGRAMME_ROOT, 'readiness', organizationId ?? 'mine'] as const,
  list: (organizationId: string | undefined, filters: ControlFilters) =>
    [...PROGRAMME_ROOT, 'controls', organizationId ?? 'mine', filters] as const,
};

/** GET /api/v1/readiness (getReadiness): readiness per active framework, counts and next actions. */
export function useReadiness(organizationId: string | undefined) {
  return useQuery({
    queryKey: controlKeys.readiness(organizationId),
    queryFn: ({ signal }) => apiFetch('/api/v1/readiness', { query: { organizationId }, schema: readinessSchema, signal }),
  });
}

/** GET /api/v1/controls (listControls): the controls in scope, filtered. */
export function useControls(organizationId: string | undefined, filters: ControlFilters = {}, { enabled = true } = {}) {
  return useQuery({
    enabled,
    queryKey: controlKeys.list(organizationId, filters),
    queryFn: ({ signal }) => apiFetch('/api/v1/controls', { query: { organizationId, ...filters }, schema: controlListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** PATCH /api/v1/controls/:controlId (updateControl) */
export function useUpdateControl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ controlId, input }: { controlId: string; input: UpdateControlInput }) =>
      apiFetch(`/api/v1/controls/${controlId}`, { method: 'PATCH', body: input, schema: programmeControlSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROGRAMME_ROOT }),
  });
}

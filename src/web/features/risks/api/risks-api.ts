import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RiskStatus } from '../../../../shared/schemas/programme-statuses.ts';
import { type RiskInput, riskListSchema, riskSchema } from '../../../../shared/schemas/risks.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { PROGRAMME_ROOT } from '../../../lib/query-roots.ts';

export interface RiskFilters {
  status?: RiskStatus;
  q?: string;
}

export const riskKeys = {
  list: (organizationId: string | undefined, filters: RiskFilters) =>
    [...PROGRAMME_ROOT, 'risks', organizationId ?? 'mine', filters] as const,
};

/** GET /api/v1/risks (listRisks): the register and the heat maps of open risks. */
export function useRisks(organizationId: string | undefined, filters: RiskFilters = {}) {
  return useQuery({
    queryKey: riskKeys.list(organizationId, filters),
    queryFn: ({ signal }) => apiFetch('/api/v1/risks', { query: { organizationId, ...filters }, schema: riskListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export type RiskSave = { riskId: null; input: RiskInput } | { riskId: string; input: Partial<RiskInput> & { status?: RiskStatus } };

/** POST /api/v1/risks (createRisk) or PATCH /api/v1/risks/:riskId (updateRisk) */
export function useSaveRisk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ riskId, input }: RiskSave) =>
      riskId
        ? apiFetch(`/api/v1/risks/${riskId}`, { method: 'PATCH', body: input, schema: riskSchema })
        : apiFetch('/api/v1/risks', { method: 'POST', body: input, schema: riskSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROGRAMME_ROOT }),
  });
}

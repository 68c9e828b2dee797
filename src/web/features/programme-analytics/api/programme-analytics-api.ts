import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ENDPOINT_ACCESS } from '../../../../shared/permissions.ts';
import { readinessHistorySchema } from '../../../../shared/schemas/frameworks.ts';
import { riskListSchema } from '../../../../shared/schemas/risks.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { useAccessDecision } from '../../auth/access.ts';

/** `organizationId`: undefined for a client (theirs is implied), the staff member's choice, or null (none chosen: nothing is asked). */
type OrganizationInView = string | null | undefined;

export const programmeAnalyticsKeys = {
  history: (organizationId: OrganizationInView, days: number) =>
    ['programme-analytics', 'history', organizationId ?? 'mine', days] as const,
  risks: (organizationId: OrganizationInView) => ['programme-analytics', 'risks', organizationId ?? 'mine'] as const,
};

export function useCanReadRisks(): boolean {
  return useAccessDecision(ENDPOINT_ACCESS.readRisks).state === 'allowed';
}

export function useCanReadReadiness(): boolean {
  return useAccessDecision(ENDPOINT_ACCESS.readFrameworks).state === 'allowed';
}

/** GET /api/v1/readiness/history (listReadinessHistory): the daily snapshots of the last `days` days. */
export function useReadinessHistory(organizationId: OrganizationInView, days: number) {
  const isAllowed = useCanReadReadiness();
  return useQuery({
    queryKey: programmeAnalyticsKeys.history(organizationId, days),
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/readiness/history', {
        query: { organizationId: organizationId ?? undefined, days },
        schema: readinessHistorySchema,
        signal,
      }),
    enabled: isAllowed && organizationId !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/risks (listRisks): read here for its heat map of open risks. */
export function useRiskHeatMap(organizationId: OrganizationInView) {
  const isAllowed = useCanReadRisks();
  return useQuery({
    queryKey: programmeAnalyticsKeys.risks(organizationId),
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/risks', { query: { organizationId: organizationId ?? undefined }, schema: riskListSchema, signal }),
    enabled: isAllowed && organizationId !== null,
    select: (list) => ({ ...list.heatMap, open: list.risks.filter((risk) => risk.status === 'open').length }),
  });
}

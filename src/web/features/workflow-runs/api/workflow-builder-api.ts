import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { organizationTimeZoneSchema, programAnalyticsSchema, schedulePreviewSchema } from '../../../../shared/schemas/workflow-runs.ts';
import { type UpdateOrganizationWorkflowInput, organizationWorkflowSchema } from '../../../../shared/schemas/workflows.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * Server state of the organization Workflow Builder (docs/workflow-runs.md): one workflow's draft, saving
 * it, a schedule's next occurrences, the organization's time zone, and Program Analytics.
 */

const ROOT = ['workflow-runs'] as const;

export function useOrganizationWorkflow(workflowId: string) {
  return useQuery({
    queryKey: [...ROOT, 'workflow', workflowId],
    queryFn: () => apiFetch(`/api/v1/organization-workflows/${workflowId}`, { schema: organizationWorkflowSchema }),
  });
}

export function useSaveWorkflowDraft(workflowId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateOrganizationWorkflowInput) =>
      apiFetch(`/api/v1/organization-workflows/${workflowId}`, { method: 'PUT', body: input, schema: organizationWorkflowSchema }),
    onSuccess: (saved) => {
      client.setQueryData([...ROOT, 'workflow', workflowId], saved);
      void client.invalidateQueries({ queryKey: [...ROOT, 'workflows'] });
    },
  });
}

/** The next occurrences of a schedule, as the engine computes them in the organization's time zone. */
export function useSchedulePreview(organizationId: string, schedule: { rrule: string; start: string } | null) {
  return useQuery({
    queryKey: [...ROOT, 'schedule-preview', organizationId, schedule?.rrule, schedule?.start],
    queryFn: () =>
      apiFetch('/api/v1/workflow-schedule-preview', {
        body: { organizationId, rrule: schedule?.rrule ?? '', start: schedule?.start ?? '', count: 3 },
        schema: schedulePreviewSchema,
      }),
    enabled: schedule !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useUpdateTimeZone(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (timeZone: string) =>
      apiFetch('/api/v1/organization-time-zone', { method: 'PUT', body: { organizationId, timeZone }, schema: organizationTimeZoneSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ROOT }),
  });
}

export function useProgramAnalytics(organizationId: string | null | undefined, allowed = true) {
  return useQuery({
    queryKey: [...ROOT, 'analytics', organizationId ?? 'mine'],
    queryFn: () =>
      apiFetch('/api/v1/program-analytics', { query: organizationId ? { organizationId } : {}, schema: programAnalyticsSchema }),
    enabled: organizationId !== null && allowed,
  });
}

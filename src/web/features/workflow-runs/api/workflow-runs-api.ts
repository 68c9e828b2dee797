import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  approvalListSchema,
  programCalendarSchema,
  workflowRunDetailSchema,
  workflowRunListSchema,
} from '../../../../shared/schemas/workflow-runs.ts';
import {
  organizationWorkflowListSchema,
  organizationWorkflowSchema,
  workflowTemplateListSchema,
} from '../../../../shared/schemas/workflows.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * Server state of workflows that run (docs/workflow-runs.md). `organizationId` is undefined for a client
 * (the server implies theirs) and the chosen organization for staff; null means "not chosen yet".
 */

const ROOT = ['workflow-runs'] as const;
type Org = string | null | undefined;
const query = (organizationId: Org) => (organizationId ? { organizationId } : {});

export function useWorkflowTemplates() {
  return useQuery({
    queryKey: [...ROOT, 'templates'],
    queryFn: () => apiFetch('/api/v1/workflow-templates', { schema: workflowTemplateListSchema }),
  });
}

export function useOrganizationWorkflows(organizationId: Org) {
  return useQuery({
    queryKey: [...ROOT, 'workflows', organizationId ?? 'mine'],
    queryFn: () => apiFetch('/api/v1/organization-workflows', { query: query(organizationId), schema: organizationWorkflowListSchema }),
    enabled: organizationId !== null,
    refetchInterval: 10_000,
  });
}

export function useWorkflowRunList(organizationId: Org) {
  return useQuery({
    queryKey: [...ROOT, 'runs', organizationId ?? 'mine'],
    queryFn: () => apiFetch('/api/v1/workflow-runs', { query: { ...query(organizationId), limit: 30 }, schema: workflowRunListSchema }),
    enabled: organizationId !== null,
    refetchInterval: 5_000,
  });
}

export function useWorkflowRun(runId: string | null) {
  return useQuery({
    queryKey: [...ROOT, 'run', runId],
    queryFn: () => apiFetch(`/api/v1/workflow-runs/${runId}`, { schema: workflowRunDetailSchema }),
    enabled: Boolean(runId),
    refetchInterval: (current) => (current.state.data?.status === 'running' ? 1_500 : 5_000),
  });
}

export function usePendingApprovals(organizationId: Org) {
  return useQuery({
    queryKey: [...ROOT, 'approvals', organizationId ?? 'mine'],
    queryFn: () =>
      apiFetch('/api/v1/workflow-approvals', { query: { ...query(organizationId), status: 'pending' }, schema: approvalListSchema }),
    enabled: organizationId !== null,
    refetchInterval: 5_000,
  });
}

export function useProgramCalendar(organizationId: Org) {
  return useQuery({
    queryKey: [...ROOT, 'calendar', organizationId ?? 'mine'],
    queryFn: () => apiFetch('/api/v1/program-calendar', { query: query(organizationId), schema: programCalendarSchema }),
    enabled: organizationId !== null,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ROOT });
}

export function useCopyTemplate(organizationId: Org) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (templateId: string) =>
      apiFetch('/api/v1/organization-workflows', { body: { templateId, ...query(organizationId) }, schema: organizationWorkflowSchema }),
    onSuccess: invalidate,
  });
}

export function usePublishWorkflow() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (workflowId: string) =>
      apiFetch(`/api/v1/organization-workflows/${workflowId}/publish`, { method: 'POST', schema: organizationWorkflowSchema }),
    onSuccess: invalidate,
  });
}

export function useSetWorkflowStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ workflowId, status }: { workflowId: string; status: 'active' | 'paused' }) =>
      apiFetch(`/api/v1/organization-workflows/${workflowId}/status`, { body: { status }, schema: organizationWorkflowSchema }),
    onSuccess: invalidate,
  });
}

export function useStartRun() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (workflowId: string) =>
      apiFetch(`/api/v1/organization-workflows/${workflowId}/runs`, { body: { data: {} }, schema: workflowRunDetailSchema }),
    onSuccess: invalidate,
  });
}

export function useRunAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ runId, action }: { runId: string; action: 'cancel' | 'retry' }) =>
      apiFetch(`/api/v1/workflow-runs/${runId}/${action}`, { method: 'POST', schema: workflowRunDetailSchema }),
    onSuccess: invalidate,
  });
}

export function useDecideApproval() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ approvalId, decision, note }: { approvalId: string; decision: 'approved' | 'rejected'; note: string }) =>
      apiFetch(`/api/v1/workflow-approvals/${approvalId}/decision`, { body: { decision, note }, schema: workflowRunDetailSchema }),
    onSuccess: invalidate,
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditRequestStatus } from '../../../../shared/schemas/engagement-statuses.ts';
import {
  type CreateEngagementInput,
  type DecideAuditRequestInput,
  type DrawSampleInput,
  type Engagement,
  type RespondAuditRequestInput,
  auditRequestListSchema,
  auditRequestSchema,
  auditSampleListSchema,
  auditSampleSchema,
  auditThreadSchema,
  createTaskFromAuditRequestResponseSchema,
  engagementDashboardSchema,
  engagementListSchema,
  engagementSchema,
} from '../../../../shared/schemas/engagements.ts';
import { evidenceListSchema } from '../../../../shared/schemas/evidence.ts';
import { countsForEngagement } from '../../../../shared/rules/engagement-evidence.ts';
import { apiDownload, apiFetch } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

/** Audit engagements (docs/audit.md): query keys under one root, so a decision refreshes every view of it. */
const ROOT = ['engagements'] as const;
export const engagementKeys = {
  list: () => [...ROOT, 'list'] as const,
  dashboard: (id: string) => [...ROOT, id, 'dashboard'] as const,
  requests: (id: string, status?: AuditRequestStatus) => [...ROOT, id, 'requests', status ?? 'all'] as const,
  thread: (id: string, requestId: string) => [...ROOT, id, 'thread', requestId] as const,
  samples: (id: string) => [...ROOT, id, 'samples'] as const,
  evidenceOptions: (id: string) => [...ROOT, id, 'evidence-options'] as const,
};

/**
 * GET /api/v1/evidence (listEvidence) of the engagement's organization, kept to what counts for the
 * engagement (the server's own rule): what the client may link in a request's thread, including
 * evidence collected during the engagement to answer a flag. Not asked for an auditor.
 */
export function useEngagementEvidenceOptions(engagement: Engagement, enabled: boolean) {
  return useQuery({
    queryKey: engagementKeys.evidenceOptions(engagement.id),
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/evidence', {
        query: { organizationId: engagement.organizationId, limit: 500 },
        schema: evidenceListSchema,
        signal,
      }),
    select: (list) =>
      list.evidence.filter((item) => countsForEngagement(engagement, item)).map((item) => ({ id: item.id, title: item.title })),
    enabled,
  });
}

/** GET /api/v1/engagements (listEngagements) */
export function useEngagements() {
  return useQuery({
    queryKey: engagementKeys.list(),
    queryFn: ({ signal }) => apiFetch('/api/v1/engagements', { schema: engagementListSchema, signal }),
  });
}

/** POST /api/v1/engagements (createEngagement) */
export function useCreateEngagement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateEngagementInput) =>
      apiFetch('/api/v1/engagements', { method: 'POST', body: input, schema: engagementSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROOT }),
  });
}

/** GET /api/v1/engagements/:id/dashboard (getEngagementDashboard) */
export function useEngagementDashboard(engagementId: string) {
  return useQuery({
    queryKey: engagementKeys.dashboard(engagementId),
    queryFn: ({ signal }) => apiFetch(`/api/v1/engagements/${engagementId}/dashboard`, { schema: engagementDashboardSchema, signal }),
    // The visit is recorded on the server: refetching on focus would make everything "seen".
    refetchOnWindowFocus: false,
  });
}

/** GET /api/v1/engagements/:id/requests (listAuditRequests) */
export function useAuditRequests(engagementId: string, status?: AuditRequestStatus) {
  return useQuery({
    queryKey: engagementKeys.requests(engagementId, status),
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/engagements/${engagementId}/requests`, { query: { status }, schema: auditRequestListSchema, signal }),
  });
}

/** GET /api/v1/engagements/:id/requests/:requestId (getAuditRequest): the request and its thread. */
export function useAuditThread(engagementId: string, requestId: string | null) {
  return useQuery({
    queryKey: engagementKeys.thread(engagementId, requestId ?? 'none'),
    queryFn: ({ signal }) => apiFetch(`/api/v1/engagements/${engagementId}/requests/${requestId}`, { schema: auditThreadSchema, signal }),
    enabled: Boolean(requestId),
  });
}

function useEngagementMutation<Input, Output>(engagementId: string, mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ROOT, engagementId] }),
  });
}

/** POST …/requests/:requestId/decision (decideAuditRequest) */
export function useDecideAuditRequest(engagementId: string) {
  return useEngagementMutation(engagementId, ({ requestId, input }: { requestId: string; input: DecideAuditRequestInput }) =>
    apiFetch(`/api/v1/engagements/${engagementId}/requests/${requestId}/decision`, {
      method: 'POST',
      body: input,
      schema: auditRequestSchema,
    }),
  );
}

/** POST …/requests/:requestId/messages (respondAuditRequest) */
export function useRespondAuditRequest(engagementId: string) {
  return useEngagementMutation(engagementId, ({ requestId, input }: { requestId: string; input: RespondAuditRequestInput }) =>
    apiFetch(`/api/v1/engagements/${engagementId}/requests/${requestId}/messages`, {
      method: 'POST',
      body: input,
      schema: auditThreadSchema,
    }),
  );
}

/** POST …/requests/:requestId/task-request (createTaskFromAuditRequest) */
export function useCreateTaskFromAuditRequest(engagementId: string) {
  return useEngagementMutation(engagementId, (requestId: string) =>
    apiFetch(`/api/v1/engagements/${engagementId}/requests/${requestId}/task-request`, {
      method: 'POST',
      schema: createTaskFromAuditRequestResponseSchema,
    }),
  );
}

/** GET …/package.zip (exportAuditPackage), saved as a file. */
export function useDownloadAuditPackage(engagementId: string) {
  return useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await apiDownload(`/api/v1/engagements/${engagementId}/package.zip`);
      saveBlob(blob, fileName ?? 'pbc-package.zip');
    },
  });
}

/** GET …/samples (listAuditSamples): the populations and the samples drawn from them. */
export function useAuditSamples(engagementId: string) {
  return useQuery({
    queryKey: engagementKeys.samples(engagementId),
    queryFn: ({ signal }) => apiFetch(`/api/v1/engagements/${engagementId}/samples`, { schema: auditSampleListSchema, signal }),
  });
}

/** POST …/samples (uploadSamplePopulation): the client (or staff) provides a population as CSV. */
export function useUploadSamplePopulation(engagementId: string) {
  return useEngagementMutation(engagementId, (input: { name: string; csv: string }) =>
    apiFetch(`/api/v1/engagements/${engagementId}/samples`, { method: 'POST', body: input, schema: auditSampleSchema }),
  );
}

/** POST …/samples/:sampleId/draw (drawSample): the auditor draws once; the seed is recorded. */
export function useDrawSample(engagementId: string) {
  return useEngagementMutation(engagementId, ({ sampleId, input }: { sampleId: string; input: DrawSampleInput }) =>
    apiFetch(`/api/v1/engagements/${engagementId}/samples/${sampleId}/draw`, { method: 'POST', body: input, schema: auditSampleSchema }),
  );
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EvidenceState } from '../../../../shared/schemas/programme-statuses.ts';
import {
  type CreateEvidenceLinkInput,
  type Evidence,
  type EvidenceFields,
  evidenceListSchema,
  evidenceSchema,
} from '../../../../shared/schemas/evidence.ts';
import { apiDownload, apiFetch } from '../../../lib/api-client.ts';
import { apiUpload } from '../../../lib/api-upload.ts';
import { PROGRAMME_ROOT } from '../../../lib/query-roots.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

/** listEvidence's query (EvidenceListQuery, with the limit left to its default). */
export interface EvidenceFilters {
  organizationId?: string;
  controlId?: string;
  state?: EvidenceState;
  q?: string;
}

export const evidenceKeys = {
  list: (query: EvidenceFilters) => [...PROGRAMME_ROOT, 'evidence', query] as const,
};

/** GET /api/v1/evidence (listEvidence) */
export function useEvidenceList(query: EvidenceFilters) {
  return useQuery({
    queryKey: evidenceKeys.list(query),
    queryFn: ({ signal }) => apiFetch('/api/v1/evidence', { query: { ...query }, schema: evidenceListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/v1/evidence (uploadEvidence): multipart, the `fields` JSON part first, then the `file`. */
export function uploadEvidence(file: File, fields: EvidenceFields): Promise<Evidence> {
  const form = new FormData();
  form.append('fields', JSON.stringify(fields));
  form.append('file', file, file.name);
  return apiUpload('/api/v1/evidence', {
    body: form,
    schema: evidenceSchema,
    tooLargeMessage: 'This file is too large.',
    fieldsPart: 'fields',
  });
}

export type NewEvidence = { kind: 'file'; file: File; fields: EvidenceFields } | { kind: 'link'; input: CreateEvidenceLinkInput };

/** Upload a file or record a link (createEvidenceLink); either way readiness is worked out again. */
export function useAddEvidence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (evidence: NewEvidence) =>
      evidence.kind === 'file'
        ? uploadEvidence(evidence.file, evidence.fields)
        : apiFetch('/api/v1/evidence/links', { method: 'POST', body: evidence.input, schema: evidenceSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROGRAMME_ROOT }),
  });
}

/** POST /api/v1/evidence/:id/sign-off (signOffEvidence): a reviewer other than the uploader. */
export function useSignOffEvidence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ evidenceId, organizationId }: { evidenceId: string; organizationId: string | undefined }) =>
      apiFetch(`/api/v1/evidence/${evidenceId}/sign-off`, {
        method: 'POST',
        query: { organizationId },
        body: { organizationId },
        schema: evidenceSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROGRAMME_ROOT }),
  });
}

/** GET /api/v1/evidence/:id/download (downloadEvidence) */
export function useDownloadEvidence() {
  return useMutation({
    mutationFn: async ({
      evidenceId,
      organizationId,
      fallbackName,
    }: {
      evidenceId: string;
      organizationId: string | undefined;
      fallbackName: string;
    }) => {
      const { blob, fileName } = await apiDownload(`/api/v1/evidence/${evidenceId}/download`, { query: { organizationId } });
      saveBlob(blob, fileName ?? fallbackName);
    },
  });
}

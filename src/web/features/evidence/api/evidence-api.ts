import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isErrorCode } from '../../../../shared/errors.ts';
import type { EvidenceState } from '../../../../shared/schemas/programme-statuses.ts';
import {
  type CreateEvidenceLinkInput,
  type EvidenceFields,
  evidenceListSchema,
  evidenceSchema,
} from '../../../../shared/schemas/evidence.ts';
import { ApiError, apiDownload, apiFetch, currentAccessToken } from '../../../lib/api-client.ts';

/** Programme queries share the 'programme' root: new evidence moves readiness and the controls too. */
const PROGRAMME_ROOT = ['programme'] as const;

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

async function errorOf(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { error?: { code?: unknown; message?: string; issues?: { path: string; message: string }[] } };
    if (body.error && isErrorCode(body.error.code)) {
      const issues = (body.error.issues ?? []).map((issue) => ({
        path: issue.path.replace(/^body\.(fields\.)?/, ''),
        message: issue.message,
      }));
      return new ApiError(response.status, body.error.code, body.error.message ?? 'The upload failed.', issues);
    }
  } catch {
    // not JSON
  }
  if (response.status === 413) return new ApiError(413, 'PAYLOAD_TOO_LARGE', 'This file is too large.');
  return new ApiError(response.status, response.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST', `The upload failed (${response.status}).`);
}

/** POST /api/v1/evidence (uploadEvidence): multipart, the `fields` JSON part first, then the `file`. */
export async function uploadEvidence(file: File, fields: EvidenceFields): Promise<ReturnType<typeof evidenceSchema.parse>> {
  const form = new FormData();
  form.append('fields', JSON.stringify(fields));
  form.append('file', file, file.name);
  const token = await currentAccessToken();
  let response: Response;
  try {
    response = await fetch('/api/v1/evidence', {
      method: 'POST',
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: form,
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server. Check your connection and try again.');
  }
  if (!response.ok) throw await errorOf(response);
  return evidenceSchema.parse(await response.json());
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

/** Hands the browser a file it fetched itself (the API needs the Authorization header a link cannot send). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
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

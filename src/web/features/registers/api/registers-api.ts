import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportableRegister, Register } from '../../../../shared/schemas/programme-statuses.ts';
import { type ImportRegisterInput, importResultSchema } from '../../../../shared/schemas/registers.ts';
import { apiDownload, apiFetch } from '../../../lib/api-client.ts';
import { PROGRAMME_ROOT } from '../../../lib/query-roots.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

export interface DownloadRequest {
  path: string;
  query: Record<string, string | undefined>;
  fallbackName: string;
}

/** A register's CSV (exportRegister) or the readiness report PDF (exportReadinessReport), saved as a file. */
export function useProgrammeDownload() {
  return useMutation({
    mutationFn: async ({ path, query, fallbackName }: DownloadRequest) => {
      const { blob, fileName } = await apiDownload(path, { query });
      saveBlob(blob, fileName ?? fallbackName);
    },
  });
}

export function registerExport(register: Register, organizationId: string | undefined, frameworkId?: string): DownloadRequest {
  return {
    path: `/api/v1/registers/${register}/export.csv`,
    query: { organizationId, frameworkId },
    fallbackName: frameworkId ? `${frameworkId}-requirements.csv` : `${register}.csv`,
  };
}

export function readinessReport(organizationId: string | undefined): DownloadRequest {
  return { path: '/api/v1/readiness/report.pdf', query: { organizationId }, fallbackName: 'readiness-report.pdf' };
}

/** POST /api/v1/registers/:register/import (importRegister): a dry run changes nothing; a real run refreshes the programme. */
export function useImportRegister(register: ImportableRegister) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportRegisterInput) =>
      apiFetch(`/api/v1/registers/${register}/import`, { method: 'POST', body: input, schema: importResultSchema }),
    onSuccess: (result) => (result.applied ? queryClient.invalidateQueries({ queryKey: PROGRAMME_ROOT }) : undefined),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DownloadFormat } from '../../../../shared/schemas/deliverables.ts';
import { apiDownload } from '../../../lib/api-client.ts';
import { deliverableKeys } from './deliverable-keys.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

export interface DownloadRequest {
  id: string;
  format: DownloadFormat;
  /** A published version; the current one when left out. */
  version?: number;
}

/** GET /api/v1/deliverables/:id/download (downloadDeliverable), saved as a file; the counts refresh after. */
export function useDownloadDeliverable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, format, version }: DownloadRequest) => {
      const { blob, fileName } = await apiDownload(`/api/v1/deliverables/${id}/download`, { query: { format, version } });
      saveBlob(blob, fileName ?? `deliverable.${format}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliverableKeys.all }),
  });
}

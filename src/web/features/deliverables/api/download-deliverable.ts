import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DownloadFormat } from '../../../../shared/schemas/deliverables.ts';
import { apiDownload } from '../../../lib/api-client.ts';
import { deliverableKeys } from './deliverable-keys.ts';

export interface DownloadRequest {
  id: string;
  format: DownloadFormat;
  /** A published version; the current one when left out. */
  version?: number;
}

/** Hands the browser a file it fetched itself (the API needs the Authorization header a link cannot send). */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download; the URL may go once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
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

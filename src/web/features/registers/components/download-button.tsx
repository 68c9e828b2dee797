import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { type DownloadRequest, useProgrammeDownload } from '../api/registers-api.ts';

/** A button that fetches a CSV export or the PDF report with the session and saves it. */
export function DownloadButton({ request, children, label }: { request: DownloadRequest; children: ReactNode; label?: string }) {
  const download = useProgrammeDownload();
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-label={label}
      disabled={download.isPending}
      onClick={() =>
        download.mutate(request, {
          onError: (error) =>
            toast({
              title: 'The download failed',
              description: error instanceof ApiError ? error.message : undefined,
              variant: 'destructive',
            }),
        })
      }
    >
      <Download aria-hidden /> {children}
    </Button>
  );
}

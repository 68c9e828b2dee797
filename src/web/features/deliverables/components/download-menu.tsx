import { ChevronDown, Download } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { DOWNLOAD_FORMATS, DOWNLOAD_FORMAT_LABELS, type DownloadFormat } from '../../../../shared/schemas/deliverables.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useDownloadDeliverable } from '../api/download-deliverable.ts';

/**
 * Download as Markdown, PDF or Word: a menu button (Radix DropdownMenu: Enter, Space or ↓ opens it,
 * arrows move, Escape closes and returns focus). The file is fetched with the user's token and saved.
 */
export function DownloadMenu({ deliverableId, title, version }: { deliverableId: string; title: string; version?: number }) {
  const download = useDownloadDeliverable();
  const start = (format: DownloadFormat) =>
    download.mutate(
      { id: deliverableId, format, version },
      {
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Download failed',
            description: error instanceof ApiError ? error.message : 'Something went wrong. Try again.',
          }),
      },
    );
  const what = version ? `${title}, version ${version}` : title;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button type="button" variant="outline" size="sm" aria-label={`Download ${what}`} disabled={download.isPending}>
          <Download aria-hidden /> {download.isPending ? 'Downloading…' : 'Download'} <ChevronDown aria-hidden />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-40 rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {DOWNLOAD_FORMATS.map((format) => (
            <DropdownMenu.Item
              key={format}
              onSelect={() => start(format)}
              className="cursor-pointer rounded-sm px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-muted"
            >
              {DOWNLOAD_FORMAT_LABELS[format]}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

import { History } from 'lucide-react';
import type { Deliverable } from '../../../../shared/schemas/deliverables.ts';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatUtcDayTime } from '../../../lib/utc-dates.ts';
import { useDeliverable } from '../api/use-deliverables.ts';
import { formatBytes } from '../deliverable-format.ts';
import { DownloadMenu } from './download-menu.tsx';

function VersionList({ deliverable }: { deliverable: Deliverable }) {
  const detail = useDeliverable(deliverable.id);
  if (detail.isPending) return <Spinner label="Loading versions" />;
  if (detail.isError) return <QueryError error={detail.error} what="the versions" onRetry={() => void detail.refetch()} />;
  return (
    <ol className="grid gap-2" aria-label="Published versions">
      {detail.data.versions.map((version) => (
        <li key={version.version} className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border p-3">
          <div>
            <p className="text-sm font-medium">
              Version {version.version}
              {`v${version.version}` === deliverable.version ? <span className="ml-2 text-xs text-muted-foreground">(current)</span> : null}
            </p>
            <p className="text-xs text-muted-foreground">
              Published {formatUtcDayTime(new Date(version.publishedAt))} UTC · {formatBytes(version.sizeBytes)}
            </p>
          </div>
          <DownloadMenu deliverableId={deliverable.id} title={deliverable.title} version={version.version} />
        </li>
      ))}
    </ol>
  );
}

/** The published versions of a deliverable, each downloadable; loaded when the dialog opens. */
export function DeliverableVersionsDialog({ deliverable }: { deliverable: Deliverable }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" variant="ghost" size="sm" aria-label={`Versions of ${deliverable.title}`}>
          <History aria-hidden /> Versions
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{deliverable.title}</DialogTitle>
          <DialogDescription>
            {deliverable.typeLabel} for {deliverable.organization.name}. Each approval publishes a new version; earlier ones stay
            downloadable.
          </DialogDescription>
        </DialogHeader>
        <VersionList deliverable={deliverable} />
      </DialogContent>
    </Dialog>
  );
}

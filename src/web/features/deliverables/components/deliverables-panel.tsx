import { Download, FileText, PackageCheck } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { DELIVERABLE_STATUS_LABELS } from '../../../../shared/rules/demo-states.ts';
import { DELIVERABLE_STATUSES, type Deliverable, type DeliverableStatus } from '../../../../shared/schemas/deliverables.ts';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { useDeliverables } from '../api/use-deliverables.ts';
import { deliverableDates, formatBytes } from '../deliverable-format.ts';
import { DeliverableStatusBadge } from './deliverable-status-badge.tsx';
import { DeliverableVersionsDialog } from './deliverable-versions-dialog.tsx';
import { DownloadMenu } from './download-menu.tsx';

type StatusFilter = DeliverableStatus | 'all';

function DeliverableItem({ deliverable }: { deliverable: Deliverable }) {
  const facts = [
    deliverable.typeLabel,
    deliverable.assignedTo,
    deliverableDates(deliverable),
    deliverable.size === null ? null : formatBytes(deliverable.size),
  ];
  const isPublished = deliverable.version !== null;
  return (
    <li className="grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="flex min-w-0 items-start gap-3">
        <FileText className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <div className="min-w-0">
          <h3 className="break-words text-sm font-semibold">
            {deliverable.title}{' '}
            {deliverable.version ? <span className="font-normal text-muted-foreground">{deliverable.version}</span> : null}
          </h3>
          {deliverable.description ? <p className="mt-0.5 line-clamp-2 text-xs text-muted-foreground">{deliverable.description}</p> : null}
          <p className="mt-1 text-xs text-muted-foreground">{facts.filter(Boolean).join(' · ')}</p>
          {deliverable.tags.length > 0 ? (
            <ul className="mt-1.5 flex flex-wrap gap-1" aria-label="Tags">
              {deliverable.tags.map((tag) => (
                <li key={tag} className="rounded bg-muted px-1.5 py-0.5 text-[11px]">
                  {tag}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        <DeliverableStatusBadge status={deliverable.status} />
        <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
          <Download className="size-3" aria-hidden />
          {deliverable.downloadCount} <span className="sr-only">{deliverable.downloadCount === 1 ? 'download' : 'downloads'}</span>
        </span>
        {isPublished ? (
          <>
            <DeliverableVersionsDialog deliverable={deliverable} />
            <DownloadMenu deliverableId={deliverable.id} title={deliverable.title} />
          </>
        ) : (
          <span className="text-xs text-muted-foreground">Downloadable once approved</span>
        )}
      </div>
    </li>
  );
}

function NothingDelivered() {
  return (
    <div className="rounded-lg border border-dashed border-border p-8 text-center">
      <PackageCheck className="mx-auto size-8 text-muted-foreground" aria-hidden />
      <p className="mx-auto mt-3 max-w-md text-sm text-muted-foreground">
        Nothing has been delivered yet. Finished work appears here once our reviewers approve it; follow your requests on the{' '}
        <Link to="/task-requests" className="font-medium text-primary underline underline-offset-2">
          task requests
        </Link>{' '}
        page meanwhile.
      </p>
    </div>
  );
}

/**
 * The Overview's deliverables section (`section=deliverables`, docs/dashboard.md): the work delivered
 * to the organizations the user reaches, searchable and filtered by status and tag, each published
 * version downloadable as Markdown, PDF or Word.
 */
export function DeliverablesPanel() {
  const searchId = useId();
  const tagId = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [tag, setTag] = useState('');
  const list = useDeliverables({ q: q || undefined, status: status === 'all' ? undefined : status, tag: tag || undefined });

  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);

  if (list.isPending) return <Spinner label="Loading deliverables" />;
  if (list.isError) return <QueryError error={list.error} what="deliverables" onRetry={() => void list.refetch()} />;
  const { deliverables, counts, tags } = list.data;
  const isFiltered = q !== '' || tag !== '' || status !== 'all';
  if (counts.all === 0 && q === '' && tag === '') return <NothingDelivered />;
  const clearFilters = () => {
    setText('');
    setQ('');
    setTag('');
    setStatus('all');
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <SearchField id={searchId} label="Search deliverables" value={text} onChange={setText} placeholder="Title, description or tag" />
        <div className="grid gap-2">
          <Label htmlFor={tagId}>Tag</Label>
          <NativeSelect id={tagId} value={tag} onChange={(event) => setTag(event.target.value)}>
            <option value="">All tags</option>
            {tags.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Filter by status">
        {(['all', ...DELIVERABLE_STATUSES] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={status === option}
            onClick={() => setStatus(option)}
            className={cn(
              'rounded-full border border-border px-3 py-1 text-xs font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring',
              status === option ? 'bg-primary text-primary-foreground' : 'bg-background hover:bg-muted',
            )}
          >
            {option === 'all' ? 'All' : DELIVERABLE_STATUS_LABELS[option]} ({counts[option]})
          </button>
        ))}
      </div>
      <p className="sr-only" role="status">
        {deliverables.length === 1 ? '1 deliverable shown' : `${deliverables.length} deliverables shown`}
      </p>
      {deliverables.length > 0 ? (
        <ul className={cn('grid gap-2', list.isPlaceholderData && 'opacity-60')} aria-label="Deliverables">
          {deliverables.map((deliverable) => (
            <DeliverableItem key={deliverable.id} deliverable={deliverable} />
          ))}
        </ul>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed border-border p-6 text-sm text-muted-foreground">
          <p>No deliverables match {isFiltered ? 'your search and filters' : 'yet'}.</p>
          <Button type="button" variant="outline" size="sm" onClick={clearFilters}>
            Clear Filters
          </Button>
        </div>
      )}
    </div>
  );
}

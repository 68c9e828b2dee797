import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { DELIVERABLE_STATUSES, DELIVERABLE_STATUS_LABELS, type DeliverableStatus } from '../../../../shared/rules/demo-states.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDay } from '../format.ts';
import { DEMO_DELIVERABLES, type DemoDeliverable } from '../sample-data.ts';
import { Panel, ScreenHeader } from './screen-parts.tsx';

const STATUS_TONE: Record<DeliverableStatus, 'green' | 'info' | 'neutral' | 'red'> = {
  completed: 'green',
  in_review: 'info',
  pending: 'neutral',
  overdue: 'red',
};

function DeliverableRow({ deliverable }: { deliverable: DemoDeliverable }) {
  const dates = deliverable.completedDate ? `Completed ${formatDay(deliverable.completedDate)}` : `Due ${formatDay(deliverable.dueDate)}`;
  return (
    <li className="grid gap-2 rounded-lg border border-border bg-card p-3 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="flex items-start gap-3">
        <FileText className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <div>
          <h4 className="text-sm font-semibold">
            {deliverable.title} <span className="font-normal text-muted-foreground">{deliverable.version}</span>
          </h4>
          <p className="text-xs text-muted-foreground">{deliverable.description}</p>
          <p className="mt-1 text-xs text-muted-foreground">
            {deliverable.type} · {deliverable.assignedTo} · {dates} · {deliverable.size}
          </p>
          <ul className="mt-1 flex flex-wrap gap-1" aria-label="Tags">
            {deliverable.tags.map((tag) => (
              <li key={tag} className="rounded bg-muted px-1.5 py-0.5 text-[11px]">
                {tag}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="flex items-center gap-3 sm:justify-end">
        <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
          <Download className="size-3" aria-hidden /> {deliverable.downloadCount}
        </span>
        <Badge tone={STATUS_TONE[deliverable.status]}>{DELIVERABLE_STATUS_LABELS[deliverable.status]}</Badge>
      </div>
    </li>
  );
}

/** Deliverables management (product.md §2): statuses completed, in_review, pending and overdue. */
export function Deliverables() {
  const [filter, setFilter] = useState<DeliverableStatus | 'all'>('all');
  const shown = filter === 'all' ? DEMO_DELIVERABLES : DEMO_DELIVERABLES.filter((item) => item.status === filter);
  const count = (status: DeliverableStatus) => DEMO_DELIVERABLES.filter((item) => item.status === status).length;
  return (
    <div className="grid gap-4">
      <ScreenHeader title="Deliverables" subtitle={`${DEMO_DELIVERABLES.length} deliverables this quarter`} />
      <div className="flex flex-wrap gap-2" role="group" aria-label="Filter by status">
        {(['all', ...DELIVERABLE_STATUSES] as const).map((status) => (
          <button
            key={status}
            type="button"
            aria-pressed={filter === status}
            onClick={() => setFilter(status)}
            className={cn(
              'rounded-full border border-border px-3 py-1 text-xs font-medium',
              filter === status ? 'bg-primary text-primary-foreground' : 'bg-background hover:bg-muted',
            )}
          >
            {status === 'all' ? `All (${DEMO_DELIVERABLES.length})` : `${DELIVERABLE_STATUS_LABELS[status]} (${count(status)})`}
          </button>
        ))}
      </div>
      {shown.length > 0 ? (
        <ul className="grid gap-2">
          {shown.map((deliverable) => (
            <DeliverableRow key={deliverable.id} deliverable={deliverable} />
          ))}
        </ul>
      ) : (
        <Panel className="text-sm text-muted-foreground">No deliverables with this status.</Panel>
      )}
    </div>
  );
}

import { Link } from 'react-router';
import { SUPPORT_CATEGORY_LABELS, type SupportRequestSummary } from '../../../../shared/schemas/support.ts';
import { formatSupportMoment } from '../support-labels.ts';
import { SlaClock, SupportPriorityBadge, SupportStatusBadge } from './support-badges.tsx';
import { workspaceHref } from '../../../../shared/workspace-links.ts';

export const threadPath = (id: string) => workspaceHref.support(id);

/** Requests as cards: subject (the link to the thread), status, priority and, for staff, the SLA clock and organization. */
export function SupportRequestList({
  requests,
  isStaff,
  label,
}: {
  requests: readonly SupportRequestSummary[];
  isStaff: boolean;
  label: string;
}) {
  return (
    <ul className="grid gap-2" aria-label={label}>
      {requests.map((request) => (
        <li key={request.id} className="rounded-lg border border-border bg-card p-3">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <Link to={threadPath(request.id)} className="min-w-0 font-medium text-primary underline-offset-2 hover:underline">
              {request.subject}
            </Link>
            <div className="flex flex-wrap gap-1.5">
              <SupportStatusBadge status={request.status} isStaff={isStaff} />
              <SupportPriorityBadge priority={request.priority} />
              {isStaff ? <SlaClock sla={request.sla} /> : null}
            </div>
          </div>
          <p className="mt-1 text-xs text-muted-foreground">
            {isStaff ? `${request.organizationName} · ${request.requesterName} · ` : ''}
            {SUPPORT_CATEGORY_LABELS[request.category]} · last message{' '}
            <time dateTime={request.lastMessageAt}>{formatSupportMoment(request.lastMessageAt)}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}

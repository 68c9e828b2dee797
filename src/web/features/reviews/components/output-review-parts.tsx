import { BookOpen, FileText, Link2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { QUALITY_CATEGORIES, QUALITY_CATEGORY_LABELS, type OutputReview, type SourceKind } from '../../../../shared/schemas/reviews.ts';
import { DEPARTMENT_LABELS } from '../../../../shared/schemas/task-requests.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { PRIORITY_LABELS, formatDate, formatDateTime } from '../review-labels.ts';
import { RiskBadge, ScoreBandBadge } from './score-badges.tsx';

export function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-label={title} className={`space-y-2 rounded-lg border border-border bg-card p-4 ${className ?? ''}`}>
      <h2 className="text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** What the client asked for: the request as they wrote it, with its frameworks and clock. */
export function RequestPanel({ request }: { request: OutputReview['request'] }) {
  return (
    <Panel title="The request">
      <p className="font-medium">{request.title}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Client</dt>
        <dd>{request.organizationName}</dd>
        <dt className="text-muted-foreground">Requested by</dt>
        <dd>{request.requesterName}</dd>
        <dt className="text-muted-foreground">Department</dt>
        <dd>{DEPARTMENT_LABELS[request.department]}</dd>
        <dt className="text-muted-foreground">Priority</dt>
        <dd>{PRIORITY_LABELS[request.priority]}</dd>
        <dt className="text-muted-foreground">Due</dt>
        <dd>
          {formatDate(request.dueAt)}
          {request.deadline ? ` (client deadline ${formatDate(request.deadline)})` : ''}
        </dd>
        <dt className="text-muted-foreground">Frameworks</dt>
        <dd className="flex flex-wrap gap-1">
          {request.frameworks.length ? request.frameworks.map((framework) => <Badge key={framework}>{framework}</Badge>) : 'None named'}
        </dd>
      </dl>
      {request.description ? (
        <p className="whitespace-pre-wrap border-l-4 border-border pl-3 text-sm text-muted-foreground">{request.description}</p>
      ) : null}
    </Panel>
  );
}

export function ScoresPanel({ output }: { output: OutputReview['output'] }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="rounded-lg border border-border bg-card p-4">
        <p className="text-xs text-muted-foreground">Agent confidence</p>
        <p className="mt-1 text-2xl font-semibold tabular-nums">{output.confidence}%</p>
      </div>
      <div className="rounded-lg border border-border bg-card p-4">
        <p className="text-xs text-muted-foreground">Risk score</p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-2xl font-semibold tabular-nums">
          {output.riskScore} <RiskBadge riskScore={output.riskScore} />
        </p>
      </div>
    </div>
  );
}

export function ListPanel({ title, items, empty }: { title: string; items: string[]; empty: string }) {
  return (
    <Panel title={title}>
      {items.length ? (
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{empty}</p>
      )}
    </Panel>
  );
}

const SOURCE_ICONS: Record<SourceKind, typeof BookOpen> = {
  knowledge_base: BookOpen,
  framework_requirement: FileText,
  deliverable: FileText,
  request: Link2,
};
const SOURCE_KIND_LABELS: Record<SourceKind, string> = {
  knowledge_base: 'Knowledge base',
  framework_requirement: 'Framework requirement',
  deliverable: 'Earlier deliverable',
  request: 'The request',
};

export function SourcesPanel({ sources }: { sources: OutputReview['output']['sources'] }) {
  return (
    <Panel title="Sources cited">
      {sources.length ? (
        <ul className="space-y-2 text-sm">
          {sources.map((source) => {
            const Icon = SOURCE_ICONS[source.kind];
            return (
              <li key={`${source.kind}:${source.ref}`} className="flex gap-2">
                <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span>
                  <span className="font-medium">{source.title}</span>
                  <span className="block text-xs text-muted-foreground">
                    {SOURCE_KIND_LABELS[source.kind]} · {source.ref}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">The draft cites no sources.</p>
      )}
    </Panel>
  );
}

export function EarlierReviews({ reviews }: { reviews: OutputReview['reviews'] }) {
  if (reviews.length === 0) return null;
  return (
    <Panel title="Earlier reviews of this request">
      <ol className="space-y-3">
        {reviews.map((review) => (
          <li key={review.id} className="space-y-1 border-b border-border pb-3 text-sm last:border-0 last:pb-0">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-medium">Version {review.outputVersion}</span>
              <Badge tone={review.decision === 'approved' ? 'green' : 'red'}>
                {review.decision === 'approved' ? 'Approved' : 'Returned for revision'}
              </Badge>
              <ScoreBandBadge score={review.overallScore} />
            </p>
            <p className="text-muted-foreground">
              {review.reviewerName} · {formatDateTime(review.createdAt)}
            </p>
            {review.notes ? <p className="whitespace-pre-wrap">“{review.notes}”</p> : null}
            <p className="text-xs text-muted-foreground">
              {QUALITY_CATEGORIES.filter((category) => review.scores[category] !== undefined)
                .map((category) => `${QUALITY_CATEGORY_LABELS[category]} ${review.scores[category]}`)
                .join(' · ')}
            </p>
          </li>
        ))}
      </ol>
    </Panel>
  );
}

import { CalendarClock, Download, ExternalLink, FileText, Link2, ShieldCheck, UserRound } from 'lucide-react';
import type { Evidence } from '../../../../shared/schemas/evidence.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatUtcDay } from '../../../lib/utc-dates.ts';
import { useDownloadEvidence, useSignOffEvidence } from '../api/evidence-api.ts';
import { EVIDENCE_STATE_LABELS, EVIDENCE_STATE_TONES, formatBytes } from '../evidence-labels.ts';

const day = (value: string) => formatUtcDay(new Date(value));

/** One evidence item as a card: what it is, what it proves, when it expires, who signed it off. */
// eslint-disable-next-line max-lines-per-function -- one evidence card: its labelled facts and its download/open and sign-off actions read as one piece of markup
export function EvidenceRow({
  evidence,
  organizationId,
  canSignOff,
}: {
  evidence: Evidence;
  organizationId: string | undefined;
  canSignOff: boolean;
}) {
  const download = useDownloadEvidence();
  const signOff = useSignOffEvidence();
  const failed = (what: string) => (error: Error) =>
    toast({ title: `Could not ${what}`, description: error instanceof ApiError ? error.message : undefined, variant: 'destructive' });
  return (
    <li className="grid gap-2 rounded-lg border border-border bg-card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <span className="flex items-center gap-2 font-medium">
          {evidence.kind === 'file' ? (
            <FileText className="size-4 text-muted-foreground" aria-hidden />
          ) : (
            <Link2 className="size-4 text-muted-foreground" aria-hidden />
          )}
          {evidence.title}
        </span>
        <span className="flex flex-wrap gap-1.5">
          {evidence.reviewedBy ? (
            <Badge tone="info">
              <ShieldCheck aria-hidden /> Signed off
            </Badge>
          ) : null}
          <Badge tone={EVIDENCE_STATE_TONES[evidence.state]}>{EVIDENCE_STATE_LABELS[evidence.state]}</Badge>
        </span>
      </div>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <div className="flex items-center gap-1">
          <dt>Controls</dt>
          <dd className="font-mono">{evidence.controlIds.join(', ')}</dd>
        </div>
        <div className="flex items-center gap-1">
          <CalendarClock className="size-3.5" aria-hidden />
          <dt>Collected</dt>
          <dd>{day(evidence.collectedAt)}</dd>
        </div>
        <div className="flex items-center gap-1">
          <dt>{evidence.state === 'stale' ? 'Expired' : 'Expires'}</dt>
          <dd>{day(evidence.expiresAt)}</dd>
        </div>
        {evidence.periodStart || evidence.periodEnd ? (
          <div className="flex items-center gap-1">
            <dt>Period</dt>
            <dd>
              {evidence.periodStart ? formatUtcDay(new Date(`${evidence.periodStart}T00:00:00Z`)) : '…'} –{' '}
              {evidence.periodEnd ? formatUtcDay(new Date(`${evidence.periodEnd}T00:00:00Z`)) : '…'}
            </dd>
          </div>
        ) : null}
        <div className="flex items-center gap-1">
          <UserRound className="size-3.5" aria-hidden />
          <dt>Uploaded by</dt>
          <dd>{evidence.uploadedBy.name}</dd>
        </div>
        {evidence.reviewedBy ? (
          <div className="flex items-center gap-1">
            <dt>Signed off by</dt>
            <dd>{evidence.reviewedBy.name}</dd>
          </div>
        ) : null}
        {evidence.sizeBytes !== null ? (
          <div className="flex items-center gap-1">
            <dt className="sr-only">Size</dt>
            <dd>{formatBytes(evidence.sizeBytes)}</dd>
          </div>
        ) : null}
      </dl>
      <div className="flex flex-wrap gap-2">
        {evidence.kind === 'file' ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={download.isPending}
            aria-label={`Download ${evidence.title}`}
            onClick={() =>
              download.mutate(
                { evidenceId: evidence.id, organizationId, fallbackName: evidence.fileName ?? evidence.title },
                { onError: failed('download the file') },
              )
            }
          >
            <Download aria-hidden /> Download
          </Button>
        ) : evidence.url ? (
          <Button asChild size="sm" variant="outline">
            <a href={evidence.url} target="_blank" rel="noreferrer noopener" aria-label={`Open ${evidence.title} (new tab)`}>
              <ExternalLink aria-hidden /> Open link
            </a>
          </Button>
        ) : null}
        {canSignOff && !evidence.reviewedBy ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={signOff.isPending}
            aria-label={`Sign off ${evidence.title}`}
            onClick={() =>
              signOff.mutate(
                { evidenceId: evidence.id, organizationId },
                { onSuccess: () => toast({ title: 'Signed off', variant: 'success' }), onError: failed('sign it off') },
              )
            }
          >
            <ShieldCheck aria-hidden /> Sign off
          </Button>
        ) : null}
      </div>
    </li>
  );
}

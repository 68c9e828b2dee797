import { AUDIT_REQUEST_STATUSES, AUDIT_REQUEST_STATUS_LABELS } from '../../../../shared/schemas/engagement-statuses.ts';
import { AUDIT_TYPE_LABELS } from '../../../../shared/schemas/programme-statuses.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDownloadAuditPackage, useEngagementDashboard } from '../api/engagements-api.ts';

/** The Auditor Dashboard of one engagement: requests by status, overdue, changed since the last visit, the package. */
export function EngagementDashboard({ engagementId }: { engagementId: string }) {
  const dashboard = useEngagementDashboard(engagementId);
  const download = useDownloadAuditPackage(engagementId);
  if (dashboard.isPending) return <Spinner label="Loading the dashboard" />;
  if (dashboard.error) {
    return (
      <Alert variant="destructive" role="alert">
        {dashboard.error.message}
      </Alert>
    );
  }
  const { engagement, byStatus, overdue, changedSinceLastVisit, verification } = dashboard.data;
  return (
    <section aria-labelledby="dashboard-heading" className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="dashboard-heading" className="text-xl font-semibold">
            Auditor Dashboard
          </h2>
          <p className="text-sm text-muted-foreground">
            {engagement.organizationName} · {engagement.frameworkName} {AUDIT_TYPE_LABELS[engagement.auditType]} · period{' '}
            {engagement.periodStart} – {engagement.periodEnd} · access until {engagement.accessEndsOn}
          </p>
        </div>
        <Button onClick={() => download.mutate()} disabled={download.isPending}>
          {download.isPending ? 'Preparing…' : 'Download PBC package'}
        </Button>
      </div>
      {download.error ? (
        <Alert variant="destructive" role="alert">
          {download.error.message}
        </Alert>
      ) : null}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Requests by status">
        {AUDIT_REQUEST_STATUSES.map((status) => (
          <li key={status} className="rounded-lg border bg-card p-3">
            <p className="text-2xl font-semibold">{byStatus[status]}</p>
            <p className="text-sm text-muted-foreground">{AUDIT_REQUEST_STATUS_LABELS[status]}</p>
          </li>
        ))}
      </ul>
      <Alert variant={verification.ok ? 'success' : 'destructive'}>
        {verification.ok
          ? `Audit trail verified: ${verification.count} entries, hash chain intact.`
          : `Audit trail broken at entry ${verification.brokenAt?.seq} (${verification.brokenAt?.reason.replaceAll('_', ' ')}).`}
      </Alert>
      <div className="grid gap-6 lg:grid-cols-2">
        <div>
          <h3 className="font-semibold">Overdue ({overdue.length})</h3>
          {overdue.length === 0 ? <p className="text-sm text-muted-foreground">Nothing is overdue.</p> : null}
          <ul className="mt-2 space-y-1 text-sm">
            {overdue.slice(0, 10).map((request) => (
              <li key={request.id}>
                <span className="font-mono">{request.ref}</span> {request.title} · due {request.dueOn}
              </li>
            ))}
          </ul>
        </div>
        {changedSinceLastVisit ? (
          <div>
            <h3 className="font-semibold">Changed since your last visit ({changedSinceLastVisit.length})</h3>
            {changedSinceLastVisit.length === 0 ? <p className="text-sm text-muted-foreground">Nothing changed.</p> : null}
            <ul className="mt-2 space-y-1 text-sm">
              {changedSinceLastVisit.slice(0, 10).map((request) => (
                <li key={request.id}>
                  <span className="font-mono">{request.ref}</span> {request.title} · {AUDIT_REQUEST_STATUS_LABELS[request.status]}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import { ENDPOINT_ACCESS } from '../../../../shared/permissions.ts';
import { AUDIT_TYPE_LABELS } from '../../../../shared/schemas/programme-statuses.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useCan } from '../../auth/access.ts';
import { useEngagements } from '../api/engagements-api.ts';
import { CreateEngagementDialog } from './create-engagement-dialog.tsx';
import { workspaceHref } from '../../../../shared/workspace-links.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** The engagements the user takes part in; staff who may open one get the button. */
export function EngagementsList({ onOpened }: { onOpened: (engagementId: string) => void }) {
  const engagements = useEngagements();
  const canCreate = useCan(ENDPOINT_ACCESS.manageEngagements);
  const [creating, setCreating] = useState(false);
  return (
    <section aria-labelledby="engagements-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="engagements-heading" className="text-xl font-semibold">
          Engagements
        </h2>
        {canCreate ? <Button onClick={() => setCreating(true)}>Open an engagement</Button> : null}
      </div>
      {engagements.isPending ? <Spinner label="Loading engagements" /> : null}
      {engagements.error ? (
        <Alert variant="destructive" role="alert">
          {engagements.error.message}
        </Alert>
      ) : null}
      {engagements.data?.engagements.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-muted-foreground">
          {canCreate
            ? 'No engagement yet. Open one to invite the auditors.'
            : 'No engagement includes you yet. Your invitation e-mail leads here.'}
        </p>
      ) : null}
      <ul className="grid gap-3 md:grid-cols-2">
        {engagements.data?.engagements.map((engagement) => {
          const ended = engagement.side === 'auditor' && engagement.accessEndsOn < today();
          return (
            <li key={engagement.id} className="rounded-lg border bg-card p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h3 className="font-semibold">
                  <Link className="underline-offset-4 hover:underline" to={workspaceHref.auditorPortal(engagement.id)}>
                    {engagement.name}
                  </Link>
                </h3>
                <Badge tone={ended ? 'red' : 'info'}>
                  {ended ? 'Access ended' : `${engagement.frameworkName} · ${AUDIT_TYPE_LABELS[engagement.auditType]}`}
                </Badge>
              </div>
              <p className="mt-1 text-sm text-muted-foreground">{engagement.organizationName}</p>
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                <dt className="text-muted-foreground">Period</dt>
                <dd>
                  {engagement.periodStart} – {engagement.periodEnd}
                </dd>
                <dt className="text-muted-foreground">Fieldwork</dt>
                <dd>
                  {engagement.fieldworkStart} – {engagement.fieldworkEnd}
                </dd>
                <dt className="text-muted-foreground">Access ends</dt>
                <dd>{engagement.accessEndsOn}</dd>
                <dt className="text-muted-foreground">Requests</dt>
                <dd>{engagement.requestCount}</dd>
              </dl>
            </li>
          );
        })}
      </ul>
      <CreateEngagementDialog
        open={creating}
        onClose={(engagementId) => {
          setCreating(false);
          if (engagementId) onOpened(engagementId);
        }}
      />
    </section>
  );
}

import { Database, KeyRound, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  SAMPLE_COMPANY,
  SAMPLE_CONTENT_KINDS,
  SAMPLE_CONTENT_LABELS,
  type SampleDataStatus,
} from '../../../../shared/schemas/sample-data.ts';
import { TASK_STATUS_LABELS, TASK_STATUSES } from '../../../../shared/schemas/task-requests.ts';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useManageSampleData, useSampleDataStatus } from '../api/use-sample-data.ts';

/** A load takes seconds: the bar creeps towards 90 % over about this long, and completes when the answer comes. */
const EXPECTED_MS = 12_000;

function LoadProgress() {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setElapsed(Date.now() - started), 250);
    return () => clearInterval(timer);
  }, []);
  const value = Math.round(90 * (1 - Math.exp(-elapsed / (EXPECTED_MS / 2))));
  return (
    <div className="grid gap-2" role="status">
      <p className="text-sm">
        Loading {SAMPLE_COMPANY.companyName}: accounts, programme, requests through the agents and reviews, workflows, the audit engagement…
      </p>
      <Progress value={value} aria-label="Loading the sample organization" />
    </div>
  );
}

function Contents({ status }: { status: SampleDataStatus }) {
  const statuses = TASK_STATUSES.filter((key) => (status.requestStatuses[key] ?? 0) > 0);
  return (
    <div className="grid gap-3">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-4" aria-label="What the sample holds">
        {SAMPLE_CONTENT_KINDS.map((kind) => (
          <div key={kind} className="flex justify-between gap-2 border-b py-1">
            <dt className="text-muted-foreground">{SAMPLE_CONTENT_LABELS[kind]}</dt>
            <dd className="font-medium tabular-nums">{status.counts[kind]}</dd>
          </div>
        ))}
      </dl>
      {statuses.length > 0 ? (
        <p className="text-sm">
          <span className="text-muted-foreground">Task requests by state: </span>
          {statuses.map((key) => `${TASK_STATUS_LABELS[key]} ${status.requestStatuses[key] ?? 0}`).join(' · ')}
        </p>
      ) : null}
    </div>
  );
}

function SignIn({ status, password }: { status: SampleDataStatus; password: string | null }) {
  return (
    <div className="grid gap-2">
      <h3 className="flex items-center gap-2 font-semibold">
        <KeyRound aria-hidden className="size-4" /> Sample sign-in
      </h3>
      <ul className="grid gap-1 text-sm" aria-label="Sample accounts">
        {status.accounts.map((account) => (
          <li key={account.kind} className="flex flex-wrap gap-x-2">
            <span className="break-all font-mono">{account.email}</span>
            <span className="text-muted-foreground">
              {account.name}, {account.label}
            </span>
          </li>
        ))}
      </ul>
      {password ? (
        <Alert>
          <p className="text-sm">
            Password for every sample account (shown once, only its hash is stored):{' '}
            <code className="break-all rounded bg-muted px-1 font-mono" data-testid="sample-password">
              {password}
            </code>
          </p>
        </Alert>
      ) : (
        <p className="text-sm text-muted-foreground">
          The password was shown once, when the sample was loaded. To get a new one, remove the sample and load it again.
        </p>
      )}
    </div>
  );
}

/**
 * /admin → Sample data (staff with is_data_ai_admin; docs/sample-data.md): the sample organization's state,
 * Load (with progress), Remove (after a confirmation naming what goes), and the sample sign-in.
 */
export function SampleDataPanel() {
  const status = useSampleDataStatus();
  const { load, remove } = useManageSampleData();
  const [password, setPassword] = useState<string | null>(null);

  if (status.isPending) return <Spinner label="Loading the sample data’s state" className="p-6" />;
  if (status.isError) return <QueryError error={status.error} what="the sample data’s state" onRetry={() => void status.refetch()} />;
  const current = status.data;

  return (
    <section className="grid gap-5" aria-labelledby="sample-data-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="sample-data-heading" className="flex items-center gap-2 text-xl font-semibold">
            <Database aria-hidden className="size-5" /> Sample data
          </h2>
          <p className="mt-1 max-w-prose text-sm text-muted-foreground">
            {SAMPLE_COMPANY.companyName} ({SAMPLE_COMPANY.companyInfo.industry}, {SAMPLE_COMPANY.companyInfo.employees} employees,{' '}
            {SAMPLE_COMPANY.companyInfo.headquarters}) as a real organization for sales to sign in to: made through the same services as
            client work, marked “Sample” wherever staff see it, and removed completely.
          </p>
        </div>
        {current.loaded ? <Badge tone="yellow">Loaded</Badge> : <Badge>Not loaded</Badge>}
      </div>

      {load.isPending ? <LoadProgress /> : null}
      {load.isError ? (
        <Alert variant="destructive" role="alert">
          {load.error.message}
        </Alert>
      ) : null}

      {current.loaded ? (
        <>
          <Contents status={current} />
          <SignIn status={current} password={password} />
          <div>
            <ConfirmDialog
              trigger={
                <Button variant="destructive">
                  <Trash2 aria-hidden /> Remove sample data…
                </Button>
              }
              title={`Remove ${current.organization?.name ?? 'the sample organization'}?`}
              description={
                <span className="grid gap-1">
                  <span>
                    This deletes the sample organization and everything in it: {current.counts.taskRequests} task requests with their agent
                    runs, reviews and {current.counts.deliverables} deliverables, {current.counts.controls} controls,{' '}
                    {current.counts.evidence} evidence items, {current.counts.risks} risks, {current.counts.workflows} workflows and their
                    runs, the audit engagement, and the {current.accounts.length} sample accounts (
                    {current.accounts.map((a) => a.email).join(', ')}).
                  </span>
                  <span>Nothing else is touched. The audit trail keeps its record of the sample (it is append-only).</span>
                </span>
              }
              confirmLabel="Remove the sample data"
              onConfirm={async () => {
                try {
                  await remove.mutateAsync();
                  setPassword(null);
                  toast({ title: 'Sample data removed', variant: 'success' });
                  return null;
                } catch (error) {
                  return error instanceof Error ? error.message : 'The removal failed.';
                }
              }}
            />
          </div>
        </>
      ) : (
        <div className="grid gap-3">
          <p className="text-sm">
            Not loaded. Loading creates the organization, four accounts (client manager, client member, our reviewer, an external auditor)
            and their work; it takes a few seconds.
          </p>
          <div>
            <Button
              disabled={load.isPending}
              onClick={() =>
                load.mutate(undefined, {
                  onSuccess: (result) => {
                    setPassword(result.password);
                    toast({ title: 'Sample data loaded', description: result.organization?.name, variant: 'success' });
                  },
                })
              }
            >
              <Database aria-hidden /> {load.isPending ? 'Loading…' : 'Load sample data'}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}

import {
  type CHECK_OUTCOMES,
  CONNECTION_RUN_STATUS_LABELS,
  type CheckOutcome,
  type ConnectionRun,
} from '../../../../shared/schemas/connectors.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { LoadFailed } from '../../../components/ui/load-states.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatUtcDayTime } from '../../../lib/utc-dates.ts';
import { useConnectionRuns } from '../api/connectors-api.ts';

const OUTCOME_WORDS: Record<CheckOutcome, string> = { pass: 'Passed', fail: 'Failed', error: 'Not checked' };
const OUTCOME_TONES = { pass: 'green', fail: 'red', error: 'yellow' } as const satisfies Record<(typeof CHECK_OUTCOMES)[number], string>;
const RUN_TONES = { queued: 'neutral', running: 'info', passed: 'green', failed: 'red', partial: 'yellow', error: 'red' } as const;

/** A connection's latest runs: each check passed, failed (with the resources at fault) or could not be checked (and why). */
export function ConnectionRuns({ connectionId }: { connectionId: string }) {
  const runs = useConnectionRuns(connectionId, true);
  if (runs.isPending) return <Spinner label="Loading the runs" />;
  if (runs.isError) return <LoadFailed title="The runs could not be loaded" onRetry={() => void runs.refetch()} />;
  if (runs.data.runs.length === 0) return <p className="text-sm text-muted-foreground">No runs yet.</p>;
  return (
    <ol className="grid gap-3" aria-label="Runs, latest first">
      {runs.data.runs.map((run) => (
        <RunItem key={run.id} run={run} />
      ))}
    </ol>
  );
}

function RunItem({ run }: { run: ConnectionRun }) {
  return (
    <li className="grid gap-2 rounded-md border border-border p-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={RUN_TONES[run.status]}>{CONNECTION_RUN_STATUS_LABELS[run.status]}</Badge>
        <span className="text-muted-foreground">
          {formatUtcDayTime(new Date(run.startedAt ?? run.createdAt))} UTC · {run.trigger === 'manual' ? 'run by hand' : 'scheduled'}
        </span>
      </div>
      {run.error ? <p className="text-sm text-red-700 dark:text-red-400">{run.error}</p> : null}
      {run.results.length > 0 ? (
        <ul className="grid gap-2">
          {run.results.map((result) => {
            const failing = result.resources.filter((resource) => !resource.passed);
            return (
              <li key={result.checkId} className="grid gap-1 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={OUTCOME_TONES[result.outcome]}>{OUTCOME_WORDS[result.outcome]}</Badge>
                  <span className="font-medium">{result.title}</span>
                  <span className="text-xs text-muted-foreground">{result.controlIds.join(', ')}</span>
                </div>
                <p className="text-muted-foreground">{result.summary}</p>
                {failing.length > 0 ? (
                  <details>
                    <summary className="cursor-pointer text-xs font-medium">
                      {failing.length} resource{failing.length === 1 ? '' : 's'} at fault
                    </summary>
                    <ul className="mt-1 grid gap-0.5 text-xs break-words">
                      {failing.slice(0, 50).map((resource) => (
                        <li key={resource.id}>
                          <span className="font-mono">{resource.id}</span>: {resource.detail}
                        </li>
                      ))}
                      {failing.length > 50 || result.moreResources > 0 ? <li>… and more in the run’s evidence file</li> : null}
                    </ul>
                  </details>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </li>
  );
}

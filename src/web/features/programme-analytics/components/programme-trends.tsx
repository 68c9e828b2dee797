import { useId, useState } from 'react';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useReadinessHistory } from '../api/programme-analytics-api.ts';
import { formatAxisDay, formatTableDay, programmeSeries, readinessSeries } from '../history-series.ts';
import { ChartFigure } from './chart-figure.tsx';

const PERIODS = [
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
  { days: 365, label: 'Last 12 months' },
] as const;

const NO_SNAPSHOT = 'Nothing recorded yet: a snapshot is taken when a framework is activated and every day after.';

/** Readiness, controls, evidence and open risks over time, from the daily readiness snapshots. */
export function ProgrammeTrends({
  organizationId,
  frameworkNames,
  canReadRisks,
}: {
  organizationId: string | undefined;
  frameworkNames: Readonly<Record<string, string>>;
  canReadRisks: boolean;
}) {
  const id = useId();
  const [days, setDays] = useState<number>(90);
  const history = useReadinessHistory(organizationId, days);
  return (
    <div className="space-y-4">
      <div className="grid gap-1 sm:w-56">
        <label htmlFor={id} className="text-sm font-medium">
          Period
        </label>
        <NativeSelect id={id} value={days} onChange={(event) => setDays(Number(event.target.value))}>
          {PERIODS.map((period) => (
            <option key={period.days} value={period.days}>
              {period.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      {history.isPending ? (
        <Spinner label="Loading the programme’s history" />
      ) : history.isError ? (
        <Alert variant="destructive" role="alert" className="space-y-2">
          <AlertTitle>The programme’s history could not be loaded.</AlertTitle>
          <Button type="button" variant="outline" size="sm" onClick={() => void history.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <ChartFigure
            title="Readiness over time"
            description="Each active framework’s readiness score (0–100)."
            kind="line"
            domain={[0, 100]}
            table={readinessSeries(history.data, frameworkNames)}
            formatAxis={formatAxisDay}
            formatRow={formatTableDay}
            empty={NO_SNAPSHOT}
          />
          <ChartFigure
            title="Controls by status"
            description="Controls in scope, by status, each day."
            kind="stacked-area"
            table={programmeSeries(history.data, 'controls')}
            formatAxis={formatAxisDay}
            formatRow={formatTableDay}
            empty={NO_SNAPSHOT}
          />
          <ChartFigure
            title="Evidence by state"
            description="Evidence items current, expiring within 30 days, or stale."
            kind="stacked-area"
            table={programmeSeries(history.data, 'evidence')}
            formatAxis={formatAxisDay}
            formatRow={formatTableDay}
            empty={NO_SNAPSHOT}
          />
          {canReadRisks ? (
            <ChartFigure
              title="Open risks by band"
              description="Open risks by their residual score: under 50 low, under 80 medium, else high."
              kind="stacked-area"
              table={programmeSeries(history.data, 'risks')}
              formatAxis={formatAxisDay}
              formatRow={formatTableDay}
              empty={NO_SNAPSHOT}
            />
          ) : null}
        </div>
      )}
    </div>
  );
}

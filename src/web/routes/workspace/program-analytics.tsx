import { ENDPOINT_ACCESS } from '../../../shared/permissions.ts';
import type { ProgramAnalytics as Analytics } from '../../../shared/schemas/workflow-runs.ts';
import { Alert, AlertTitle } from '../../components/ui/alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useCan } from '../../features/auth/access.ts';
import { ChartFigure } from '../../features/programme-analytics/components/chart-figure.tsx';
import type { SeriesTable } from '../../features/programme-analytics/history-series.ts';
import { useProgramAnalytics } from '../../features/workflow-runs/api/workflow-builder-api.ts';

/**
 * Program Analytics on /program-execution (docs/workflow-runs.md): by month for the last 12 months,
 * on-time completion of task requests, the overdue trend and approvals waiting — each chart with its
 * table of numbers.
 */

const monthShort = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
const monthLong = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const asDate = (month: string) => new Date(`${month}-01T00:00:00Z`);
const formatAxis = (month: string) => monthShort.format(asDate(month));
const formatRow = (month: string) => monthLong.format(asDate(month));

export function analyticsTables(analytics: Analytics): { onTime: SeriesTable; overdue: SeriesTable; approvals: SeriesTable } {
  return {
    onTime: {
      series: [
        { key: 'rate', label: 'On time (%)', color: '#059669' },
        { key: 'completed', label: 'Completed', color: '#2563eb' },
        { key: 'onTime', label: 'Completed by the due date', color: '#7c3aed' },
      ],
      rows: analytics.months.map((month) => ({
        day: month.month,
        rate: month.onTimeRate === null ? null : Math.round(month.onTimeRate * 100),
        completed: month.completed,
        onTime: month.completedOnTime,
      })),
    },
    overdue: {
      series: [{ key: 'overdue', label: 'Overdue at month end', color: '#dc2626' }],
      rows: analytics.months.map((month) => ({ day: month.month, overdue: month.overdue })),
    },
    approvals: {
      series: [{ key: 'waiting', label: 'Approvals waiting at month end', color: '#d97706' }],
      rows: analytics.months.map((month) => ({ day: month.month, waiting: month.approvalsWaiting })),
    },
  };
}

export function ProgramAnalytics({ organizationId }: { organizationId: string | null | undefined }) {
  const allowed = useCan(ENDPOINT_ACCESS.readProgramAnalytics);
  const analytics = useProgramAnalytics(organizationId, allowed);
  if (organizationId === null || !allowed) return null;
  return (
    <section aria-labelledby="program-analytics-heading" className="space-y-3">
      <h2 id="program-analytics-heading" className="text-xl font-semibold">
        Program Analytics
      </h2>
      {analytics.isPending ? <Spinner label="Loading Program Analytics" /> : null}
      {analytics.isError ? (
        <Alert role="alert" variant="destructive">
          <AlertTitle>Program Analytics could not be loaded</AlertTitle>
          <p className="mt-1">{analytics.error.message}</p>
        </Alert>
      ) : null}
      {analytics.data ? <Figures analytics={analytics.data} /> : null}
    </section>
  );
}

function Figures({ analytics }: { analytics: Analytics }) {
  const tables = analyticsTables(analytics);
  const anyCompleted = analytics.months.some((month) => month.completed > 0);
  const anyOverdue = analytics.months.some((month) => month.overdue > 0);
  const anyApprovals = analytics.months.some((month) => month.approvalsWaiting > 0);
  const common = { formatAxis, formatRow, firstColumn: 'Month' };
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <ChartFigure
        title="On-time completion"
        description="Task requests delivered each month, and the share delivered by their due date."
        kind="line"
        table={anyCompleted ? tables.onTime : { ...tables.onTime, rows: [] }}
        drawn={['rate']}
        domain={[0, 100]}
        empty="No task request was delivered in the last 12 months."
        {...common}
      />
      <ChartFigure
        title="Overdue trend"
        description="Task requests past their due date at the end of each month (today for this month)."
        kind="bar"
        table={anyOverdue ? tables.overdue : { ...tables.overdue, rows: [] }}
        empty="Nothing was overdue at any month end. Well kept."
        {...common}
      />
      <ChartFigure
        title="Approvals waiting"
        description="Workflow approvals still pending at the end of each month."
        kind="bar"
        table={anyApprovals ? tables.approvals : { ...tables.approvals, rows: [] }}
        empty="No approval was left waiting at a month end."
        {...common}
      />
    </div>
  );
}

import type { SeriesTable } from '../history-series.ts';
import { turnaroundByMonth } from '../history-series.ts';
import { ChartFigure } from './chart-figure.tsx';

export interface DeliveryCounts {
  active: number;
  inReview: number;
  completed: number;
  overdue: number;
  needsAttention: number;
}

const COUNT_LABELS: [keyof DeliveryCounts, string][] = [
  ['active', 'Active'],
  ['inReview', 'In review'],
  ['completed', 'Delivered'],
  ['overdue', 'Overdue'],
  ['needsAttention', 'Needs attention'],
];

/** 'Nov 2026' for '2026-11'. */
export function formatMonthLabel(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

function qualityTable(months: readonly { month: string; score: number | null; reviews: number }[]): SeriesTable {
  return {
    series: [{ key: 'score', label: 'Mean quality score', color: '#059669' }],
    rows: months.filter((month) => month.reviews > 0).map((month) => ({ day: month.month, score: month.score })),
  };
}

/**
 * The delivery pipeline's figures: requests by state, reviewers' quality scores by month, and the
 * turnaround of delivered requests by month. Each part is null when the role does not read it.
 */
export function DeliveryFigures({
  counts,
  months,
  delivered,
  scopeNote,
}: {
  counts: DeliveryCounts | null;
  months: readonly { month: string; score: number | null; reviews: number }[] | null;
  delivered: readonly { createdAt: string; updatedAt: string }[] | null;
  scopeNote?: string;
}) {
  return (
    <section aria-labelledby="delivery-heading" className="space-y-4">
      <div>
        <h3 id="delivery-heading" className="text-lg font-semibold">
          Delivered work
        </h3>
        {scopeNote ? <p className="text-sm text-muted-foreground">{scopeNote}</p> : null}
      </div>
      {counts ? (
        <div role="group" aria-label="Task requests by state">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
            {COUNT_LABELS.map(([key, label]) => (
              <div key={key} className="rounded-lg border border-border bg-card p-3">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="text-2xl font-semibold tabular-nums">{counts[key]}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        {months ? (
          <ChartFigure
            title="Quality of delivered work"
            description="The reviewers’ mean quality score (0–100) by month."
            kind="bar"
            domain={[0, 100]}
            table={qualityTable(months)}
            formatAxis={formatMonthLabel}
            formatRow={formatMonthLabel}
            firstColumn="Month"
            empty="No deliverable has been reviewed yet."
          />
        ) : null}
        {delivered ? (
          <ChartFigure
            title="Turnaround"
            description="Median days from a request to its delivery, by the month it was delivered."
            kind="bar"
            table={turnaroundByMonth(delivered)}
            drawn={['median']}
            formatAxis={formatMonthLabel}
            formatRow={formatMonthLabel}
            firstColumn="Month"
            empty="Nothing has been delivered yet."
          />
        ) : null}
      </div>
    </section>
  );
}

import { type ReactNode, Suspense, lazy, useId } from 'react';
import { TableScroll } from '../../../components/ui/table-scroll.tsx';
import type { SeriesTable } from '../history-series.ts';

// recharts is large: it is fetched when the first chart renders, never on the other tabs.
const LineTrendChart = lazy(() => import('./trend-charts.tsx').then((module) => ({ default: module.LineTrendChart })));
const StackedAreaChart = lazy(() => import('./trend-charts.tsx').then((module) => ({ default: module.StackedAreaChart })));
const GroupedBarChart = lazy(() => import('./trend-charts.tsx').then((module) => ({ default: module.GroupedBarChart })));

export type ChartKind = 'line' | 'stacked-area' | 'bar';

/** A table of the numbers a chart draws: one row per day (or month), one column per series. */
export function NumbersTable({
  table,
  caption,
  firstColumn,
  formatX,
}: {
  table: SeriesTable;
  caption: string;
  firstColumn: string;
  formatX: (x: string) => string;
}) {
  // A year of days scrolls down, several series on a phone scroll sideways: with nothing focusable
  // inside, the frame itself takes focus so a keyboard can scroll it (TableScroll).
  return (
    <TableScroll label={caption} className="max-h-72 overflow-auto">
      <table className="w-full text-left text-sm tabular-nums">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-background">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              {firstColumn}
            </th>
            {table.series.map((series) => (
              <th key={series.key} scope="col" className="py-1 pr-3 font-medium">
                {series.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.day} className="border-t border-border">
              <th scope="row" className="py-1 pr-3 font-normal">
                {formatX(row.day)}
              </th>
              {table.series.map((series) => (
                <td key={series.key} className="py-1 pr-3">
                  {row[series.key] ?? '–'}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/**
 * One chart of Program Analytics: its heading, the chart, and "Show the numbers" with a table of
 * exactly what is drawn (the accessible reading of the chart). `empty` replaces both when there is
 * nothing to draw yet.
 */
export function ChartFigure({
  title,
  description,
  kind,
  table,
  formatAxis,
  formatRow,
  firstColumn = 'Day',
  domain,
  drawn,
  empty,
}: {
  title: string;
  description?: ReactNode;
  kind: ChartKind;
  table: SeriesTable;
  formatAxis: (x: string) => string;
  formatRow: (x: string) => string;
  firstColumn?: string;
  domain?: [number, number];
  /** The series the chart draws, when the table holds more (a count beside a median). */
  drawn?: readonly string[];
  empty: string;
}) {
  const id = useId();
  const Chart = kind === 'line' ? LineTrendChart : kind === 'bar' ? GroupedBarChart : StackedAreaChart;
  const isEmpty = table.rows.length === 0 || table.series.length === 0;
  return (
    <figure aria-labelledby={`${id}-title`} className="min-w-0 space-y-3 rounded-lg border border-border bg-card p-4">
      <figcaption>
        <h3 id={`${id}-title`} className="font-semibold">
          {title}
        </h3>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </figcaption>
      {isEmpty ? (
        <p className="rounded-md border border-dashed border-border p-4 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <>
          <Suspense fallback={<div className="h-56" aria-hidden />}>
            <Chart
              table={drawn ? { ...table, series: table.series.filter((series) => drawn.includes(series.key)) } : table}
              format={formatAxis}
              domain={domain}
            />
          </Suspense>
          <details className="text-sm">
            <summary className="cursor-pointer text-muted-foreground hover:text-foreground">Show the numbers</summary>
            <NumbersTable table={table} caption={title} firstColumn={firstColumn} formatX={formatRow} />
          </details>
        </>
      )}
    </figure>
  );
}

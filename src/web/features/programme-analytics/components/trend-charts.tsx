import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ReactElement } from 'react';
import type { SeriesTable } from '../history-series.ts';

/**
 * The Program Analytics charts (recharts: loaded lazily, only on the analytics tab). Each is hidden
 * from assistive technology because its figure carries a table of the same numbers.
 */

const axis = { tickLine: false, axisLine: false, tick: { fill: 'var(--color-muted-foreground)' } } as const;
const frame = { top: 8, right: 8, bottom: 0, left: 0 };

function ChartBox({ children }: { children: ReactElement }) {
  return (
    <div aria-hidden className="h-56 w-full text-xs">
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}

export function LineTrendChart({
  table,
  format,
  domain,
}: {
  table: SeriesTable;
  format: (x: string) => string;
  domain?: [number, number];
}) {
  return (
    <ChartBox>
      <LineChart data={table.rows} margin={frame} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--color-border)" />
        <XAxis dataKey="day" tickFormatter={format} minTickGap={24} {...axis} />
        <YAxis domain={domain ?? [0, 'auto']} width={32} allowDecimals={false} {...axis} />
        <Tooltip labelFormatter={(label) => format(String(label))} />
        <Legend />
        {table.series.map((series) => (
          <Line
            key={series.key}
            type="monotone"
            dataKey={series.key}
            name={series.label}
            stroke={series.color}
            strokeWidth={2}
            dot={table.rows.length < 20}
            connectNulls
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ChartBox>
  );
}

export function StackedAreaChart({
  table,
  format,
  domain,
}: {
  table: SeriesTable;
  format: (x: string) => string;
  domain?: [number, number];
}) {
  return (
    <ChartBox>
      <AreaChart data={table.rows} margin={frame} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--color-border)" />
        <XAxis dataKey="day" tickFormatter={format} minTickGap={24} {...axis} />
        <YAxis domain={domain ?? [0, 'auto']} width={32} allowDecimals={false} {...axis} />
        <Tooltip labelFormatter={(label) => format(String(label))} />
        <Legend />
        {table.series.map((series) => (
          <Area
            key={series.key}
            type="monotone"
            dataKey={series.key}
            name={series.label}
            stackId="1"
            stroke={series.color}
            fill={series.color}
            fillOpacity={0.35}
            isAnimationActive={false}
          />
        ))}
      </AreaChart>
    </ChartBox>
  );
}

export function GroupedBarChart({
  table,
  format,
  domain,
}: {
  table: SeriesTable;
  format: (x: string) => string;
  domain?: [number, number];
}) {
  return (
    <ChartBox>
      <BarChart data={table.rows} margin={frame} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--color-border)" />
        <XAxis dataKey="day" tickFormatter={format} {...axis} />
        <YAxis domain={domain ?? [0, 'auto']} width={32} {...axis} />
        <Tooltip labelFormatter={(label) => format(String(label))} />
        {table.series.length > 1 ? <Legend /> : null}
        {table.series.map((series) => (
          <Bar
            key={series.key}
            dataKey={series.key}
            name={series.label}
            fill={series.color}
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ChartBox>
  );
}

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatUsd } from '../../../../shared/pricing-plans.ts';
import type { RoiCostBreakdown, RoiResult } from '../../../../shared/rules/roi.ts';

const SERIES: { key: Exclude<keyof RoiCostBreakdown, 'totalUsd'>; label: string; color: string }[] = [
  { key: 'internalTeamUsd', label: 'Your team’s time', color: '#2563eb' },
  { key: 'consultantsUsd', label: 'Consultants', color: '#0d9488' },
  { key: 'auditFeesUsd', label: 'Audit fees', color: '#b45309' },
  { key: 'subscriptionUsd', label: 'ComplianceCore', color: '#7c3aed' },
];

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Stacked bars, today against the plan. Loaded lazily (recharts is large); the numbers are also in the text. */
export default function RoiChart({ result }: { result: RoiResult }) {
  const data = [
    { name: 'Today', ...result.today },
    { name: `With ${result.pricedPlan.name}`, ...result.withPlan },
  ];
  const summary = `Annual cost today ${formatUsd(result.today.totalUsd)}; with ${result.pricedPlan.name} ${formatUsd(result.withPlan.totalUsd)}.`;
  return (
    <div role="img" aria-label={summary} className="h-72 w-full text-xs">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--color-border)" />
          <XAxis dataKey="name" tickLine={false} axisLine={false} tick={{ fill: 'var(--color-muted-foreground)' }} />
          <YAxis
            tickFormatter={(value: number) => compactUsd.format(value)}
            tickLine={false}
            axisLine={false}
            width={56}
            tick={{ fill: 'var(--color-muted-foreground)' }}
          />
          <Tooltip
            formatter={(value) => formatUsd(Number(value))}
            cursor={{ fill: 'var(--color-muted)' }}
            contentStyle={{
              background: 'var(--color-popover)',
              border: '1px solid var(--color-border)',
              borderRadius: 8,
              color: 'var(--color-popover-foreground)',
            }}
          />
          <Legend wrapperStyle={{ paddingTop: 8 }} />
          {SERIES.map((series) => (
            <Bar key={series.key} dataKey={series.key} name={series.label} stackId="cost" fill={series.color} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

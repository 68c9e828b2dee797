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

/** Four to five round steps from zero to at least `max` (50k, 100k, 150k …). */
export function axisTicks(max: number): number[] {
  if (max <= 0) return [0];
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((multiple) => multiple * magnitude >= rough) ?? 10) * magnitude;
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
}

const percentOf = (value: number, top: number) => `${top > 0 ? (value / top) * 100 : 0}%`;

/**
 * Stacked bars, today against the plan, drawn with CSS: two bars of four parts need no charting
 * library (recharts was ~95 KB of the page's JavaScript), and the chart is in the prerendered page
 * at its final size. The numbers are also in the text; each part names its amount on hover.
 */
export function RoiChart({ result }: { result: RoiResult }) {
  const bars = [
    { name: 'Today', costs: result.today },
    { name: `With ${result.pricedPlan.name}`, costs: result.withPlan },
  ];
  const ticks = axisTicks(Math.max(result.today.totalUsd, result.withPlan.totalUsd));
  const top = ticks.at(-1) ?? 0;
  const summary = `Annual cost today ${formatUsd(result.today.totalUsd)}; with ${result.pricedPlan.name} ${formatUsd(result.withPlan.totalUsd)}.`;
  return (
    <div role="img" aria-label={summary} className="min-h-72 w-full text-xs text-muted-foreground">
      <div className="flex h-52 pt-2">
        <div className="relative w-14 shrink-0">
          {ticks.map((tick) => (
            <span key={tick} className="absolute right-2 translate-y-1/2" style={{ bottom: percentOf(tick, top) }}>
              {compactUsd.format(tick)}
            </span>
          ))}
        </div>
        <div className="relative flex-1">
          {ticks.map((tick) => (
            <div key={tick} className="absolute inset-x-0 border-t border-dashed border-border" style={{ bottom: percentOf(tick, top) }} />
          ))}
          <div className="absolute inset-0 flex justify-around">
            {bars.map((bar) => (
              <div key={bar.name} className="flex h-full w-1/4 flex-col-reverse">
                {SERIES.map((series) => (
                  <div
                    key={series.key}
                    title={`${series.label}: ${formatUsd(bar.costs[series.key])}`}
                    style={{ height: percentOf(bar.costs[series.key], top), background: series.color }}
                  />
                ))}
              </div>
            ))}
          </div>
        </div>
      </div>
      <div className="flex justify-around pl-14 pt-2">
        {bars.map((bar) => (
          <span key={bar.name} className="w-1/4 text-center">
            {bar.name}
          </span>
        ))}
      </div>
      <ul className="mt-4 flex flex-wrap justify-center gap-x-4 gap-y-1">
        {SERIES.map((series) => (
          <li key={series.key} className="flex items-center gap-1.5">
            <span aria-hidden className="size-2.5 rounded-sm" style={{ background: series.color }} />
            {series.label}
          </li>
        ))}
      </ul>
    </div>
  );
}

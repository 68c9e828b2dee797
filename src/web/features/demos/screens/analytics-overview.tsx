import { riskBand } from '../../../../shared/rules/score-bands.ts';
import { cn } from '../../../lib/cn.ts';
import { DEMO_ANALYTICS_KPIS, DEMO_MONTHLY_TASKS, DEMO_RISK_SCORES } from '../sample-data-more.ts';
import { BAND_BAR, Panel, ScreenHeader, Stat } from './screen-parts.tsx';

const BANDS = ['Low Risk', 'Medium Risk', 'High Risk'] as const;
const BAND_COLORS = { 'Low Risk': 'green', 'Medium Risk': 'yellow', 'High Risk': 'red' } as const;

/** Compliance analytics: throughput per month and open risks by band (bands from src/shared). */
export function AnalyticsOverview() {
  const max = Math.max(...DEMO_MONTHLY_TASKS.map((month) => month.completed));
  const byBand = BANDS.map((label) => ({
    label,
    count: DEMO_RISK_SCORES.filter((score) => riskBand(score).label === label).length,
  }));
  return (
    <div className="grid gap-4">
      <ScreenHeader title="Analytics" subtitle="Last six months" />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {DEMO_ANALYTICS_KPIS.map((kpi) => (
          <Stat key={kpi.label} label={kpi.label} value={kpi.value} />
        ))}
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <Panel>
          <h4 className="text-sm font-semibold">Tasks completed per month</h4>
          <div className="mt-3 flex h-36 items-end gap-2" role="img" aria-label="Tasks completed per month, October to March">
            {DEMO_MONTHLY_TASKS.map((month) => (
              <div key={month.month} className="flex h-full flex-1 flex-col justify-end gap-1 text-center">
                <span className="text-[11px] tabular-nums">{month.completed}</span>
                <span className="rounded-t bg-primary" style={{ height: `${(month.completed / max) * 80}%` }} />
                <span className="text-[11px] text-muted-foreground">{month.month}</span>
              </div>
            ))}
          </div>
        </Panel>
        <Panel>
          <h4 className="text-sm font-semibold">Open risks by band</h4>
          <ul className="mt-3 grid gap-3">
            {byBand.map((band) => (
              <li key={band.label} className="grid gap-1">
                <div className="flex justify-between text-sm">
                  <span>{band.label}</span>
                  <span className="font-medium tabular-nums">{band.count}</span>
                </div>
                <span className="h-2 overflow-hidden rounded-full bg-muted">
                  <span
                    className={cn('block h-full rounded-full', BAND_BAR[BAND_COLORS[band.label]])}
                    style={{ width: `${(band.count / DEMO_RISK_SCORES.length) * 100}%` }}
                  />
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-xs text-muted-foreground">Under 50 Low, under 80 Medium, otherwise High.</p>
        </Panel>
      </div>
    </div>
  );
}

import { Bot, Building2, CheckCircle2, ListTodo, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DemoData } from '../demo-mode.tsx';
import { useDemoView } from '../use-demo-view.ts';

const numberFormat = new Intl.NumberFormat('en-US');

function Metric({ label, value, icon }: { label: string; value: string; icon: ReactNode }) {
  return (
    <div className="rounded-lg border border-border bg-card p-4 text-card-foreground">
      <dt className="flex items-center gap-2 text-sm text-muted-foreground">
        {icon}
        {label}
      </dt>
      <dd className="mt-2 text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** The sample company's overview, from the demo data object of product.md §3. */
export function DemoOverviewCard({ data }: { data: DemoData }) {
  const { companyInfo, metrics } = data;
  return (
    <section aria-labelledby="demo-overview-title" data-testid="demo-overview" className="space-y-4">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="demo-overview-title" className="flex items-center gap-2 text-xl font-semibold">
          <Building2 className="size-5 text-primary" aria-hidden />
          {data.companyName}
        </h2>
        {data.isDemo ? (
          <span className="w-fit rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
            Sample data
          </span>
        ) : null}
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
        {(
          [
            ['Industry', companyInfo.industry],
            ['Employees', numberFormat.format(companyInfo.employees)],
            ['Founded', String(companyInfo.founded)],
            ['Headquarters', companyInfo.headquarters],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium text-foreground">{value}</dd>
          </div>
        ))}
      </dl>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Metric label="Active tasks" value={numberFormat.format(metrics.activeTasks)} icon={<ListTodo className="size-4" aria-hidden />} />
        <Metric
          label="Completed tasks"
          value={numberFormat.format(metrics.completedTasks)}
          icon={<CheckCircle2 className="size-4" aria-hidden />}
        />
        <Metric label="Active agents" value={numberFormat.format(metrics.activeAgents)} icon={<Bot className="size-4" aria-hidden />} />
        <Metric label="Success rate" value={`${metrics.successRate}%`} icon={<TrendingUp className="size-4" aria-hidden />} />
      </dl>
    </section>
  );
}

/**
 * For the dashboard: the sample overview when demo mode is on or the URL has demo=true, and
 * nothing otherwise, so the dashboard can render it unconditionally above its own content.
 */
export function DemoOverview() {
  const { isShowingDemo, demoData } = useDemoView();
  return isShowingDemo ? <DemoOverviewCard data={demoData} /> : null;
}

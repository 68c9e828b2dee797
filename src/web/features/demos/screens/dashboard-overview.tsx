import { Building2 } from 'lucide-react';
import { Progress } from '../../../components/ui/progress.tsx';
import { DEFAULT_DEMO_DATA } from '../../demo-mode/demo-mode.tsx';
import { Panel, ScreenHeader, Stat } from './screen-parts.tsx';

const FRAMEWORKS = [
  { name: 'SOC 2 Type II', readiness: 92 },
  { name: 'ISO 27001:2022', readiness: 78 },
  { name: 'HIPAA', readiness: 85 },
] as const;

const ACTIVITY = [
  { text: 'Evidence Collector uploaded 14 access-review screenshots', when: '10 min ago' },
  { text: 'Maya Chen approved the incident response plan', when: '1 h ago' },
  { text: 'New task: vendor assessment for CloudPay', when: '3 h ago' },
  { text: 'Risk register v1.4 sent for review', when: 'Yesterday' },
] as const;

/** Dashboard overview (product.md §2): the demo company's metrics, readiness and activity. */
export function DashboardOverview() {
  const { companyName, companyInfo, metrics } = DEFAULT_DEMO_DATA;
  return (
    <div className="grid gap-4">
      <ScreenHeader
        title={companyName}
        subtitle={`${companyInfo.industry} · ${companyInfo.employees} employees · ${companyInfo.headquarters}`}
        aside={
          <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2 py-1 text-xs text-muted-foreground">
            <Building2 className="size-3" aria-hidden /> Growth plan
          </span>
        }
      />
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat label="Active tasks" value={String(metrics.activeTasks)} hint="6 due this week" />
        <Stat label="Completed tasks" value={String(metrics.completedTasks)} hint="+23 this month" />
        <Stat label="Active AI agents" value={String(metrics.activeAgents)} hint="of 14 assigned" />
        <Stat label="Success rate" value={`${metrics.successRate}%`} hint="approved first time" />
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <Panel>
          <h4 className="text-sm font-semibold">Framework readiness</h4>
          <ul className="mt-3 grid gap-3">
            {FRAMEWORKS.map((framework) => (
              <li key={framework.name} className="grid gap-1">
                <div className="flex justify-between text-xs">
                  <span>{framework.name}</span>
                  <span className="font-medium tabular-nums">{framework.readiness}%</span>
                </div>
                <Progress value={framework.readiness} aria-label={`${framework.name} readiness`} />
              </li>
            ))}
          </ul>
        </Panel>
        <Panel>
          <h4 className="text-sm font-semibold">Recent activity</h4>
          <ul className="mt-3 grid gap-2">
            {ACTIVITY.map((item) => (
              <li key={item.text} className="flex justify-between gap-3 text-xs">
                <span>{item.text}</span>
                <span className="shrink-0 text-muted-foreground">{item.when}</span>
              </li>
            ))}
          </ul>
        </Panel>
      </div>
    </div>
  );
}

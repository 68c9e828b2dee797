import { CheckCircle2, CircleDot, Clock } from 'lucide-react';
import type { JSX } from 'react';
import { cn } from '../../../lib/cn.ts';
import type { HeroScreen } from '../landing-content.ts';

/** The four product screens the hero rotates through, drawn with real markup (crisp at any size). */

function Bar({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <div className="grid grid-cols-[6.5rem_1fr_2.5rem] items-center gap-2 text-xs">
      <span className="truncate text-muted-foreground">{label}</span>
      <span className="h-2 overflow-hidden rounded-full bg-muted">
        <span className={cn('block h-full rounded-full', tone)} style={{ width: `${value}%` }} />
      </span>
      <span className="text-right font-medium tabular-nums">{value}%</span>
    </div>
  );
}

function RiskAnalytics() {
  const heights = [38, 52, 45, 61, 57, 70, 66, 78];
  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-3 gap-2 text-center">
        {[
          ['Open risks', '18'],
          ['High', '3'],
          ['Treated', '42'],
        ].map(([label, value]) => (
          <div key={label} className="rounded-md border border-border bg-background p-2">
            <p className="text-lg font-semibold tabular-nums">{value}</p>
            <p className="text-[11px] text-muted-foreground">{label}</p>
          </div>
        ))}
      </div>
      <div className="flex h-28 items-end gap-1.5 rounded-md border border-border bg-background p-3" aria-hidden>
        {heights.map((height, index) => (
          <span key={index} className="flex-1 rounded-t bg-primary/80" style={{ height: `${height}%` }} />
        ))}
      </div>
      <p className="text-xs text-muted-foreground">Residual risk trend, last 8 weeks</p>
    </div>
  );
}

function ComplianceCenter() {
  return (
    <div className="grid gap-3">
      <Bar label="SOC 2" value={92} tone="bg-emerald-600" />
      <Bar label="ISO 27001" value={81} tone="bg-amber-500" />
      <Bar label="GDPR" value={95} tone="bg-emerald-600" />
      <Bar label="HIPAA" value={74} tone="bg-red-600" />
      <div className="mt-1 rounded-md border border-border bg-background p-3 text-xs">
        <p className="font-medium">Next audit: SOC 2 Type II</p>
        <p className="text-muted-foreground">126 of 137 controls have current evidence</p>
      </div>
    </div>
  );
}

function AiAgents() {
  const agents = [
    ['Evidence Collector', 'Active', 'text-emerald-700 dark:text-emerald-400'],
    ['Policy Drafter', 'Active', 'text-emerald-700 dark:text-emerald-400'],
    ['Risk Scorer', 'Standby', 'text-amber-700 dark:text-amber-400'],
    ['Control Mapper', 'Active', 'text-emerald-700 dark:text-emerald-400'],
  ] as const;
  return (
    <ul className="grid gap-2">
      {agents.map(([name, status, tone]) => (
        <li key={name} className="flex items-center justify-between rounded-md border border-border bg-background px-3 py-2 text-xs">
          <span className="font-medium">{name}</span>
          <span className={cn('inline-flex items-center gap-1', tone)}>
            <CircleDot className="size-3" aria-hidden />
            {status}
          </span>
        </li>
      ))}
    </ul>
  );
}

function TaskManagement() {
  const tasks = [
    ['Access review Q3', 'Done', CheckCircle2, 'text-emerald-700 dark:text-emerald-400'],
    ['Vendor risk: payroll provider', 'In review', Clock, 'text-amber-700 dark:text-amber-400'],
    ['Incident response tabletop', 'In progress', CircleDot, 'text-primary'],
    ['Update data retention policy', 'Queued', CircleDot, 'text-muted-foreground'],
  ] as const;
  return (
    <ul className="grid gap-2">
      {tasks.map(([title, status, Icon, tone]) => (
        <li key={title} className="flex items-center justify-between gap-3 rounded-md border border-border bg-background px-3 py-2 text-xs">
          <span className="truncate font-medium">{title}</span>
          <span className={cn('inline-flex shrink-0 items-center gap-1', tone)}>
            <Icon className="size-3" aria-hidden />
            {status}
          </span>
        </li>
      ))}
    </ul>
  );
}

const SCREENS: Record<HeroScreen, () => JSX.Element> = {
  'Risk Analytics': RiskAnalytics,
  'Compliance Center': ComplianceCenter,
  'AI Agents': AiAgents,
  'Task Management': TaskManagement,
};

export function HeroScreenView({ screen }: { screen: HeroScreen }) {
  const Screen = SCREENS[screen];
  return <Screen />;
}

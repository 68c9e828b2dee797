import { Bot } from 'lucide-react';
import { agentStatusLabel } from '../../../../shared/rules/demo-states.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { DEMO_AGENTS, type DemoAgent } from '../sample-data.ts';
import { Panel, ScreenHeader } from './screen-parts.tsx';

const STATUS_TONE = { Active: 'green', Standby: 'yellow', Maintenance: 'info', Unknown: 'neutral' } as const;

export function AgentStatusBadge({ status }: { status: string }) {
  const label = agentStatusLabel(status);
  return <Badge tone={STATUS_TONE[label as keyof typeof STATUS_TONE] ?? 'neutral'}>{label}</Badge>;
}

function AgentCard({ agent }: { agent: DemoAgent }) {
  return (
    <Panel className="grid gap-3">
      <div className="flex items-start justify-between gap-2">
        <div className="flex items-center gap-2">
          <span className="grid size-9 place-items-center rounded-lg bg-primary/10 text-primary">
            <Bot className="size-4" aria-hidden />
          </span>
          <div>
            <h4 className="text-sm font-semibold">{agent.name}</h4>
            <p className="text-xs text-muted-foreground">{agent.type}</p>
          </div>
        </div>
        <AgentStatusBadge status={agent.status} />
      </div>
      <p className="min-h-8 text-xs text-muted-foreground">{agent.currentTask ? `Now: ${agent.currentTask}` : 'Waiting for work'}</p>
      <dl className="grid grid-cols-2 gap-2 text-xs">
        <div>
          <dt className="text-muted-foreground">Tasks completed</dt>
          <dd className="font-semibold tabular-nums">{agent.tasksCompleted.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Success rate</dt>
          <dd className="font-semibold tabular-nums">{agent.successRate}%</dd>
        </div>
      </dl>
      <div className="grid gap-1">
        <div className="flex justify-between text-xs">
          <span className="text-muted-foreground">Performance</span>
          <span className="font-medium tabular-nums">{agent.performance}%</span>
        </div>
        <Progress value={agent.performance} aria-label={`${agent.name} performance`} />
      </div>
    </Panel>
  );
}

/** AI agents list (product.md §2): status active, standby or maintenance; anything else shows Unknown. */
export function AgentsList({ agents = DEMO_AGENTS }: { agents?: readonly DemoAgent[] }) {
  const active = agents.filter((agent) => agent.status === 'active').length;
  return (
    <div className="grid gap-4">
      <ScreenHeader title="AI agents" subtitle={`${active} of ${agents.length} agents active`} />
      <div className="grid gap-3 sm:grid-cols-2">
        {agents.map((agent) => (
          <AgentCard key={agent.id} agent={agent} />
        ))}
      </div>
    </div>
  );
}

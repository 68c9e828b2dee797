import { AlertTriangle, Bot, ListOrdered, Loader2 } from 'lucide-react';
import { useId } from 'react';
import { AGENT_STATUS_LABELS, AGENT_STATUSES, type AgentSummary } from '../../../../shared/schemas/agent-runs.ts';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useCan } from '../../auth/access.ts';
import { useAgents, useUpdateAgentStatus } from '../api/use-agents.ts';
import { AgentStatusBadge, isAgentStatus } from './agent-status-badge.tsx';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function successRateText(rate: number | null): string {
  return rate === null ? 'No reviews yet' : `${rate.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}

function StatusControl({ agent }: { agent: AgentSummary }) {
  const id = useId();
  const update = useUpdateAgentStatus();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        Status of {agent.name}
      </label>
      <NativeSelect
        id={id}
        value={agent.status}
        disabled={update.isPending}
        onChange={(event) => {
          const status = event.target.value;
          if (!isAgentStatus(status) || status === agent.status) return;
          update.mutate(
            { agentId: agent.id, status },
            {
              onSuccess: (saved) =>
                toast({
                  title: 'Agent status updated',
                  description: `${saved.name} is now ${AGENT_STATUS_LABELS[status]}.`,
                  variant: 'success',
                }),
              onError: (error) =>
                toast({
                  title: 'Could not update the agent',
                  description: error instanceof Error ? error.message : 'Please try again.',
                  variant: 'destructive',
                }),
            },
          );
        }}
      >
        {isAgentStatus(agent.status) ? null : (
          <option value={agent.status} disabled>
            Unknown
          </option>
        )}
        {AGENT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {AGENT_STATUS_LABELS[status]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-muted/60 p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function AgentCard({ agent, canManage }: { agent: AgentSummary; canManage: boolean }) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="grid content-start gap-4 rounded-xl border border-border bg-card p-5 shadow-sm">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
            <Bot className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-semibold leading-tight">
              {agent.name}
            </h2>
            <p className="text-sm text-muted-foreground">{agent.type}</p>
          </div>
        </div>
        <AgentStatusBadge status={agent.status} />
      </header>
      <p className="text-sm text-foreground/80">{agent.description}</p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Figure label="Tasks completed" value={agent.tasksCompleted.toLocaleString('en-US')} />
        <Figure label="Success rate" value={successRateText(agent.successRate)} />
        <Figure label="Queue" value={agent.queueDepth.toLocaleString('en-US')} />
        <Figure label="Runs (7 days)" value={agent.runsLast7Days.toLocaleString('en-US')} />
      </dl>
      <div className="flex items-start gap-2 text-sm">
        {agent.currentTask ? (
          <Loader2 className="mt-0.5 size-4 shrink-0 animate-spin text-primary motion-reduce:animate-none" aria-hidden />
        ) : (
          <ListOrdered className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        )}
        <p>
          <span className="font-medium">Current task: </span>
          {agent.currentTask ?? <span className="text-muted-foreground">Idle</span>}
        </p>
      </div>
      <section aria-label={`Recent failures of ${agent.name}`} className="grid gap-2">
        <h3 className="text-sm font-medium">Recent failures</h3>
        {agent.recentFailures.length === 0 ? (
          <p className="text-sm text-muted-foreground">None.</p>
        ) : (
          <ul className="grid gap-1.5">
            {agent.recentFailures.map((failure) => (
              <li key={failure.runId} className="flex items-start gap-2 rounded-md border border-red-200 p-2 text-sm dark:border-red-900">
                <AlertTriangle className="mt-0.5 size-4 shrink-0 text-red-600 dark:text-red-400" aria-hidden />
                <span className="min-w-0 break-words">
                  <span className="font-medium">{failure.status === 'dead' ? 'Gave up' : 'Failed'}</span>{' '}
                  <time dateTime={failure.at} className="text-muted-foreground">
                    {dateTime.format(new Date(failure.at))}
                  </time>
                  {failure.error ? <span className="block text-foreground/80">{failure.error}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {canManage ? <StatusControl agent={agent} /> : null}
    </article>
  );
}

/** The Agent Dashboard (/agents): each agent's status and its figures from real runs; administrators set the status. */
export function AgentDashboard() {
  const agents = useAgents();
  const canManage = useCan({ authenticated: true, adminOnly: true });
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Agent Dashboard</h1>
        <p className="text-muted-foreground">
          The AI agents drafting your clients&apos; work, with figures from their runs and reviews
          {canManage ? '. Set an agent to maintenance to pause its runs.' : '.'}
        </p>
      </header>
      {agents.isPending ? <Spinner label="Loading agents" /> : null}
      {agents.isError ? <QueryError error={agents.error} what="agents" onRetry={() => void agents.refetch()} /> : null}
      {agents.isSuccess && agents.data.agents.length === 0 ? (
        <div className="grid justify-items-center gap-2 rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground">
          <Bot className="size-6" aria-hidden />
          <p>No agents are set up yet.</p>
        </div>
      ) : null}
      {agents.isSuccess && agents.data.agents.length > 0 ? (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-busy={agents.isFetching}>
          {agents.data.agents.map((agent) => (
            <AgentCard key={agent.id} agent={agent} canManage={canManage} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

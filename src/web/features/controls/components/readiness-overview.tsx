import { ArrowRight, ListChecks } from 'lucide-react';
import { Link } from 'react-router';
import type { NextAction, Readiness } from '../../../../shared/schemas/frameworks.ts';
import { CONTROL_STATUS_LABELS, CONTROL_STATUSES, type ControlStatus } from '../../../../shared/schemas/programme-statuses.ts';
import { cn } from '../../../lib/cn.ts';
import { FrameworkReadinessCard } from './framework-readiness-card.tsx';

const STATUS_ACCENT: Record<ControlStatus, string> = {
  not_started: 'border-l-slate-400',
  in_progress: 'border-l-blue-500',
  implemented: 'border-l-emerald-500',
  stale: 'border-l-red-500',
  failing: 'border-l-red-700',
};

/** Readiness per active framework, with an empty state that sends the client to activate one. */
export function FrameworkReadinessList({ readiness, frameworksHref }: { readiness: Readiness; frameworksHref: string }) {
  return (
    <section aria-labelledby="readiness-heading" className="space-y-3">
      <h3 id="readiness-heading" className="text-lg font-semibold">
        Readiness by framework
      </h3>
      {readiness.frameworks.length === 0 ? (
        <div className="rounded-lg border border-dashed border-border p-8 text-center">
          <ListChecks className="mx-auto size-8 text-muted-foreground" aria-hidden />
          <p className="mt-3 font-semibold">No framework is active yet</p>
          <p className="mx-auto mt-1 max-w-md text-sm text-muted-foreground">
            Activate a framework and its controls come into scope; readiness is then worked out from your controls and evidence.
          </p>
          <Link to={frameworksHref} className="mt-3 inline-block text-sm font-medium text-primary underline underline-offset-2">
            Choose a framework
          </Link>
        </div>
      ) : (
        <ul className="grid items-start gap-3 lg:grid-cols-2" aria-label="Active frameworks">
          {readiness.frameworks.map((framework) => (
            <FrameworkReadinessCard key={framework.frameworkId} framework={framework} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Controls by status, each count one click from the register filtered to it. */
export function ControlsByStatus({ readiness, statusHref }: { readiness: Readiness; statusHref: (status: ControlStatus) => string }) {
  return (
    <section aria-labelledby="controls-by-status-heading" className="space-y-3">
      <h3 id="controls-by-status-heading" className="text-lg font-semibold">
        Controls by status
      </h3>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {CONTROL_STATUSES.map((status) => (
          <li key={status}>
            <Link
              to={statusHref(status)}
              className={cn(
                'block rounded-lg border border-l-4 border-border bg-card p-4 transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                STATUS_ACCENT[status],
              )}
            >
              <span className="block text-sm text-muted-foreground">{CONTROL_STATUS_LABELS[status]}</span>
              <span className="mt-1 block text-3xl font-bold tabular-nums">{readiness.controlsByStatus[status] ?? 0}</span>
            </Link>
          </li>
        ))}
      </ul>
      {readiness.controlsNotApplicable > 0 ? (
        <p className="text-xs text-muted-foreground">
          {readiness.controlsNotApplicable} {readiness.controlsNotApplicable === 1 ? 'control is' : 'controls are'} marked not applicable.
        </p>
      ) : null}
    </section>
  );
}

/** What to do next, each a link to where the work is done. */
export function NextActions({ actions, toHref }: { actions: NextAction[]; toHref: (href: string) => string }) {
  return (
    <section aria-labelledby="next-actions-heading" className="space-y-3">
      <h3 id="next-actions-heading" className="text-lg font-semibold">
        Next actions
      </h3>
      {actions.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground">
          Nothing is waiting: every control is on track.
        </p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border bg-card" aria-label="Next actions">
          {actions.map((action) => (
            <li key={`${action.kind}-${action.href}-${action.title}`}>
              <Link
                to={toHref(action.href)}
                className="flex items-center justify-between gap-3 p-3 text-sm transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring"
              >
                <span>{action.title}</span>
                <ArrowRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

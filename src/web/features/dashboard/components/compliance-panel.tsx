import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { planById } from '../../../../shared/pricing-plans.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useAuth } from '../../auth/auth.tsx';
import { NotInRoleNote, type WorkspaceFigures, hiddenFigures } from './analytics-panel.tsx';
import { StatCard } from './stat-card.tsx';

/** Where the programme stands: the subscription, and the work planned and submitted so far. */
export function CompliancePanel({ figures, onAsk }: { figures: WorkspaceFigures | null; onAsk: () => void }) {
  const { subscription } = useAuth();
  const current = subscription?.subscription ?? null;
  return (
    <section aria-labelledby="compliance-heading" className="space-y-4">
      <h2 id="compliance-heading" className="text-xl font-semibold">
        Compliance
      </h2>
      <div className="rounded-lg border border-border p-4">
        <h3 className="font-semibold">Subscription</h3>
        {current ? (
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
            {planById(current.plan).name} plan{' '}
            <Badge tone={current.status === 'active' ? 'green' : 'yellow'}>{current.status.replace('_', ' ')}</Badge>
          </p>
        ) : subscription ? (
          <p className="mt-1 text-sm text-muted-foreground">
            No subscription yet.{' '}
            <Link to="/pricing" className="font-medium text-primary underline underline-offset-2">
              Choose a plan
            </Link>{' '}
            to keep plans from the advisor and send us work.
          </p>
        ) : (
          <p className="mt-1 text-sm text-muted-foreground">Checking your subscription…</p>
        )}
      </div>
      {figures?.plans ? (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <StatCard label="Plans in draft" value={figures.plans.draft} />
          <StatCard
            label="Plans submitted to our team"
            value={figures.plans.submitted}
            hint={`${figures.plans.approved} approved · ${figures.plans.awaitingReview} awaiting review`}
          />
          <StatCard label="Sent back for changes" value={figures.plans.changesRequested} />
          <StatCard label="Steps planned" value={figures.steps} />
        </div>
      ) : figures ? (
        <NotInRoleNote what={hiddenFigures(figures).filter((what) => what === 'plans')} />
      ) : null}
      <div className="flex flex-col gap-3 rounded-lg border border-border bg-muted/40 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          Not sure what to do next? The advisor can suggest the next piece of work from what you tell it.
        </p>
        <Button type="button" variant="outline" onClick={onAsk}>
          <MessageCircle aria-hidden /> Ask the advisor
        </Button>
      </div>
    </section>
  );
}

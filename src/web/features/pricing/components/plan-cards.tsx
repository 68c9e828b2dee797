import { ArrowRight, Check, CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import {
  PLANS,
  type Plan,
  describeFrameworks,
  describeIntegrations,
  describeSeats,
  describeTurnaround,
  formatUsd,
} from '../../../../shared/pricing-plans.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { FEATURED_PLAN_ID } from '../plan-features.ts';

function Price({ plan }: { plan: Plan }) {
  if (plan.monthlyPriceUsd === null) {
    return (
      <p className="mt-6">
        <span className="text-4xl font-bold tracking-tight">Custom</span>
        <span className="mt-1 block text-sm text-muted-foreground">Priced to your scope</span>
      </p>
    );
  }
  return (
    <p className="mt-6">
      <span className="text-4xl font-bold tracking-tight">{formatUsd(plan.monthlyPriceUsd)}</span>
      <span className="text-base text-muted-foreground">/month</span>
      <span className="mt-1 block text-sm text-muted-foreground">Billed monthly, no minimum term</span>
    </p>
  );
}

function PlanCta({ plan }: { plan: Plan }) {
  const isFeatured = plan.id === FEATURED_PLAN_ID;
  if (!plan.isSelfServe) {
    return (
      <Button asChild variant="outline" size="lg" className="mt-8 w-full">
        <a href="/#contact">
          <CalendarClock aria-hidden /> Book a consultation
          <span className="sr-only"> about the {plan.name} plan</span>
        </a>
      </Button>
    );
  }
  return (
    <Button asChild variant={isFeatured ? 'default' : 'outline'} size="lg" className="mt-8 w-full">
      <Link to={`/subscription?plan=${plan.id}`}>
        Choose {plan.name} <ArrowRight aria-hidden />
      </Link>
    </Button>
  );
}

/** The four plans side by side (stacked on a phone), each with what it includes and its call to action. */
export function PlanCards() {
  return (
    <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-4" aria-label="Plans">
      {PLANS.map((plan) => {
        const isFeatured = plan.id === FEATURED_PLAN_ID;
        const headingId = `plan-${plan.id}-name`;
        return (
          <li
            key={plan.id}
            aria-labelledby={headingId}
            className={cn(
              'relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm',
              isFeatured ? 'border-primary ring-2 ring-primary' : 'border-border',
            )}
          >
            <div className="flex items-center justify-between gap-3">
              <h2 id={headingId} className="text-xl font-semibold">
                {plan.name}
              </h2>
              {isFeatured ? <Badge tone="info">Most chosen</Badge> : null}
            </div>
            <p className="mt-2 min-h-12 text-sm text-muted-foreground">{plan.audience}</p>
            <Price plan={plan} />
            <dl className="mt-6 grid gap-3 border-y border-border py-5 text-sm">
              {[
                ['Frameworks', describeFrameworks(plan)],
                ['Task turnaround', describeTurnaround(plan)],
                ['Reviewers', plan.reviewers],
                ['Seats', describeSeats(plan)],
                ['Integrations', describeIntegrations(plan)],
              ].map(([term, detail]) => (
                <div key={term} className="grid gap-0.5">
                  <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{term}</dt>
                  <dd className="font-medium">{detail}</dd>
                </div>
              ))}
            </dl>
            <ul className="mt-5 grid flex-1 gap-2.5 text-sm" aria-label={`${plan.name} includes`}>
              {plan.highlights.map((item) => (
                <li key={item} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
            <PlanCta plan={plan} />
          </li>
        );
      })}
    </ul>
  );
}

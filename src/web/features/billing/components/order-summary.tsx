import { Check } from 'lucide-react';
import { RESPONSE_PROMISE_HOURS } from '../../../../shared/constants.ts';
import {
  describeFrameworks,
  describeSeats,
  describeTurnaround,
  formatMonthlyPrice,
  isSelfServePlanId,
  planById,
} from '../../../../shared/pricing-plans.ts';

/** What the buyer is about to start, kept in view beside the form. */
export function OrderSummary({ plan: planId }: { plan: string | undefined }) {
  if (!isSelfServePlanId(planId)) {
    return (
      <section aria-label="Order summary" className="rounded-2xl border border-border bg-card p-5 text-sm text-muted-foreground">
        Choose a plan to see what it includes.
      </section>
    );
  }
  const plan = planById(planId);
  return (
    <section aria-labelledby="order-summary-heading" className="rounded-2xl border border-border bg-card p-5 shadow-sm">
      <h2 id="order-summary-heading" className="text-sm font-medium text-muted-foreground">
        Order summary
      </h2>
      <p className="mt-2 flex items-baseline justify-between gap-2">
        <span className="text-lg font-semibold">{plan.name}</span>
        <span className="text-lg font-semibold">{formatMonthlyPrice(plan)}</span>
      </p>
      <ul className="mt-4 grid gap-2 text-sm">
        {[
          'Unlimited task requests',
          describeFrameworks(plan),
          `${describeTurnaround(plan)} standard turnaround`,
          describeSeats(plan),
          plan.reviewers,
        ].map((item) => (
          <li key={item} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            {item}
          </li>
        ))}
      </ul>
      <p className="mt-4 border-t border-border pt-4 text-xs leading-5 text-muted-foreground">
        Billed monthly in US dollars, no minimum term. Your onboarding lead contacts you within {RESPONSE_PROMISE_HOURS} hours of starting.
      </p>
    </section>
  );
}

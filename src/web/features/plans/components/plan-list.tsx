import { ClipboardList, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePlans } from '../api/list-plans.ts';
import { PLAN_STATUS_LABELS, PLAN_STATUS_TONES, formatDate } from '../plan-labels.ts';

/** The user's plans, newest first, or an empty state that says how to make one. */
export function PlanList({ limit, headingLevel = 2, onAskAdvisor }: { limit?: number; headingLevel?: 2 | 3; onAskAdvisor: () => void }) {
  const plans = usePlans();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (plans.isPending) return <Spinner label="Loading your plans" />;
  if (plans.isError) {
    return (
      <Alert role="alert" variant="destructive">
        <AlertTitle>Your plans could not be loaded</AlertTitle>
        <p className="mt-1">Check your connection and try again.</p>
      </Alert>
    );
  }
  const items = limit ? plans.data.plans.slice(0, limit) : plans.data.plans;
  if (items.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-border p-8 text-center" data-testid="plans-empty">
        <ClipboardList className="mx-auto size-8 text-muted-foreground" aria-hidden />
        <Heading className="mt-3 font-semibold">No plans yet</Heading>
        <p className="mx-auto mt-1 max-w-md text-sm text-muted-foreground">
          Ask the compliance advisor for help with a piece of work — “Help us prepare for a SOC 2 audit” — and choose Use plan on its suggestion.
        </p>
        <Button type="button" className="mt-4" onClick={onAskAdvisor}>
          <MessageCircle aria-hidden /> Ask the advisor
        </Button>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-border rounded-lg border border-border">
      {items.map((plan) => (
        <li key={plan.id}>
          <Link to={`/task-requests?plan=${plan.id}`} className="flex flex-col gap-1 p-4 hover:bg-muted sm:flex-row sm:items-center sm:justify-between">
            <span className="min-w-0">
              <span className="block truncate font-medium">{plan.title}</span>
              <span className="block text-sm text-muted-foreground">
                {plan.step_count} {plan.step_count === 1 ? 'step' : 'steps'} · created {formatDate(plan.created_at)}
              </span>
            </span>
            <Badge tone={PLAN_STATUS_TONES[plan.status]}>{PLAN_STATUS_LABELS[plan.status]}</Badge>
          </Link>
        </li>
      ))}
    </ul>
  );
}

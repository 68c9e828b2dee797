import { ClipboardList, MessageCircle } from 'lucide-react';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePlanReadAccess, usePlans } from '../api/list-plans.ts';
import { PLAN_STATUS_LABELS, PLAN_STATUS_TONES, formatDate, stepCount } from '../plan-labels.ts';
import { PlanLinks } from './plan-links.tsx';
import { PlansNotInRole } from './plans-not-in-role.tsx';
import { workspaceHref } from '../../../../shared/workspace-links.ts';

/** The user's plans, newest first, or an empty state that says how to make one. */
export function PlanList({ limit, headingLevel = 2, onAskAdvisor }: { limit?: number; headingLevel?: 2 | 3; onAskAdvisor: () => void }) {
  const readAccess = usePlanReadAccess();
  const plans = usePlans();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (readAccess === 'denied') return <PlansNotInRole />;
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
          Ask the compliance advisor for help with a piece of work — “Help us prepare for a SOC 2 audit” — and choose Use plan on its
          suggestion.
        </p>
        <Button type="button" className="mt-4" onClick={onAskAdvisor}>
          <MessageCircle aria-hidden /> Ask the advisor
        </Button>
      </div>
    );
  }
  return (
    <PlanLinks
      links={items.map((plan) => ({
        id: plan.id,
        to: workspaceHref.plan(plan.id),
        title: plan.title,
        detail: `${stepCount(plan.step_count)} · created ${formatDate(plan.created_at)}`,
        aside: <Badge tone={PLAN_STATUS_TONES[plan.status]}>{PLAN_STATUS_LABELS[plan.status]}</Badge>,
      }))}
    />
  );
}

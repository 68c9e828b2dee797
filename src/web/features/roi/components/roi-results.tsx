import { CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { formatMonthlyPrice, formatUsd } from '../../../../shared/pricing-plans.ts';
import type { Interest } from '../../../../shared/constants.ts';
import type { RoiInput, RoiResult } from '../../../../shared/rules/roi.ts';
import { Button } from '../../../components/ui/button.tsx';
import { roiConsultationMessage } from '../consultation-message.ts';
import { RoiChart } from './roi-chart.tsx';

function ChartSlot({ result }: { result: RoiResult }) {
  return (
    <figure className="mt-8">
      <RoiChart result={result} />
      <figcaption className="mt-2 text-xs text-muted-foreground">
        Annual cost by component: today against {result.pricedPlan.name}
        {result.isPriceFloor ? ' (Enterprise is priced to scope; Scale shown as a floor)' : ''}.
      </figcaption>
    </figure>
  );
}

export function describePayback(result: RoiResult): string {
  if (result.paybackMonths === null) return 'Not within a year';
  if (result.paybackMonths < 1) return 'Under a month';
  return `${result.paybackMonths.toLocaleString('en-US')} months`;
}

/** A link to the consultation dialog with the message (and plan of interest) filled in. */
export type ConsultationHref = (prefill: { message: string; interest: Interest }) => string;

/** The headline figures, recalculated on every keystroke, with the chart and the way to a demo. */
export function RoiResults({
  input,
  result,
  consultationHref,
}: {
  input: RoiInput;
  result: RoiResult;
  consultationHref: ConsultationHref;
}) {
  const saves = result.annualSavingsUsd >= 0;
  const plan = result.recommendedPlan;
  return (
    <div className="rounded-2xl border border-border bg-card p-6 shadow-sm">
      <h2 className="text-xl font-semibold">Your estimate</h2>
      <p className="mt-2 text-sm text-muted-foreground">
        The plan that fits:{' '}
        <strong className="text-foreground">
          {plan.name} ({formatMonthlyPrice(plan)})
        </strong>
      </p>
      <p className="mt-4 text-sm" aria-live="polite" aria-atomic="true">
        {saves ? 'Estimated annual saving: ' : 'Estimated extra cost a year: '}
        <strong className="text-2xl font-bold tracking-tight" data-testid="roi-annual-savings">
          {formatUsd(Math.abs(result.annualSavingsUsd))}
        </strong>
      </p>
      <dl className="mt-6 grid grid-cols-2 gap-4 text-sm">
        <div className="rounded-lg bg-muted/60 p-3">
          <dt className="text-muted-foreground">Annual cost today</dt>
          <dd className="mt-1 text-lg font-semibold" data-testid="roi-cost-today">
            {formatUsd(result.today.totalUsd)}
          </dd>
        </div>
        <div className="rounded-lg bg-muted/60 p-3">
          <dt className="text-muted-foreground">With {result.pricedPlan.name}</dt>
          <dd className="mt-1 text-lg font-semibold" data-testid="roi-cost-with-plan">
            {formatUsd(result.withPlan.totalUsd)}
          </dd>
        </div>
        <div className="rounded-lg bg-muted/60 p-3">
          <dt className="text-muted-foreground">Hours saved a year</dt>
          <dd className="mt-1 text-lg font-semibold" data-testid="roi-hours-saved">
            {result.hoursSavedPerYear.toLocaleString('en-US')}
          </dd>
        </div>
        <div className="rounded-lg bg-muted/60 p-3">
          <dt className="text-muted-foreground">Payback</dt>
          <dd className="mt-1 text-lg font-semibold" data-testid="roi-payback">
            {describePayback(result)}
          </dd>
        </div>
      </dl>
      {result.isPriceFloor ? (
        <p className="mt-4 text-xs text-muted-foreground">
          Enterprise is priced to your scope; the figures use the Scale price as a floor.
        </p>
      ) : null}
      <ChartSlot result={result} />
      <div className="mt-6 flex flex-wrap gap-3">
        <Button asChild size="lg">
          <a href={consultationHref({ message: roiConsultationMessage(input, result), interest: plan.id })}>
            <CalendarClock aria-hidden /> Book Demo
          </a>
        </Button>
        {plan.isSelfServe ? (
          <Button asChild size="lg" variant="outline">
            <Link to={`/subscription?plan=${plan.id}`}>Start with {plan.name}</Link>
          </Button>
        ) : null}
      </div>
    </div>
  );
}

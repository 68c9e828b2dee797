import { formatUsd } from '../../../../shared/pricing-plans.ts';
import {
  AUDIT_FEES_REPLACED_SHARE,
  CONSULTANT_SPEND_REPLACED_SHARE,
  HOURS_RETAINED_SHARE,
  type RoiInput,
  type RoiResult,
} from '../../../../shared/rules/roi.ts';

const percent = (share: number) => `${Math.round(share * 100)}%`;
const hours = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 1 });

/** The formula in words and with the visitor's own numbers, so nothing is a black box. */
export function RoiFormula({ input, result }: { input: RoiInput; result: RoiResult }) {
  const yearlyHours = input.hoursPerMonth * 12;
  const subscription = result.withPlan.subscriptionUsd;
  return (
    <section aria-labelledby="roi-formula-heading" className="rounded-2xl border border-border bg-muted/30 p-6">
      <h2 id="roi-formula-heading" className="text-xl font-semibold">
        How we calculate it
      </h2>
      <ol className="mt-4 grid list-decimal gap-4 pl-5 text-sm leading-6">
        <li>
          <strong>Cost today</strong> = hours a month × 12 × hourly cost + consultants + audit fees
          <br />
          <span className="font-mono text-xs text-muted-foreground">
            {hours(input.hoursPerMonth)} × 12 × {formatUsd(input.hourlyCostUsd)} + {formatUsd(input.consultantSpendUsdPerYear)} +{' '}
            {formatUsd(input.auditFeesUsdPerYear)} = {formatUsd(result.today.totalUsd)}
          </span>
        </li>
        <li>
          <strong>Cost with {result.pricedPlan.name}</strong> = {percent(HOURS_RETAINED_SHARE)} of today’s hours × hourly cost +{' '}
          {percent(1 - CONSULTANT_SPEND_REPLACED_SHARE)} of consultants + {percent(1 - AUDIT_FEES_REPLACED_SHARE)} of audit fees + plan
          price × 12
          <br />
          <span className="font-mono text-xs text-muted-foreground">
            {hours(yearlyHours * HOURS_RETAINED_SHARE)} h × {formatUsd(input.hourlyCostUsd)} + {formatUsd(result.withPlan.consultantsUsd)} +{' '}
            {formatUsd(result.withPlan.auditFeesUsd)} + {formatUsd(subscription)} = {formatUsd(result.withPlan.totalUsd)}
          </span>
        </li>
        <li>
          <strong>Hours saved</strong> = {percent(1 - HOURS_RETAINED_SHARE)} of {hours(yearlyHours)} hours a year ={' '}
          {result.hoursSavedPerYear.toLocaleString('en-US')} hours
        </li>
        <li>
          <strong>Payback</strong> = a year of the plan ÷ the monthly saving before the plan’s price (time and consultants no longer paid
          for), shown when it is within 12 months.
        </li>
      </ol>
      <h3 className="mt-6 text-sm font-semibold">The assumptions, plainly</h3>
      <ul className="mt-2 grid list-disc gap-1.5 pl-5 text-sm leading-6 text-muted-foreground">
        <li>
          Your team keeps {percent(HOURS_RETAINED_SHARE)} of today’s hours: approvals, interviews, granting access and the decisions only
          you can make.
        </li>
        <li>Compliance-consultant work (readiness, policies, evidence) is replaced by the plan.</li>
        <li>Audit fees stay the same: your certifying auditor must be independent of whoever prepared you.</li>
        <li>
          The plan that fits is the smallest whose parallel frameworks cover yours and whose size suits your headcount (Essential up to 100
          employees, Growth up to 500, Scale up to 2,000).
        </li>
      </ul>
    </section>
  );
}

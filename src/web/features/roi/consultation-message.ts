import { MAX_INPUT_LENGTH } from '../../../shared/constants.ts';
import { formatUsd } from '../../../shared/pricing-plans.ts';
import type { RoiInput, RoiResult } from '../../../shared/rules/roi.ts';

/**
 * 'Book Demo' on the ROI calculator carries the visitor's inputs into the consultation message
 * (the link itself is built by the leads feature's `consultationHref`, handed in by the route).
 */
export function roiConsultationMessage(input: RoiInput, result: RoiResult): string {
  const plan = result.recommendedPlan.name;
  const lines = [
    'From the ROI calculator:',
    `- Employees: ${input.employees.toLocaleString('en-US')}`,
    `- Frameworks pursued: ${input.frameworks}`,
    `- Internal compliance time: ${input.hoursPerMonth.toLocaleString('en-US')} hours/month at ${formatUsd(input.hourlyCostUsd)}/hour`,
    `- Audit fees: ${formatUsd(input.auditFeesUsdPerYear)}/year`,
    `- Compliance consultants: ${formatUsd(input.consultantSpendUsdPerYear)}/year`,
    `Estimate: ${formatUsd(result.today.totalUsd)}/year today vs ${formatUsd(result.withPlan.totalUsd)}/year with ${plan}${
      result.isPriceFloor ? ' (Scale price as a floor)' : ''
    }; ${result.hoursSavedPerYear.toLocaleString('en-US')} hours saved a year.`,
    `I'd like to discuss the ${plan} plan.`,
  ];
  return lines.join('\n').slice(0, MAX_INPUT_LENGTH);
}

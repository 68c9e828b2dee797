import { z } from 'zod';

/**
 * The ROI calculator's input rules. Apart from roi.ts so that the page draws its first estimate
 * without zod: the calculator imports this module when the visitor first focuses a field.
 */

const money = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')}`);

export const roiInputSchema = z.object({
  employees: z
    .number({ error: 'Employees must be a number' })
    .int('Employees must be a whole number')
    .min(1, 'Enter at least 1 employee')
    .max(1_000_000, 'Employees must be at most 1,000,000'),
  frameworks: z
    .number({ error: 'Frameworks must be a number' })
    .int('Frameworks must be a whole number')
    .min(1, 'Choose at least 1 framework')
    .max(20, 'Frameworks must be at most 20'),
  hoursPerMonth: money('Hours per month', 10_000),
  hourlyCostUsd: money('Hourly cost', 2_000),
  auditFeesUsdPerYear: money('Audit fees', 10_000_000),
  consultantSpendUsdPerYear: money('Consultant spend', 10_000_000),
});

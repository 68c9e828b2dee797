import type { z } from 'zod';
import type { PlanId } from '../constants.ts';
import { PLANS, type Plan, planById } from '../pricing-plans.ts';
// Type only: the schema (and zod) load where input is checked, not with the page (roi-schema.ts).
import type { roiInputSchema } from './roi-schema.ts';

/**
 * The ROI calculator's formula, shown word for word on /roi-calculator. Every assumption is a
 * named constant here so the page can print it and the tests can pin it.
 */

/** Share of today's internal compliance hours the team keeps: approvals, interviews, access. */
export const HOURS_RETAINED_SHARE = 0.25;
/** Share of compliance-consultant spend the plan replaces (policies, readiness, evidence work). */
export const CONSULTANT_SPEND_REPLACED_SHARE = 1;
/** Audit fees stay: the certifying auditor must be independent of whoever prepared you. */
export const AUDIT_FEES_REPLACED_SHARE = 0;

export type RoiInput = z.infer<typeof roiInputSchema>;

export const DEFAULT_ROI_INPUT: RoiInput = {
  employees: 120,
  frameworks: 2,
  hoursPerMonth: 80,
  hourlyCostUsd: 95,
  auditFeesUsdPerYear: 40_000,
  consultantSpendUsdPerYear: 60_000,
};

/**
 * The smallest plan whose parallel frameworks cover the frameworks pursued and whose size band
 * fits the headcount. Seats grow with headcount, so a large company needs a larger plan even for
 * one framework.
 */
const EMPLOYEE_CEILING: Record<PlanId, number | null> = {
  essential: 100,
  growth: 500,
  scale: 2_000,
  enterprise: null,
};

export function recommendPlan(input: Pick<RoiInput, 'employees' | 'frameworks'>): Plan {
  const fits = PLANS.find((plan) => {
    const ceiling = EMPLOYEE_CEILING[plan.id];
    const coversFrameworks = plan.frameworksInParallel === null || input.frameworks <= plan.frameworksInParallel;
    const coversHeadcount = ceiling === null || input.employees <= ceiling;
    return coversFrameworks && coversHeadcount;
  });
  return fits ?? planById('enterprise');
}

export interface RoiCostBreakdown {
  internalTeamUsd: number;
  consultantsUsd: number;
  auditFeesUsd: number;
  subscriptionUsd: number;
  totalUsd: number;
}

export interface RoiResult {
  recommendedPlan: Plan;
  /**
   * The plan whose price the "with ComplianceCore" figures use. Enterprise is priced to scope,
   * so its estimate uses the Scale price as a floor and says so.
   */
  pricedPlan: Plan;
  isPriceFloor: boolean;
  today: RoiCostBreakdown;
  withPlan: RoiCostBreakdown;
  annualSavingsUsd: number;
  hoursSavedPerYear: number;
  /** Months of savings that pay for a year of the plan; `null` when there are no savings. */
  paybackMonths: number | null;
  /** Net return on the subscription over a year, in percent. */
  roiPercent: number;
}

const round = (value: number) => Math.round(value);
const sum = (breakdown: Omit<RoiCostBreakdown, 'totalUsd'>): RoiCostBreakdown => ({
  ...breakdown,
  totalUsd: breakdown.internalTeamUsd + breakdown.consultantsUsd + breakdown.auditFeesUsd + breakdown.subscriptionUsd,
});

export function calculateRoi(input: RoiInput): RoiResult {
  const recommendedPlan = recommendPlan(input);
  const pricedPlan = recommendedPlan.monthlyPriceUsd === null ? planById('scale') : recommendedPlan;
  const monthlyPrice = pricedPlan.monthlyPriceUsd ?? 0;

  const hoursPerYear = input.hoursPerMonth * 12;
  const today = sum({
    internalTeamUsd: round(hoursPerYear * input.hourlyCostUsd),
    consultantsUsd: round(input.consultantSpendUsdPerYear),
    auditFeesUsd: round(input.auditFeesUsdPerYear),
    subscriptionUsd: 0,
  });
  const retainedHours = hoursPerYear * HOURS_RETAINED_SHARE;
  const withPlan = sum({
    internalTeamUsd: round(retainedHours * input.hourlyCostUsd),
    consultantsUsd: round(input.consultantSpendUsdPerYear * (1 - CONSULTANT_SPEND_REPLACED_SHARE)),
    auditFeesUsd: round(input.auditFeesUsdPerYear * (1 - AUDIT_FEES_REPLACED_SHARE)),
    subscriptionUsd: monthlyPrice * 12,
  });

  const annualSubscription = withPlan.subscriptionUsd;
  // What the plan takes off today's bill, before paying for it.
  const grossBenefit = today.totalUsd - (withPlan.totalUsd - annualSubscription);
  const monthlyBenefit = grossBenefit / 12;
  const paybackMonths =
    grossBenefit > annualSubscription && monthlyBenefit > 0 ? Math.round((annualSubscription / monthlyBenefit) * 10) / 10 : null;

  return {
    recommendedPlan,
    pricedPlan,
    isPriceFloor: pricedPlan.id !== recommendedPlan.id,
    today,
    withPlan,
    annualSavingsUsd: today.totalUsd - withPlan.totalUsd,
    hoursSavedPerYear: round(hoursPerYear - retainedHours),
    paybackMonths,
    roiPercent: annualSubscription > 0 ? round(((grossBenefit - annualSubscription) / annualSubscription) * 100) : 0,
  };
}

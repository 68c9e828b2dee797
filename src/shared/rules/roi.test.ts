import { describe, expect, it } from 'vitest';
import { DEFAULT_ROI_INPUT, calculateRoi, recommendPlan } from './roi.ts';
import { roiInputSchema } from './roi-schema.ts';

describe('recommendPlan', () => {
  it.each([
    [{ employees: 40, frameworks: 1 }, 'essential'],
    [{ employees: 100, frameworks: 1 }, 'essential'],
    [{ employees: 101, frameworks: 1 }, 'growth'],
    [{ employees: 40, frameworks: 2 }, 'growth'],
    [{ employees: 500, frameworks: 3 }, 'growth'],
    [{ employees: 200, frameworks: 4 }, 'scale'],
    [{ employees: 2000, frameworks: 6 }, 'scale'],
    [{ employees: 2001, frameworks: 1 }, 'enterprise'],
    [{ employees: 50, frameworks: 7 }, 'enterprise'],
  ])('%o fits %s', (input, plan) => {
    expect(recommendPlan(input).id).toBe(plan);
  });
});

describe('calculateRoi', () => {
  it('computes the default example exactly as the page explains it', () => {
    // 120 employees, 2 frameworks → Growth ($5,000/month).
    // Today: 80 h × 12 × $95 = $91,200 team + $60,000 consultants + $40,000 audit = $191,200.
    // With Growth: 25% of 960 h = 240 h × $95 = $22,800 + $0 consultants + $40,000 audit + $60,000 plan = $122,800.
    const result = calculateRoi(DEFAULT_ROI_INPUT);
    expect(result.recommendedPlan.id).toBe('growth');
    expect(result.pricedPlan.id).toBe('growth');
    expect(result.isPriceFloor).toBe(false);
    expect(result.today).toEqual({
      internalTeamUsd: 91_200,
      consultantsUsd: 60_000,
      auditFeesUsd: 40_000,
      subscriptionUsd: 0,
      totalUsd: 191_200,
    });
    expect(result.withPlan).toEqual({
      internalTeamUsd: 22_800,
      consultantsUsd: 0,
      auditFeesUsd: 40_000,
      subscriptionUsd: 60_000,
      totalUsd: 122_800,
    });
    expect(result.annualSavingsUsd).toBe(68_400);
    expect(result.hoursSavedPerYear).toBe(720);
    // Gross benefit $128,400/year = $10,700/month; $60,000 / $10,700 = 5.6 months.
    expect(result.paybackMonths).toBe(5.6);
    // ($128,400 − $60,000) / $60,000 = 114%.
    expect(result.roiPercent).toBe(114);
  });

  it('reports no payback and a negative saving when the plan costs more than it saves', () => {
    const result = calculateRoi({
      employees: 20,
      frameworks: 1,
      hoursPerMonth: 10,
      hourlyCostUsd: 50,
      auditFeesUsdPerYear: 15_000,
      consultantSpendUsdPerYear: 5_000,
    });
    expect(result.recommendedPlan.id).toBe('essential');
    expect(result.today.totalUsd).toBe(6_000 + 5_000 + 15_000);
    expect(result.withPlan.totalUsd).toBe(1_500 + 0 + 15_000 + 30_000);
    expect(result.annualSavingsUsd).toBe(26_000 - 46_500);
    expect(result.paybackMonths).toBeNull();
    // Gross benefit $26,000 − $16,500 = $9,500; ($9,500 − $30,000) / $30,000 = −68%.
    expect(result.roiPercent).toBe(-68);
  });

  it('prices enterprise at the Scale price as a floor and says so', () => {
    const result = calculateRoi({ ...DEFAULT_ROI_INPUT, employees: 5_000, frameworks: 8 });
    expect(result.recommendedPlan.id).toBe('enterprise');
    expect(result.pricedPlan.id).toBe('scale');
    expect(result.isPriceFloor).toBe(true);
    expect(result.withPlan.subscriptionUsd).toBe(90_000);
  });

  it('keeps audit fees: the auditor stays independent', () => {
    const result = calculateRoi({ ...DEFAULT_ROI_INPUT, auditFeesUsdPerYear: 123_456 });
    expect(result.today.auditFeesUsd).toBe(123_456);
    expect(result.withPlan.auditFeesUsd).toBe(123_456);
  });

  it('rounds fractional hours and costs to whole dollars and hours', () => {
    const result = calculateRoi({ ...DEFAULT_ROI_INPUT, hoursPerMonth: 10.5, hourlyCostUsd: 33.33 });
    expect(result.today.internalTeamUsd).toBe(Math.round(126 * 33.33));
    expect(result.hoursSavedPerYear).toBe(95); // 126 − 31.5 = 94.5 → 95
  });
});

describe('roiInputSchema', () => {
  it('accepts the defaults', () => {
    expect(roiInputSchema.parse(DEFAULT_ROI_INPUT)).toEqual(DEFAULT_ROI_INPUT);
  });

  it('rejects negative money, zero employees and fractional frameworks with clear messages', () => {
    const result = roiInputSchema.safeParse({ ...DEFAULT_ROI_INPUT, employees: 0, frameworks: 1.5, hourlyCostUsd: -1 });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining(['Enter at least 1 employee', 'Frameworks must be a whole number', 'Hourly cost cannot be negative']),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { formatMonthlyPrice, formatUsd, planById } from './pricing-plans.ts';

describe('formatUsd', () => {
  it('writes whole dollars exactly as a USD currency formatter does', () => {
    const currency = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    for (const amount of [0, 1, 999, 1000, 2500, 7500, 123456.7, 1_000_000, 0.4, 2.5, -1, -2500, -1234567.8]) {
      expect(formatUsd(amount)).toBe(currency.format(amount));
    }
  });

  it('prices the plans of product.md §9', () => {
    expect(formatMonthlyPrice(planById('growth'))).toBe('$5,000/month');
    expect(formatMonthlyPrice(planById('enterprise'))).toBe('Custom pricing');
  });
});

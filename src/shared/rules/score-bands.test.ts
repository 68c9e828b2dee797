import { describe, expect, it } from 'vitest';
import { isIssueFree, riskBand, scoreBand } from './score-bands.ts';

describe('score bands (product.md §4: 90 and 80)', () => {
  it.each([
    [100, 'excellent', 'green'],
    [90, 'excellent', 'green'],
    [89.99, 'good', 'yellow'],
    [89, 'good', 'yellow'],
    [80, 'good', 'yellow'],
    [79.99, 'needs-improvement', 'red'],
    [79, 'needs-improvement', 'red'],
    [0, 'needs-improvement', 'red'],
  ] as const)('%d is %s (%s)', (score, band, color) => {
    expect(scoreBand(score)).toMatchObject({ band, color });
  });

  it('labels each band', () => {
    expect(scoreBand(92.3).label).toBe('Excellent');
    expect(scoreBand(85).label).toBe('Good');
    expect(scoreBand(60).label).toBe('Needs Improvement');
  });
});

describe('risk bands (product.md §4: under 50 low, under 80 medium, else high)', () => {
  it.each([
    [0, 'Low Risk'],
    [49, 'Low Risk'],
    [49.9, 'Low Risk'],
    [50, 'Medium Risk'],
    [79, 'Medium Risk'],
    [79.9, 'Medium Risk'],
    [80, 'High Risk'],
    [100, 'High Risk'],
  ] as const)('%d is %s', (score, label) => {
    expect(riskBand(score).label).toBe(label);
  });

  it('colours low green, medium yellow, high red', () => {
    expect(riskBand(10)).toEqual({ level: 'low', color: 'green', label: 'Low Risk' });
    expect(riskBand(65)).toEqual({ level: 'medium', color: 'yellow', label: 'Medium Risk' });
    expect(riskBand(95)).toEqual({ level: 'high', color: 'red', label: 'High Risk' });
  });
});

describe('issue-free assessments', () => {
  it('earn the success icon only with exactly 0 issues', () => {
    expect(isIssueFree(0)).toBe(true);
    expect(isIssueFree(1)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { riskRating, riskScore } from './risk-score.ts';

describe('riskScore', () => {
  it('puts likelihood × impact on the 0–100 scale and bands it as §4 says', () => {
    expect(riskScore(5, 5)).toBe(100);
    expect(riskRating(3, 4)).toMatchObject({ score: 48, level: 'low', label: 'Low Risk' });
    expect(riskRating(4, 4)).toMatchObject({ score: 64, level: 'medium', label: 'Medium Risk' });
    expect(riskRating(4, 5)).toMatchObject({ score: 80, level: 'high', label: 'High Risk' });
  });
});

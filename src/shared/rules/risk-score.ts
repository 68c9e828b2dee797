import { type RiskBandInfo, riskBand } from './score-bands.ts';

/**
 * A risk's score on the spec's 0–100 scale (product.md §4 bands: under 50 Low, under 80 Medium,
 * else High): likelihood × impact, each 1–5, times 4. So 5 × 5 = 100, 4 × 5 = 80 (High),
 * 3 × 4 = 48 (Low), 4 × 4 = 64 (Medium).
 */
export const RISK_SCALE_MAX = 5;

export function riskScore(likelihood: number, impact: number): number {
  return likelihood * impact * 4;
}

export function riskRating(likelihood: number, impact: number): { score: number } & RiskBandInfo {
  const score = riskScore(likelihood, impact);
  return { score, ...riskBand(score) };
}

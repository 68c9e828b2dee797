import { RISK_THRESHOLDS, SCORE_THRESHOLDS } from '../constants.ts';

/**
 * The score and risk bands of product.md §4, in one place so every screen that colours a score agrees.
 */

export type ScoreBand = 'excellent' | 'good' | 'needs-improvement';
export type BandColor = 'green' | 'yellow' | 'red';

export interface ScoreBandInfo {
  band: ScoreBand;
  color: BandColor;
  label: string;
}

const SCORE_BANDS: Record<ScoreBand, ScoreBandInfo> = {
  excellent: { band: 'excellent', color: 'green', label: 'Excellent' },
  good: { band: 'good', color: 'yellow', label: 'Good' },
  'needs-improvement': { band: 'needs-improvement', color: 'red', label: 'Needs Improvement' },
};

/** 90 or more is excellent (green), 80 up to 90 is good (yellow), below 80 needs improvement (red). */
export function scoreBand(score: number): ScoreBandInfo {
  if (score >= SCORE_THRESHOLDS.excellent) return SCORE_BANDS.excellent;
  if (score >= SCORE_THRESHOLDS.good) return SCORE_BANDS.good;
  return SCORE_BANDS['needs-improvement'];
}

export type RiskLevel = 'low' | 'medium' | 'high';

export interface RiskBandInfo {
  level: RiskLevel;
  color: BandColor;
  label: 'Low Risk' | 'Medium Risk' | 'High Risk';
}

/** Under 50 is low, under 80 medium, anything else high. */
export function riskBand(riskScore: number): RiskBandInfo {
  if (riskScore < RISK_THRESHOLDS.low) return { level: 'low', color: 'green', label: 'Low Risk' };
  if (riskScore < RISK_THRESHOLDS.medium) return { level: 'medium', color: 'yellow', label: 'Medium Risk' };
  return { level: 'high', color: 'red', label: 'High Risk' };
}

/** An assessment with no issues earns the success icon instead of an issue count. */
export function isIssueFree(issues: number): boolean {
  return issues === 0;
}

import { ShieldAlert } from 'lucide-react';
import { riskBand, scoreBand } from '../../../../shared/rules/score-bands.ts';
import { Badge } from '../../../components/ui/badge.tsx';

/** A quality score with its band in words next to the colour (product.md §4 score bands). */
export function ScoreBandBadge({ score, showScore = true }: { score: number; showScore?: boolean }) {
  const band = scoreBand(score);
  return (
    <Badge tone={band.color}>
      {showScore ? `${score} · ` : ''}
      {band.label}
    </Badge>
  );
}

/** A risk score's band: 'Low Risk' under 50, 'Medium Risk' under 80, else 'High Risk'. */
export function RiskBadge({ riskScore }: { riskScore: number }) {
  const band = riskBand(riskScore);
  return (
    <Badge tone={band.color}>
      <ShieldAlert aria-hidden /> {band.label}
    </Badge>
  );
}

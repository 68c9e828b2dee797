import { riskRating } from '../../../../shared/rules/risk-score.ts';
import { Badge } from '../../../components/ui/badge.tsx';

/** A risk's score on the 0–100 scale with its §4 band, in words as well as colour. */
export function RiskScoreBadge({ likelihood, impact, label }: { likelihood: number; impact: number; label?: string }) {
  const rating = riskRating(likelihood, impact);
  return (
    <Badge tone={rating.color}>
      {label ? `${label} ` : ''}
      {rating.score} · {rating.label}
    </Badge>
  );
}

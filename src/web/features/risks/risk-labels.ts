import type { RiskCategory, RiskStatus, RiskTreatment } from '../../../shared/schemas/programme-statuses.ts';

export const LIKELIHOOD_LABELS = ['Rare', 'Unlikely', 'Possible', 'Likely', 'Almost certain'] as const;
export const IMPACT_LABELS = ['Negligible', 'Minor', 'Moderate', 'Major', 'Severe'] as const;

export const RISK_TREATMENT_LABELS: Record<RiskTreatment, string> = {
  mitigate: 'Mitigate',
  accept: 'Accept',
  transfer: 'Transfer',
  avoid: 'Avoid',
};

export const RISK_CATEGORY_LABELS: Record<RiskCategory, string> = {
  security: 'Security',
  privacy: 'Privacy',
  operational: 'Operational',
  vendor: 'Vendor',
  legal: 'Legal',
  financial: 'Financial',
  ai: 'AI',
};

export const RISK_STATUS_LABELS: Record<RiskStatus, string> = { open: 'Open', closed: 'Closed' };

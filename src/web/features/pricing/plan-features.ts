import type { PlanId } from '../../../shared/constants.ts';
import {
  PLANS,
  type Plan,
  describeFrameworks,
  describeIntegrations,
  describeSeats,
  describeTurnaround,
  formatMonthlyPrice,
} from '../../../shared/pricing-plans.ts';

/**
 * The full feature-by-plan matrix of /plan-comparison. Rows that restate a plan's numbers read
 * them from src/shared/pricing-plans.ts; the rest are what differs in service.
 * A cell is `true` (included), `false` (not included) or the text to show.
 */
export type FeatureValue = boolean | string;

/** The plan most growing companies choose, highlighted on /pricing and /plan-comparison. */
export const FEATURED_PLAN_ID: PlanId = 'growth';

export interface FeatureRow {
  feature: string;
  /** Shown under the feature name: what it means in practice. */
  note?: string;
  values: Record<PlanId, FeatureValue>;
}

export interface FeatureGroup {
  title: string;
  rows: FeatureRow[];
}

const perPlan = (read: (plan: Plan) => FeatureValue): Record<PlanId, FeatureValue> =>
  Object.fromEntries(PLANS.map((plan) => [plan.id, read(plan)])) as Record<PlanId, FeatureValue>;

const from = (essential: FeatureValue, growth: FeatureValue, scale: FeatureValue, enterprise: FeatureValue) => ({
  essential,
  growth,
  scale,
  enterprise,
});

export const FEATURE_GROUPS: FeatureGroup[] = [
  {
    title: 'Price and scope',
    rows: [
      { feature: 'Monthly price', values: perPlan((plan) => formatMonthlyPrice(plan)) },
      { feature: 'Task requests', note: 'Policies, evidence, questionnaires, risk work …', values: perPlan(() => 'Unlimited') },
      {
        feature: 'Frameworks in parallel',
        note: 'SOC 2, ISO 27001, HIPAA, PCI DSS, GDPR …',
        values: perPlan((plan) => describeFrameworks(plan).replace(/ (at a time|in parallel)$/, '')),
      },
      { feature: 'Legal entities covered', values: from('1', '1', 'Up to 3', 'Unlimited') },
      { feature: 'Custom control frameworks', values: from(false, false, false, true) },
    ],
  },
  {
    title: 'Speed',
    rows: [
      { feature: 'Standard task turnaround', note: 'Reviewed deliverable in hand', values: perPlan(describeTurnaround) },
      { feature: 'Urgent requests', values: perPlan((plan) => `${plan.urgentTurnaroundHours} hours`) },
      { feature: 'Contracted service levels', values: from(false, false, false, true) },
    ],
  },
  {
    title: 'People',
    rows: [
      { feature: 'Human review of every deliverable', values: perPlan(() => true) },
      { feature: 'Reviewers', values: perPlan((plan) => plan.reviewers) },
      { feature: 'Named audit partner', values: from(false, false, false, true) },
      { feature: 'Check-ins with your reviewers', values: perPlan((plan) => plan.checkIns) },
      {
        feature: 'Support',
        note: 'Reply within 24 hours',
        values: from('Business hours', 'Business hours', 'Priority', 'Priority, named contact'),
      },
    ],
  },
  {
    title: 'Workspace',
    rows: [
      { feature: 'Seats', values: perPlan((plan) => describeSeats(plan).replace(/ seats$/, '')) },
      {
        feature: 'Integrations',
        note: 'Cloud, identity, HR, code and ticketing systems',
        values: perPlan((plan) => describeIntegrations(plan).replace(/ integrations$/, '')),
      },
      { feature: 'AI compliance advisor', values: perPlan(() => true) },
      { feature: 'Evidence library with auditor access', values: perPlan(() => true) },
      { feature: 'Single sign-on (SAML) and SCIM', values: from(false, false, true, true) },
      { feature: 'EU or US data residency', values: from(false, false, false, true) },
    ],
  },
  {
    title: 'Audit and risk',
    rows: [
      { feature: 'Readiness assessment and gap analysis', values: perPlan(() => true) },
      { feature: 'Policies written for how you work', values: perPlan(() => true) },
      { feature: 'Auditor coordination through fieldwork', values: perPlan(() => true) },
      { feature: 'Security questionnaires', values: perPlan(() => 'Unlimited') },
      { feature: 'Vendor risk reviews', values: perPlan(() => 'Unlimited') },
      { feature: 'Risk register and treatment plans', values: perPlan(() => true) },
      {
        feature: 'Continuous control monitoring',
        note: 'Automated checks on connected systems, with a task opened on drift',
        values: from(false, false, true, true),
      },
      { feature: 'Board and leadership reporting', values: from(false, false, 'Quarterly', 'Quarterly, with executive review') },
    ],
  },
  {
    title: 'Contract',
    rows: [
      { feature: 'Billing', values: from('Monthly', 'Monthly', 'Monthly', 'Monthly or annual') },
      { feature: 'Minimum term', values: from('None: cancel monthly', 'None: cancel monthly', 'None: cancel monthly', 'Agreed with you') },
      { feature: 'Data processing agreement', values: from('Standard', 'Standard', 'Standard', 'Negotiated') },
    ],
  },
];

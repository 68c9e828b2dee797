import { PLAN_IDS, PLAN_MONTHLY_PRICE_USD, type PlanId } from './constants.ts';

/**
 * What each plan includes. Prices come from PLAN_MONTHLY_PRICE_USD (product.md §9); everything else a
 * plan promises lives here, so /pricing, /plan-comparison, the ROI calculator, the subscription
 * screen and the server (seats, what can be bought online) all say the same thing.
 */

export interface Plan {
  id: PlanId;
  name: string;
  /** Who the plan is for, in one line. */
  audience: string;
  monthlyPriceUsd: number | null;
  /** `null`: unlimited or scoped per contract. */
  frameworksInParallel: number | null;
  /** Standard task turnaround, reviewed deliverable in hand, in business days. */
  turnaroundBusinessDays: number;
  /** Turnaround for requests flagged urgent, in business hours. */
  urgentTurnaroundHours: number;
  /** How many agent runs of one organization work at once; more requests wait their turn in the queue. */
  concurrentAgentRuns: number;
  reviewers: string;
  /** Workspace seats included; `null` means unlimited. */
  seats: number | null;
  /** Connected systems (cloud, identity, HR, ticketing …); `null` means unlimited. */
  integrations: number | null;
  checkIns: string;
  /** The short list shown on the pricing card. */
  highlights: string[];
  /** Bought online through /subscription; enterprise is agreed in a consultation. */
  isSelfServe: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'essential',
    name: 'Essential',
    audience: 'For a first audit: one framework, done properly.',
    monthlyPriceUsd: PLAN_MONTHLY_PRICE_USD.essential,
    frameworksInParallel: 1,
    turnaroundBusinessDays: 5,
    concurrentAgentRuns: 1,
    urgentTurnaroundHours: 48,
    reviewers: 'Shared pool of certified reviewers',
    seats: 5,
    integrations: 3,
    checkIns: 'Monthly check-in',
    highlights: [
      'Unlimited task requests, every deliverable human-reviewed',
      'Readiness assessment, policies written for how you work, evidence collection',
      'Auditor coordination through fieldwork',
    ],
    isSelfServe: true,
  },
  {
    id: 'growth',
    name: 'Growth',
    audience: 'For companies selling to enterprises that ask for more than one report.',
    monthlyPriceUsd: PLAN_MONTHLY_PRICE_USD.growth,
    frameworksInParallel: 3,
    turnaroundBusinessDays: 3,
    concurrentAgentRuns: 2,
    urgentTurnaroundHours: 24,
    reviewers: 'Named lead reviewer plus the reviewer pool',
    seats: 15,
    integrations: 10,
    checkIns: 'Fortnightly check-in',
    highlights: [
      'Everything in Essential',
      'Three frameworks at once, controls mapped once and reused',
      'A named lead reviewer who knows your stack',
      'Faster turnaround for deals with a deadline',
    ],
    isSelfServe: true,
  },
  {
    id: 'scale',
    name: 'Scale',
    audience: 'For regulated or fast-growing companies running a full programme.',
    monthlyPriceUsd: PLAN_MONTHLY_PRICE_USD.scale,
    frameworksInParallel: 6,
    turnaroundBusinessDays: 2,
    concurrentAgentRuns: 3,
    urgentTurnaroundHours: 8,
    reviewers: 'Dedicated team: two reviewers and a risk specialist',
    seats: 40,
    integrations: null,
    checkIns: 'Weekly check-in',
    highlights: [
      'Everything in Growth',
      'Continuous control monitoring across your systems',
      'A dedicated review team with a risk specialist',
      'Quarterly board reporting, SSO and SCIM',
    ],
    isSelfServe: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    audience: 'For groups with several entities, custom control sets or strict procurement.',
    monthlyPriceUsd: PLAN_MONTHLY_PRICE_USD.enterprise,
    frameworksInParallel: null,
    turnaroundBusinessDays: 1,
    concurrentAgentRuns: 6,
    urgentTurnaroundHours: 4,
    reviewers: 'Dedicated review team with a named audit partner',
    seats: null,
    integrations: null,
    checkIns: 'Weekly check-in and quarterly executive review',
    highlights: [
      'Everything in Scale',
      'Custom control frameworks and several legal entities',
      'SSO, SCIM and EU or US data residency',
      'Negotiated MSA, DPA and service levels',
    ],
    isSelfServe: false,
  },
];

export const SELF_SERVE_PLAN_IDS = ['essential', 'growth', 'scale'] as const satisfies readonly PlanId[];
export type SelfServePlanId = (typeof SELF_SERVE_PLAN_IDS)[number];

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

export function isSelfServePlanId(value: unknown): value is SelfServePlanId {
  return typeof value === 'string' && (SELF_SERVE_PLAN_IDS as readonly string[]).includes(value);
}

export function planById(id: PlanId): Plan {
  const plan = PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}

/**
 * `$2,500` (`-$2,500` below zero) — whole dollars, as every price of product.md §9 is. Grouped by hand,
 * not with Intl: the first Intl formatter a page creates costs Chromium ~20–50 ms of ICU set-up on
 * the main thread, and prices are on most public pages. The test holds it to Intl's output.
 */
export function formatUsd(amount: number): string {
  const digits = String(Math.round(Math.abs(amount))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return digits === '0' || amount > 0 ? `$${digits}` : `-$${digits}`;
}

/** `$2,500/month`, or `Custom pricing` for enterprise. */
export function formatMonthlyPrice(plan: Pick<Plan, 'monthlyPriceUsd'>): string {
  return plan.monthlyPriceUsd === null ? 'Custom pricing' : `${formatUsd(plan.monthlyPriceUsd)}/month`;
}

export function describeFrameworks(plan: Pick<Plan, 'frameworksInParallel'>): string {
  const count = plan.frameworksInParallel;
  if (count === null) return 'Unlimited frameworks in parallel';
  return count === 1 ? '1 framework at a time' : `${count} frameworks in parallel`;
}

export function describeTurnaround(plan: Pick<Plan, 'turnaroundBusinessDays'>): string {
  const days = plan.turnaroundBusinessDays;
  return days === 1 ? 'Next business day' : `${days} business days`;
}

export function describeSeats(plan: Pick<Plan, 'seats'>): string {
  return plan.seats === null ? 'Unlimited seats' : `${plan.seats} seats`;
}

export function describeIntegrations(plan: Pick<Plan, 'integrations'>): string {
  return plan.integrations === null ? 'Unlimited integrations' : `${plan.integrations} integrations`;
}

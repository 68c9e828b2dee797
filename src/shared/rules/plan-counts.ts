import type { PlanStatus } from '../schemas/assistant-plans.ts';

/**
 * How many plans stand where (product.md §4, docs/permissions.md "Approvals"). A plan is counted
 * once, by its status now: an approved plan is no longer a draft, and a plan sent back for changes
 * is with its owner again but was submitted before, so it is neither a draft nor awaiting review.
 */
export interface PlanCounts {
  total: number;
  draft: number;
  awaitingReview: number;
  approved: number;
  changesRequested: number;
  /** Sent to the team and not sent back: awaiting review or approved. */
  submitted: number;
}

export function countPlans(plans: readonly { status: PlanStatus }[]): PlanCounts {
  const of = (status: PlanStatus) => plans.filter((plan) => plan.status === status).length;
  const awaitingReview = of('submitted');
  const approved = of('approved');
  return {
    total: plans.length,
    draft: of('draft'),
    awaitingReview,
    approved,
    changesRequested: of('changes_requested'),
    submitted: awaitingReview + approved,
  };
}

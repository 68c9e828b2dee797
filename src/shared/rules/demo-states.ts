import { WIZARD_STEP_PERCENT } from '../constants.ts';

/**
 * The states of the static demo screens (product.md §4): agent and deliverable statuses, the
 * create-task wizard's steps and progress, and the AI output review.
 */

export const AGENT_STATUSES = ['active', 'standby', 'maintenance'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

const AGENT_STATUS_LABELS: Record<AgentStatus, string> = {
  active: 'Active',
  standby: 'Standby',
  maintenance: 'Maintenance',
};

/** Any status outside the three shows 'Unknown'. */
export function agentStatusLabel(status: string): string {
  return (AGENT_STATUSES as readonly string[]).includes(status) ? AGENT_STATUS_LABELS[status as AgentStatus] : 'Unknown';
}

export const DELIVERABLE_STATUSES = ['completed', 'in_review', 'pending', 'overdue'] as const;
export type DeliverableStatus = (typeof DELIVERABLE_STATUSES)[number];

export const DELIVERABLE_STATUS_LABELS: Record<DeliverableStatus, string> = {
  completed: 'Completed',
  in_review: 'In Review',
  pending: 'Pending',
  overdue: 'Overdue',
};

export const TASK_DEPARTMENTS = ['compliance', 'risk', 'legal', 'operations'] as const;
export type TaskDepartment = (typeof TASK_DEPARTMENTS)[number];

export const WIZARD_STEPS = [1, 2, 3] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];
export function wizardProgress(step: WizardStep): number {
  return Math.round(step * WIZARD_STEP_PERCENT * 100) / 100;
}

/** What the AI classification of the demo task always concludes (product.md §4). */
export const WIZARD_DEMO_RESULT = { priority: 'High', complexity: 'Medium', estimate: '5-7 days' } as const;

export const AI_OUTPUT_STATUSES = ['pending_review', 'approved', 'rejected'] as const;
export type AiOutputStatus = (typeof AI_OUTPUT_STATUSES)[number];
export type ReviewDecision = 'approve' | 'reject';

/** Only a pending output can be decided; a decision is final until 'Review Another Output'. */
export function reviewOutput(status: AiOutputStatus, decision: ReviewDecision): AiOutputStatus {
  if (status !== 'pending_review') return status;
  return decision === 'approve' ? 'approved' : 'rejected';
}

/** Approved work goes on to final delivery; rejected work goes back to the agent for revision. */
export function reviewOutcome(status: AiOutputStatus): string | null {
  if (status === 'approved') return 'Approved: sent to final delivery';
  if (status === 'rejected') return 'Rejected: sent back for revision';
  return null;
}

import type { PlanStatus, StepStatus } from '../../../shared/schemas/assistant-plans.ts';

/** How plan fields read on screen. */
export const PRIORITY_LABELS: Record<number, string> = { 1: 'Urgent', 2: 'High', 3: 'Normal', 4: 'Low', 5: 'Someday' };

export function priorityLabel(priority: number): string {
  return `${PRIORITY_LABELS[priority] ?? 'Normal'} (P${priority})`;
}

export function categoryLabel(category: string): string {
  const text = category.replaceAll(/[_-]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const PLAN_STATUS_LABELS: Record<PlanStatus, string> = {
  draft: 'Draft',
  submitted: 'Awaiting review',
  approved: 'Approved',
  changes_requested: 'Changes requested',
};
export const PLAN_STATUS_TONES = {
  draft: 'info',
  submitted: 'neutral',
  approved: 'green',
  changes_requested: 'yellow',
} as const satisfies Record<PlanStatus, string>;
export const STEP_STATUS_LABELS: Record<StepStatus, string> = { pending: 'Pending', in_progress: 'In progress', completed: 'Completed' };

export const stepCount = (count: number) => `${count} ${count === 1 ? 'step' : 'steps'}`;

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

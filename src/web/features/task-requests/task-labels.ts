import type { DeliverableStatus } from '../../../shared/schemas/deliverables.ts';
import type { TaskComplexity, TaskPriority, TaskStatus } from '../../../shared/schemas/task-requests.ts';
import { formatUtcDay, parseUtcDay } from '../../lib/utc-dates.ts';

/** How task-request fields read on screen; the label always says the state, the tone only helps. */
export const TASK_STATUS_TONES = {
  queued: 'neutral',
  in_progress: 'info',
  in_review: 'yellow',
  delivered: 'green',
  failed: 'red',
  cancelled: 'neutral',
} as const satisfies Record<TaskStatus, string>;

export const PRIORITY_LABELS: Record<TaskPriority, string> = { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' };
export const PRIORITY_TONES = {
  low: 'neutral',
  medium: 'info',
  high: 'yellow',
  critical: 'red',
} as const satisfies Record<TaskPriority, string>;
export const COMPLEXITY_LABELS: Record<TaskComplexity, string> = { low: 'Low', medium: 'Medium', high: 'High' };

export const DELIVERABLE_STATUS_LABELS: Record<DeliverableStatus, string> = {
  completed: 'Completed',
  in_review: 'In review',
  pending: 'Pending',
  overdue: 'Overdue',
};

export const estimateLabel = (min: number, max: number) => (min === max ? `${min} days` : `${min}-${max} days`);

/** 'Sep 25, 2026' in UTC (the server's dates), the same on the server-rendered page and in the browser. */
export const formatDay = (value: string) => formatUtcDay(parseUtcDay(value));

/** 'Sep 25, 2026, 14:05 UTC'. */
export function formatMoment(iso: string): string {
  const date = new Date(iso);
  return `${formatUtcDay(date)}, ${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')} UTC`;
}

export const isPastDue = (dueAt: string, status: TaskStatus) =>
  status !== 'delivered' && status !== 'cancelled' && new Date(dueAt).getTime() < Date.now();

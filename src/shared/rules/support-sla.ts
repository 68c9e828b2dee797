import type { SupportPriority, SupportSla } from '../schemas/support.ts';

/**
 * First-response targets of a support request by priority, in hours around the clock (not business
 * hours): the queue's SLA clock (docs/support.md).
 */
export const SUPPORT_FIRST_RESPONSE_HOURS: Record<SupportPriority, number> = {
  urgent: 4,
  high: 8,
  normal: 24,
  low: 48,
};

const HOUR_MS = 60 * 60 * 1000;

/** When our first answer is due for a request opened at `openedAt`. */
export function firstResponseDueAt(priority: SupportPriority, openedAt: Date): Date {
  return new Date(openedAt.getTime() + SUPPORT_FIRST_RESPONSE_HOURS[priority] * HOUR_MS);
}

/**
 * The clock's state: `due` (time left), `overdue` (no answer and the time has passed), `met` (answered
 * in time) or `missed` (answered late).
 */
export function supportSla(input: { dueAt: Date; firstResponseAt: Date | null }, now: Date): SupportSla {
  const dueAt = input.dueAt.toISOString();
  if (input.firstResponseAt) {
    return { state: input.firstResponseAt.getTime() <= input.dueAt.getTime() ? 'met' : 'missed', dueAt, remainingMs: null };
  }
  const remainingMs = input.dueAt.getTime() - now.getTime();
  return { state: remainingMs >= 0 ? 'due' : 'overdue', dueAt, remainingMs };
}

/** "3 h 20 min left", "45 min overdue", "2 d 4 h left": the clock in words. */
export function describeSla(sla: SupportSla): string {
  if (sla.state === 'met') return 'Answered in time';
  if (sla.state === 'missed') return 'Answered late';
  const remaining = Math.abs(sla.remainingMs ?? 0);
  const minutes = Math.floor(remaining / 60_000);
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const mins = minutes % 60;
  const words = days > 0 ? `${days} d ${hours} h` : hours > 0 ? `${hours} h ${mins} min` : `${mins} min`;
  return sla.state === 'due' ? `${words} left` : `${words} overdue`;
}

/**
 * The statutory clock of a privacy request (30 days from receipt), in words, for the staff screen:
 * while it is open, how long is left or how late it is; once handled, how the day it was handled
 * stands against the deadline. Whole calendar days in UTC, the way the due date was set.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;
const utcDay = (iso: string | Date) => {
  const date = new Date(iso);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
};

export interface DsarClock {
  text: string;
  tone: 'green' | 'yellow' | 'red' | 'neutral';
}

export function dsarClock(input: { dueAt: string; completedAt: string | null; now?: Date }): DsarClock {
  const due = utcDay(input.dueAt);
  if (input.completedAt) {
    const margin = Math.round((due - utcDay(input.completedAt)) / DAY_MS);
    if (margin > 0) return { text: `Handled ${days(margin)} before the deadline`, tone: 'green' };
    if (margin === 0) return { text: 'Handled on the deadline day', tone: 'yellow' };
    return { text: `Handled ${days(-margin)} after the deadline`, tone: 'red' };
  }
  const left = Math.round((due - utcDay(input.now ?? new Date())) / DAY_MS);
  if (left > 7) return { text: `Due in ${days(left)}`, tone: 'neutral' };
  if (left > 0) return { text: `Due in ${days(left)}`, tone: 'yellow' };
  if (left === 0) return { text: 'Due today', tone: 'red' };
  return { text: `${days(-left)} overdue`, tone: 'red' };
}

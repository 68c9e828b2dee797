import type { Deliverable } from '../../../shared/schemas/deliverables.ts';
import { formatUtcDay } from '../../lib/utc-dates.ts';

/** 12.4 KB: a file size as people read it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** 'Completed Nov 20, 2026' once delivered; otherwise when it is due. */
export function deliverableDates(deliverable: Pick<Deliverable, 'completedDate' | 'dueDate'>): string {
  return deliverable.completedDate
    ? `Completed ${formatUtcDay(new Date(deliverable.completedDate))}`
    : `Due ${formatUtcDay(new Date(deliverable.dueDate))}`;
}

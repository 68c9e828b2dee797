import type { OutputStatus } from '../../../shared/schemas/reviews.ts';
import type { TaskPriority } from '../../../shared/schemas/task-requests.ts';
import type { BandColor } from '../../../shared/rules/score-bands.ts';

export const OUTPUT_STATUS_LABELS: Record<OutputStatus, { label: string; tone: 'info' | BandColor | 'neutral' }> = {
  pending_review: { label: 'Pending review', tone: 'info' },
  approved: { label: 'Approved', tone: 'green' },
  rejected: { label: 'Returned for revision', tone: 'red' },
  superseded: { label: 'Replaced by an edit', tone: 'neutral' },
};

export const PRIORITY_LABELS: Record<TaskPriority, string> = { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' };

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  });
}

/** 'May 2026' for '2026-05' (UTC). */
export function formatMonth(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** '+2.4', '−1.0', '0': a trend with its sign, for text next to an arrow. */
export function formatTrend(trend: number): string {
  if (trend > 0) return `+${trend.toFixed(1)}`;
  if (trend < 0) return `−${Math.abs(trend).toFixed(1)}`;
  return '0.0';
}

import type { SlaState, SupportPriority, SupportStatus } from '../../../shared/schemas/support.ts';

type Tone = 'neutral' | 'info' | 'green' | 'yellow' | 'red';

export const STATUS_TONES: Record<SupportStatus, Tone> = {
  open: 'info',
  in_progress: 'yellow',
  waiting_on_client: 'info',
  resolved: 'green',
  closed: 'neutral',
};

export const PRIORITY_TONES: Record<SupportPriority, Tone> = { low: 'neutral', normal: 'neutral', high: 'yellow', urgent: 'red' };

export const SLA_TONES: Record<SlaState, Tone> = { due: 'info', overdue: 'red', met: 'green', missed: 'yellow' };

/** "27 Nov 2026, 14:05 UTC". */
export function formatSupportMoment(iso: string): string {
  const date = new Date(iso);
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return `${day}, ${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')} UTC`;
}

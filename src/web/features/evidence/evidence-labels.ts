import type { EvidenceState } from '../../../shared/schemas/programme-statuses.ts';

export const EVIDENCE_STATE_LABELS: Record<EvidenceState, string> = {
  current: 'Current',
  expiring: 'Expiring soon',
  stale: 'Stale',
};

export const EVIDENCE_STATE_TONES: Record<EvidenceState, 'green' | 'yellow' | 'red'> = {
  current: 'green',
  expiring: 'yellow',
  stale: 'red',
};

/** A collected-at day from a date field: today means now (the server's clock), another day its midnight UTC. */
export function collectedAtOf(day: string, today = new Date().toISOString().slice(0, 10)): string | undefined {
  if (!day || day >= today) return undefined;
  return `${day}T00:00:00.000Z`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

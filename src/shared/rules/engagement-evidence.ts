/**
 * Which evidence counts for an audit engagement (docs/audit.md, "Evidence for the engagement"), the one
 * rule the server enforces (links, what auditors see, the PBC package) and the client's screen offers
 * from. An item counts when it had not expired when the period began and was collected either before
 * the period ended, or while the engagement runs (until the auditors' access ends) — the client's answer
 * to a flag — provided the period it says it covers, if it says one, overlaps the period under audit.
 */

const DAY_MS = 86_400_000;

export interface EngagementWindow {
  periodStart: string;
  periodEnd: string;
  accessEndsOn: string;
}

export interface EvidenceDates {
  collectedAt: Date | string;
  expiresAt: Date | string;
  periodStart: string | null;
  periodEnd: string | null;
}

/** The instants that bound it: the period's start, the day after the period, the day after access ends. */
export function engagementBounds(engagement: EngagementWindow): { start: Date; endExclusive: Date; accessEndExclusive: Date } {
  const dayAfter = (day: string) => new Date(new Date(`${day}T00:00:00Z`).getTime() + DAY_MS);
  return {
    start: new Date(`${engagement.periodStart}T00:00:00Z`),
    endExclusive: dayAfter(engagement.periodEnd),
    accessEndExclusive: dayAfter(engagement.accessEndsOn > engagement.periodEnd ? engagement.accessEndsOn : engagement.periodEnd),
  };
}

export function countsForEngagement(engagement: EngagementWindow, item: EvidenceDates): boolean {
  const { start, endExclusive, accessEndExclusive } = engagementBounds(engagement);
  const collectedAt = new Date(item.collectedAt);
  if (new Date(item.expiresAt) < start) return false;
  if (collectedAt < endExclusive) return true;
  const coversThePeriod =
    (item.periodStart === null || item.periodStart <= engagement.periodEnd) &&
    (item.periodEnd === null || item.periodEnd >= engagement.periodStart);
  return collectedAt < accessEndExclusive && coversThePeriod;
}

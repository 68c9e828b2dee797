import { describe, expect, it } from 'vitest';
import { countsForEngagement } from './engagement-evidence.ts';

const engagement = { periodStart: '2026-01-01', periodEnd: '2026-06-30', accessEndsOn: '2026-09-30' };
const item = (collectedAt: string, expiresAt: string, covers: [string | null, string | null] = [null, null]) => ({
  collectedAt: `${collectedAt}T12:00:00Z`,
  expiresAt: `${expiresAt}T00:00:00Z`,
  periodStart: covers[0],
  periodEnd: covers[1],
});

describe('evidence that counts for an engagement', () => {
  it('counts what was in force during the period', () => {
    expect(countsForEngagement(engagement, item('2026-03-01', '2026-12-31'))).toBe(true);
    expect(countsForEngagement(engagement, item('2026-06-30', '2027-06-30'))).toBe(true);
  });

  it('counts what the client collects during the engagement, to answer a flag (issue 32)', () => {
    expect(countsForEngagement(engagement, item('2026-08-15', '2027-08-15'))).toBe(true);
    expect(countsForEngagement(engagement, item('2026-09-30', '2027-09-30'))).toBe(true);
  });

  it('does not count what expired before the period, came after the auditors’ access, or covers another period', () => {
    expect(countsForEngagement(engagement, item('2025-01-01', '2025-12-31'))).toBe(false);
    expect(countsForEngagement(engagement, item('2026-10-01', '2027-10-01'))).toBe(false);
    expect(countsForEngagement(engagement, item('2026-08-15', '2027-08-15', ['2026-07-01', '2026-07-31']))).toBe(false);
    expect(countsForEngagement(engagement, item('2026-08-15', '2027-08-15', ['2026-05-01', '2026-07-31']))).toBe(true);
  });
});

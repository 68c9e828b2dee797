import { describe, expect, it } from 'vitest';
import { DELIVERABLE_STATUS_LABELS, agentStatusLabel, reviewOutcome, reviewOutput, wizardProgress } from './demo-states.ts';

describe('agent statuses (product.md §4)', () => {
  it('labels the three statuses and anything else as Unknown', () => {
    expect(agentStatusLabel('active')).toBe('Active');
    expect(agentStatusLabel('standby')).toBe('Standby');
    expect(agentStatusLabel('maintenance')).toBe('Maintenance');
    expect(agentStatusLabel('offline')).toBe('Unknown');
    expect(agentStatusLabel('')).toBe('Unknown');
    expect(agentStatusLabel('toString')).toBe('Unknown');
  });
});

describe('deliverable statuses', () => {
  it('are completed, in_review, pending and overdue', () => {
    expect(Object.keys(DELIVERABLE_STATUS_LABELS)).toEqual(['completed', 'in_review', 'pending', 'overdue']);
  });
});

describe('the create-task wizard progress (step × 33.33)', () => {
  it.each([
    [1, 33.33],
    [2, 66.66],
    [3, 99.99],
  ] as const)('step %d is %d%%', (step, percent) => {
    expect(wizardProgress(step)).toBe(percent);
  });
});

describe('AI output review', () => {
  it('moves a pending output to approved or rejected', () => {
    expect(reviewOutput('pending_review', 'approve')).toBe('approved');
    expect(reviewOutput('pending_review', 'reject')).toBe('rejected');
  });

  it('does not change a decided output', () => {
    expect(reviewOutput('approved', 'reject')).toBe('approved');
    expect(reviewOutput('rejected', 'approve')).toBe('rejected');
  });

  it('sends approved work to final delivery and rejected work back for revision', () => {
    expect(reviewOutcome('approved')).toBe('Approved: sent to final delivery');
    expect(reviewOutcome('rejected')).toBe('Rejected: sent back for revision');
    expect(reviewOutcome('pending_review')).toBeNull();
  });
});

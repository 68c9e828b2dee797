import { describe, expect, it } from 'vitest';
import { leadInterestLevel, leadUrgency, qualifyLead } from './lead-qualification.ts';

describe('lead interest level (product.md §9)', () => {
  it.each([
    ['enterprise', 'high'],
    ['scale', 'medium'],
    ['growth', 'medium'],
    ['essential', 'low'],
    ['learn-more', 'low'],
    [undefined, 'low'],
    [null, 'low'],
  ] as const)('%s is %s', (interest, level) => {
    expect(leadInterestLevel(interest)).toBe(level);
  });
});

describe('lead urgency (product.md §9)', () => {
  it.each([
    ['This is urgent, audit next week', 'high'],
    ['URGENT', 'high'],
    ['Urgently need SOC 2', 'high'],
    ['We need help soon', 'normal'],
    ['', 'normal'],
    [undefined, 'normal'],
  ] as const)('%j is %s', (message, urgency) => {
    expect(leadUrgency(message)).toBe(urgency);
  });

  it('combines both', () => {
    expect(qualifyLead({ interest: 'enterprise', message: 'Urgent: board meeting' })).toEqual({
      interestLevel: 'high',
      urgency: 'high',
    });
    expect(qualifyLead({})).toEqual({ interestLevel: 'low', urgency: 'normal' });
  });
});

import { describe, expect, it } from 'vitest';
import { nextOccurrence, occurrencesBetween, wallTimeToInstant } from './schedule.ts';

describe('schedules in the organization’s time zone', () => {
  it('keeps 09:00 local across the spring and autumn daylight-saving changes (Europe/Paris)', () => {
    const weekly = { rrule: 'FREQ=WEEKLY;BYDAY=MO', start: '2026-03-16T09:00' };
    const spring = occurrencesBetween(weekly, 'Europe/Paris', new Date('2026-03-15T00:00:00Z'), new Date('2026-04-07T00:00:00Z'));
    // 29 March 2026: clocks go forward; 09:00 is 08:00 UTC before, 07:00 UTC after.
    expect(spring.map((date) => date.toISOString())).toEqual([
      '2026-03-16T08:00:00.000Z',
      '2026-03-23T08:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
      '2026-04-06T07:00:00.000Z',
    ]);
    const autumn = occurrencesBetween(weekly, 'Europe/Paris', new Date('2026-10-19T00:00:00Z'), new Date('2026-11-03T00:00:00Z'));
    expect(autumn.map((date) => date.toISOString())).toEqual([
      '2026-10-19T07:00:00.000Z',
      '2026-10-26T08:00:00.000Z',
      '2026-11-02T08:00:00.000Z',
    ]);
  });

  it('does the same in America/New_York, and the next occurrence crosses the change', () => {
    const daily = { rrule: 'FREQ=DAILY', start: '2026-03-06T09:30' };
    // 8 March 2026: US clocks go forward.
    expect(nextOccurrence(daily, 'America/New_York', new Date('2026-03-07T15:00:00Z'))?.toISOString()).toBe('2026-03-08T13:30:00.000Z');
    expect(nextOccurrence(daily, 'America/New_York', new Date('2026-03-06T14:29:00Z'))?.toISOString()).toBe('2026-03-06T14:30:00.000Z');
  });

  it('moves a wall-clock time the change skips forward by the gap', () => {
    expect(wallTimeToInstant(new Date('2026-03-29T02:30:00Z'), 'Europe/Paris').toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('expands monthly and yearly rules in UTC by default, and ends with the rule', () => {
    const monthly = occurrencesBetween(
      { rrule: 'FREQ=MONTHLY;BYMONTHDAY=1;COUNT=3', start: '2026-01-01T09:00' },
      'UTC',
      new Date('2025-12-01T00:00:00Z'),
      new Date('2027-01-01T00:00:00Z'),
    );
    expect(monthly.map((date) => date.toISOString())).toEqual([
      '2026-01-01T09:00:00.000Z',
      '2026-02-01T09:00:00.000Z',
      '2026-03-01T09:00:00.000Z',
    ]);
    expect(
      nextOccurrence({ rrule: 'FREQ=MONTHLY;COUNT=1', start: '2026-01-01T09:00' }, 'UTC', new Date('2026-06-01T00:00:00Z')),
    ).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { scheduleWords } from './schedule-words.ts';
import { triggerWords } from './workflow-words.ts';

describe('a schedule in words', () => {
  it.each([
    ['FREQ=HOURLY', 'Every hour'],
    ['RRULE:FREQ=DAILY', 'Every day'],
    ['FREQ=WEEKLY', 'Every week'],
    ['FREQ=MONTHLY;INTERVAL=3', 'Every quarter'],
    ['FREQ=HOURLY;INTERVAL=6', 'Every 6 hours'],
    ['FREQ=WEEKLY;BYDAY=MO,WE,FR', 'Every week on Monday, Wednesday and Friday'],
    ['FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1', 'Every month on the first Monday'],
    ['FREQ=MONTHLY;BYDAY=-1FR', 'Every month on the last Friday'],
    ['FREQ=MONTHLY;BYMONTHDAY=15', 'Every month on the 15th'],
    ['FREQ=YEARLY;BYMONTH=1,7;BYMONTHDAY=1', 'Every year in January and July on the 1st'],
    ['FREQ=DAILY;COUNT=5', 'Every day, 5 times'],
    ['FREQ=WEEKLY;UNTIL=20271231T000000Z', 'Every week, until 2027-12-31'],
  ])('%s reads "%s"', (rule, words) => {
    expect(scheduleWords(rule)).toBe(words);
  });

  it('shows a rule it cannot put into words as a custom schedule, rule included', () => {
    expect(scheduleWords('FREQ=WEEKLY;BYHOUR=9')).toBe('Custom schedule (FREQ=WEEKLY;BYHOUR=9)');
    expect(scheduleWords('FREQ=FORTNIGHTLY')).toBe('Custom schedule (FREQ=FORTNIGHTLY)');
  });

  it('is what a scheduled workflow shows as its trigger', () => {
    expect(triggerWords({ kind: 'schedule', rrule: 'FREQ=HOURLY', start: '2026-12-01T09:00' })).toBe('Schedule: Every hour');
  });
});

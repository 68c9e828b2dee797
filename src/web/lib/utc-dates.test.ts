import { describe, expect, it } from 'vitest';
import { formatUtcDay, formatUtcDayMonthYear, formatUtcDayTime, parseUtcDay } from './utc-dates.ts';

// Every month, the first and last day, midnight and the last minute, either side of a leap day.
const samples = Array.from({ length: 12 }, (_, month) => [
  new Date(Date.UTC(2026, month, 1, 0, 0)),
  new Date(Date.UTC(2026, month + 1, 0, 23, 59)),
  new Date(Date.UTC(2028, month, 9, 9, 5)),
]).flat();

const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options });

describe('UTC dates without Intl', () => {
  it("formats a day as Intl's en-US short and long month formats do", () => {
    const short = intl({ month: 'short', day: 'numeric', year: 'numeric' });
    const long = intl({ month: 'long', day: 'numeric', year: 'numeric' });
    for (const date of samples) {
      expect(formatUtcDay(date)).toBe(short.format(date));
      expect(formatUtcDay(date, 'long')).toBe(long.format(date));
    }
    expect(formatUtcDay(new Date('2026-09-25T23:30:00-05:00'))).toBe('Sep 26, 2026');
  });

  it("formats a day and 24-hour time as Intl's en-US format does", () => {
    const dayTime = intl({ month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    for (const date of samples) expect(formatUtcDayTime(date)).toBe(dayTime.format(date));
    expect(formatUtcDayTime(new Date('2026-01-05T00:03:00Z'))).toBe('Jan 5, 00:03');
  });

  it("formats a day month-first as Intl's en-GB long format does (the content pages' dates)", () => {
    const british = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
    for (const date of samples) expect(formatUtcDayMonthYear(date)).toBe(british.format(date));
  });

  it('reads a day as midnight UTC and a timestamp as written', () => {
    expect(parseUtcDay('2026-09-25').toISOString()).toBe('2026-09-25T00:00:00.000Z');
    expect(parseUtcDay('2026-09-25T23:30:00-05:00').toISOString()).toBe('2026-09-26T04:30:00.000Z');
    expect(Number.isNaN(parseUtcDay('soon').getTime())).toBe(true);
  });
});

import { formatUtcDayMonthYear, parseUtcDay } from '../../lib/utc-dates.ts';

/**
 * `2026-11-02` → `2 November 2026`. Written out without Intl so the prerendered HTML and the
 * hydrated page always agree, whatever locale the build machine or browser has.
 */
export function formatDay(day: string): string {
  return formatUtcDayMonthYear(parseUtcDay(day));
}

/**
 * Dates in fixed formats, in UTC and English (so the prerendered HTML and the browser always
 * agree), written without Intl: the first `Intl.DateTimeFormat` a page creates costs Chromium
 * ~12 ms of locale set-up, four times that on a mid-range phone, in the task that creates it.
 * The output equals Intl's (utc-dates.test.ts compares them).
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const monthName = (date: Date, style: 'short' | 'long') => {
  const name = MONTHS[date.getUTCMonth()] ?? '';
  return style === 'short' ? name.slice(0, 3) : name;
};
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A day (`2026-09-25`) as midnight UTC; anything else (a full timestamp) as written. */
export function parseUtcDay(value: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
}

/** 'Sep 25, 2026' (short) or 'September 25, 2026' (long). */
export function formatUtcDay(date: Date, month: 'short' | 'long' = 'short'): string {
  return `${monthName(date, month)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** '25 September 2026': day first, month in full, as the content pages date themselves. */
export function formatUtcDayMonthYear(date: Date): string {
  return `${date.getUTCDate()} ${monthName(date, 'long')} ${date.getUTCFullYear()}`;
}

/** 'Sep 25, 14:33': day and 24-hour time, no year. */
export function formatUtcDayTime(date: Date): string {
  return `${monthName(date, 'short')} ${date.getUTCDate()}, ${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}`;
}

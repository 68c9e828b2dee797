import { formatUtcDay, formatUtcDayTime, parseUtcDay } from '../../lib/utc-dates.ts';

/**
 * Dates of the sample data, formatted the same in the prerendered HTML and in the browser
 * (a fixed locale and UTC, so hydration never disagrees with the build machine).
 */

export function formatDay(isoDate: string): string {
  return formatUtcDay(parseUtcDay(isoDate));
}

export function formatDateTime(iso: string): string {
  return `${formatUtcDayTime(new Date(iso))} UTC`;
}

/**
 * Dates of the sample data, formatted the same in the prerendered HTML and in the browser
 * (a fixed locale and UTC, so hydration never disagrees with the build machine).
 */
const dayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

export function formatDay(isoDate: string): string {
  return dayFormat.format(new Date(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate));
}

export function formatDateTime(iso: string): string {
  return `${dateTimeFormat.format(new Date(iso))} UTC`;
}

/**
 * An RRULE in words ("FREQ=HOURLY" → "Every hour"), for the workflow lists and the builder. It covers
 * what the builder offers (the presets and the common custom rules: INTERVAL, BYDAY with or without a
 * position, BYMONTHDAY, BYMONTH, COUNT, UNTIL); a rule it cannot say in words is shown as "Custom
 * schedule" with the rule itself, never silently misread.
 */

const UNITS: Record<string, [one: string, many: string]> = {
  MINUTELY: ['minute', 'minutes'],
  HOURLY: ['hour', 'hours'],
  DAILY: ['day', 'days'],
  WEEKLY: ['week', 'weeks'],
  MONTHLY: ['month', 'months'],
  YEARLY: ['year', 'years'],
};

const DAYS: Record<string, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const KNOWN = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'BYSETPOS', 'BYMONTHDAY', 'BYMONTH', 'COUNT', 'UNTIL', 'WKST']);

function ordinal(position: number): string | null {
  if (position === -1) return 'last';
  return ['first', 'second', 'third', 'fourth', 'fifth'][position - 1] ?? null;
}

function dayOfMonth(day: number): string | null {
  if (day === -1) return 'the last day';
  if (!Number.isInteger(day) || day < 1 || day > 31) return null;
  const suffix = day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th';
  return `the ${day}${suffix}`;
}

function list(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`;
}

/** "MO,WE" → "Monday and Wednesday"; "1MO" or BYSETPOS=1 → "the first Monday"; null when it is not a weekday list. */
function dayWords(byDay: string, setPos: number | null): string | null {
  const words: string[] = [];
  for (const part of byDay.split(',')) {
    const match = /^([+-]?\d)?(MO|TU|WE|TH|FR|SA|SU)$/.exec(part);
    if (!match?.[2]) return null;
    const position = match[1] ? Number(match[1]) : setPos;
    const day = DAYS[match[2]] ?? match[2];
    if (position === null) {
      words.push(day);
      continue;
    }
    const nth = ordinal(position);
    if (!nth) return null;
    words.push(`the ${nth} ${day}`);
  }
  return list(words);
}

function customWords(rrule: string): string {
  return `Custom schedule (${rrule})`;
}

export function scheduleWords(rawRule: string): string {
  const rrule = rawRule
    .trim()
    .replace(/^RRULE:/i, '')
    .toUpperCase();
  const parts = new Map<string, string>();
  for (const pair of rrule.split(';').filter(Boolean)) {
    const [key, value] = pair.split('=');
    if (!key || !value || !KNOWN.has(key)) return customWords(rrule);
    parts.set(key, value);
  }
  const unit = UNITS[parts.get('FREQ') ?? ''];
  const interval = Number(parts.get('INTERVAL') ?? '1');
  if (!unit || !Number.isInteger(interval) || interval < 1) return customWords(rrule);

  let words =
    parts.get('FREQ') === 'MONTHLY' && interval === 3
      ? 'Every quarter'
      : interval === 1
        ? `Every ${unit[0]}`
        : `Every ${interval} ${unit[1]}`;

  const byMonth = parts.get('BYMONTH');
  if (byMonth) {
    const months = byMonth.split(',').map((month) => MONTHS[Number(month) - 1]);
    if (months.some((month) => month === undefined)) return customWords(rrule);
    words += ` in ${list(months as string[])}`;
  }
  const byDay = parts.get('BYDAY');
  if (byDay) {
    const setPos = parts.has('BYSETPOS') ? Number(parts.get('BYSETPOS')) : null;
    const days = dayWords(byDay, setPos);
    if (!days) return customWords(rrule);
    words += ` on ${days}`;
  } else if (parts.has('BYSETPOS')) {
    return customWords(rrule);
  }
  const byMonthDay = parts.get('BYMONTHDAY');
  if (byMonthDay) {
    const days = byMonthDay.split(',').map((day) => dayOfMonth(Number(day)));
    if (days.some((day) => day === null)) return customWords(rrule);
    words += ` on ${list(days as string[])}`;
  }
  const count = parts.get('COUNT');
  if (count) words += Number(count) === 1 ? ', once' : `, ${count} times`;
  const until = parts.get('UNTIL');
  if (until) {
    const match = /^(\d{4})(\d{2})(\d{2})/.exec(until);
    if (!match) return customWords(rrule);
    words += `, until ${match[1]}-${match[2]}-${match[3]}`;
  }
  return words;
}

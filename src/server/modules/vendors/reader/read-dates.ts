/**
 * Dates as reports write them: "January 1, 2024", "1 January 2024", "Jan. 1, 2024", "1st January
 * 2024", "31-Mar-2025", "2024-01-01", "01/31/2024" (month first unless the first number is over 12)
 * and "31.01.2024" (day first, as in Europe). Each found date is given as YYYY-MM-DD with its place.
 */

export interface FoundDate {
  iso: string;
  index: number;
  end: number;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
const DAY = String.raw`(\d{1,2})(?:st|nd|rd|th)?`;

const PATTERNS: { regex: RegExp; parts: (match: RegExpExecArray) => [number, number, number] | null }[] = [
  { regex: new RegExp(String.raw`\b${MONTH}\s+${DAY},?\s+(\d{4})\b`, 'gi'), parts: (m) => [Number(m[3]), monthNumber(m[1]), Number(m[2])] },
  {
    regex: new RegExp(String.raw`\b${DAY}(?:\s+of)?[\s-]+${MONTH},?[\s-]+(\d{4})\b`, 'gi'),
    parts: (m) => [Number(m[3]), monthNumber(m[2]), Number(m[1])],
  },
  { regex: /\b(\d{4})-(\d{2})-(\d{2})\b/g, parts: (m) => [Number(m[1]), Number(m[2]), Number(m[3])] },
  {
    regex: /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g,
    parts: (m) => (Number(m[1]) > 12 ? [Number(m[3]), Number(m[2]), Number(m[1])] : [Number(m[3]), Number(m[1]), Number(m[2])]),
  },
  { regex: /\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b/g, parts: (m) => [Number(m[3]), Number(m[2]), Number(m[1])] },
];

function monthNumber(name: string | undefined): number {
  return MONTHS.indexOf((name ?? '').slice(0, 3).toLowerCase()) + 1;
}

function valid([year, month, day]: [number, number, number]): string | null {
  if (year < 1990 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** Every date in a text, in order of appearance (overlapping readings keep the earliest, longest). */
export function findDates(text: string): FoundDate[] {
  const found: FoundDate[] = [];
  for (const { regex, parts } of PATTERNS) {
    regex.lastIndex = 0;
    for (let match = regex.exec(text); match; match = regex.exec(text)) {
      const value = parts(match);
      const iso = value && valid(value);
      if (iso) found.push({ iso, index: match.index, end: match.index + match[0].length });
    }
  }
  found.sort((a, b) => a.index - b.index || b.end - a.end);
  return found.filter((date, at) => !found.slice(0, at).some((other) => date.index < other.end && date.end > other.index));
}

const RANGE_JOIN = /^\s*,?\s*(?:-|–|—|to|through|thru|until|till|and ending(?: on)?|and|ending)\s*$/i;

/** The first "date to date" in a text, the first date earlier than the second. */
export function findDateRange(text: string): { start: string; end: string } | null {
  const dates = findDates(text);
  for (let index = 0; index + 1 < dates.length; index++) {
    const [from, to] = [dates[index] as FoundDate, dates[index + 1] as FoundDate];
    if (RANGE_JOIN.test(text.slice(from.end, to.index)) && from.iso < to.iso) return { start: from.iso, end: to.iso };
  }
  return null;
}

/** The date right after a phrase such as "as of" or "valid until" (within a few characters). */
export function dateAfter(text: string, phrase: RegExp): string | null {
  const source = new RegExp(phrase.source, phrase.flags.replace('g', '') + 'g');
  const dates = findDates(text);
  for (let match = source.exec(text); match; match = source.exec(text)) {
    const after = match.index + match[0].length;
    const date = dates.find((candidate) => candidate.index >= after && candidate.index - after <= 6);
    if (date) return date.iso;
  }
  return null;
}

/** A block that is a date and little else (a letter's date line, "Date: 15 March 2025"). */
export function dateLine(text: string): string | null {
  const dates = findDates(text);
  const only = dates[0];
  if (dates.length !== 1 || !only) return null;
  const rest = (text.slice(0, only.index) + text.slice(only.end)).replace(/^\s*(?:date[ds]?|dated)\s*:?/i, '').trim();
  return rest.length <= 3 ? only.iso : null;
}

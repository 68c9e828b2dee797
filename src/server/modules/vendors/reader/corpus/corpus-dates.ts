/** Dates written the ways vendors' reports write them. */

export const DATE_STYLES = ['long_us', 'long_uk', 'iso', 'slash_us', 'dotted', 'short_us', 'ordinal'] as const;
export type DateStyle = (typeof DATE_STYLES)[number];

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function formatDate(iso: string, style: DateStyle): string {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  const name = MONTHS[month - 1] ?? '';
  const pad = (value: number) => String(value).padStart(2, '0');
  switch (style) {
    case 'long_us': {
      return `${name} ${day}, ${year}`;
    }
    case 'long_uk': {
      return `${day} ${name} ${year}`;
    }
    case 'iso': {
      return iso;
    }
    case 'slash_us': {
      return `${pad(month)}/${pad(day)}/${year}`;
    }
    case 'dotted': {
      return `${pad(day)}.${pad(month)}.${year}`;
    }
    case 'short_us': {
      return `${name.slice(0, 3)}. ${day}, ${year}`;
    }
    case 'ordinal': {
      const suffix = day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th';
      return `${day}${suffix} ${name} ${year}`;
    }
  }
}

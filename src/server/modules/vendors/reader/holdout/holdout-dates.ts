/** The date styles the held-out reports write (their readers must understand every one). */
export type DateStyle = 'us' | 'dayMonth' | 'numeric' | 'iso' | 'usComma';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function formatDate(iso: string, style: DateStyle): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const month = MONTHS[m - 1] ?? '';
  switch (style) {
    case 'us':
    case 'usComma':
      return `${month} ${d}, ${y}`;
    case 'dayMonth':
      return `${d} ${month} ${y}`;
    case 'numeric':
      return `${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}/${y}`;
    case 'iso':
      return iso;
  }
}

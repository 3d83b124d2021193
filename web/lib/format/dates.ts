// British dates whatever the browser's language: '12 Mar 2026', '12 March 2026', '12 Mar 2026, 14:05',
// in the device's time zone. Written by hand as `Intl.DateTimeFormat('en-GB')` writes them (the
// test compares the two for every month): the first Intl formatter a page makes loads the
// browser's locale data, about 20 ms of main thread inside the first render of a post card.

const shortMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const longMonths = [
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
];

function parsed(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');
const shortDate = (date: Date) => `${date.getDate()} ${shortMonths[date.getMonth()]} ${date.getFullYear()}`;

/** '12 Mar 2026', for rows and lists; an unknown date reads as a dash. */
export function formatShortDate(iso: string | null | undefined): string {
  const date = parsed(iso);
  return date ? shortDate(date) : '—';
}

/** '12 March 2026'; an unknown date reads as a dash. */
export function formatLongDate(iso: string | null | undefined): string {
  const date = parsed(iso);
  return date ? `${date.getDate()} ${longMonths[date.getMonth()]} ${date.getFullYear()}` : '—';
}

/** '12 Mar 2026, 14:05': a date with its time, for a message or a post's full date. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parsed(iso);
  return date ? `${shortDate(date)}, ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}` : '—';
}

// The earnings chart's days and months: calendar days the server counts in UTC ('2026-11-24'),
// written the British way whatever the browser's language.
const utcStyles = {
  day: { day: 'numeric', month: 'short' },
  longDay: { day: 'numeric', month: 'short', year: 'numeric' },
  month: { month: 'short', year: 'numeric' },
  longMonth: { month: 'long', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

// Made on first use: a formatter takes a few milliseconds to make.
const utcFormats = new Map<keyof typeof utcStyles, Intl.DateTimeFormat>();

function utcFormat(day: string, style: keyof typeof utcStyles): string {
  let format = utcFormats.get(style);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { ...utcStyles[style], timeZone: 'UTC' });
    utcFormats.set(style, format);
  }
  return format.format(new Date(`${day}T00:00:00Z`));
}

/** A UTC calendar day: '24 Nov' (short), '24 Nov 2026' (long). */
export function formatUtcDay(day: string, length: 'short' | 'long'): string {
  return utcFormat(day, length === 'short' ? 'day' : 'longDay');
}

/** The UTC month of a calendar day: 'Nov 2026' (short), 'November 2026' (long). */
export function formatUtcMonth(day: string, length: 'short' | 'long'): string {
  return utcFormat(day, length === 'short' ? 'month' : 'longMonth');
}

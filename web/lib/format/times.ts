// British times whatever the browser's language, for the pages that show them (none of the first
// pages, so they live apart from format/dates.ts): '12 March 2026 at 14:05', '14:05'.
const timeStyles = {
  longDateTime: { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  clock: { hour: '2-digit', minute: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

// Made on first use: a formatter takes a few milliseconds to make.
const timeFormats = new Map<keyof typeof timeStyles, Intl.DateTimeFormat>();

function timeFormat(style: keyof typeof timeStyles): Intl.DateTimeFormat {
  let format = timeFormats.get(style);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', timeStyles[style]);
    timeFormats.set(style, format);
  }
  return format;
}

/** '12 March 2026 at 14:05', for a payment's details; an unknown date reads as a dash. */
export function formatLongDateTime(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? timeFormat('longDateTime').format(date) : '—';
}

/** '14:05': a time later today, such as when an emailed code runs out. */
export function formatClockTime(iso: string): string {
  return timeFormat('clock').format(new Date(iso));
}

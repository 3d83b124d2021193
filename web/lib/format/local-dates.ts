/**
 * Dates in the viewer's own language and order (the browser's locale), by where they show; the
 * examples are en-US. format/dates.ts writes British ones whatever the browser says.
 */
const localStyles = {
  /** 'Thu, Mar 12, 02:05 PM': when a queued post goes out. */
  weekdayTime: { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  /** 'Thursday, March 12, 2026 at 2:05 PM': when a post just scheduled goes out. */
  fullDateTime: { dateStyle: 'full', timeStyle: 'short' },
  /** 'Mar 12, 2026, 2:05 PM': when a poll ends. */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** 'Mar 12, 2026': an upload's day in the vault. */
  date: { dateStyle: 'medium' },
  /** '3/12/2026': an upload's day, read out in the vault picker. */
  numericDate: { year: 'numeric', month: 'numeric', day: 'numeric' },
  /** '2:05 PM': a chat message's time. */
  time: { hour: 'numeric', minute: '2-digit' },
  /** '3/12/2026, 2:05:09 PM': a chat message's exact time, on hover. */
  stamp: {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type LocalDateStyle = keyof typeof localStyles;

// Made on first use: a formatter takes a few milliseconds to make.
const localFormats = new Map<LocalDateStyle, Intl.DateTimeFormat>();

/** An instant in the viewer's own locale and time zone, in one of the styles above. */
export function formatLocalDate(iso: string, style: LocalDateStyle): string {
  let format = localFormats.get(style);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, localStyles[style]);
    localFormats.set(style, format);
  }
  return format.format(new Date(iso));
}
